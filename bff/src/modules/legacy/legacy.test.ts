// The old product's records: the admin's import (valid, repeated, broken and mixed files) and the lists a user with
// the legacy flag reads, on real PostgreSQL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { confirmedUser, uniqueEmail } from '../auth/test-helpers.ts';
import { DEMO_LEGACY_INVOICES } from './seed.ts';

const form = (kind: 'invoices' | 'payouts', text: string, name = `${kind}.csv`) => {
  const data = new FormData();
  data.set('kind', kind);
  data.set('file', new Blob([text], { type: 'text/csv' }), name);
  return data;
};

describe('legacy records', () => {
  let t: TestApp;
  let boss: ApiClient;
  let anna: { api: ApiClient; userId: string; email: string };
  let bo: { api: ApiClient; userId: string; email: string };

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    const admin = await confirmedUser(t, uniqueEmail('boss'));
    await t.sql(`update app_user set is_admin = true where id = $1`, [admin.userId]);
    boss = admin.api;
    anna = await confirmedUser(t, uniqueEmail('anna'));
    bo = await confirmedUser(t, uniqueEmail('bo'));
    await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [bo.userId]);
  });
  after(() => t.close());

  const count = async (table: string) => (await t.sql(`select count(*)::int as n from ${table}`)).rows[0].n as number;

  test('a valid file is imported once, links records by email or personal number, and gives the legacy flag', async () => {
    assert.equal((await anna.api.call('listLegacyInvoices')).body.code, 'legacy_not_enabled');
    const file = `Email,Personal Number,Number,Recipient,Paid,Invoice Date,Due Date,Total,Currency
${anna.email.toUpperCase()},,1001,Volvo AB,yes,2024-03-01,2024-03-31,"12,500.00",SEK
,811218-9876,2001,Ericsson AB,no,2024-05-10,2024-06-09,8000,
${anna.email},,1002,Beispiel GmbH,1,2025-01-15,2025-02-14,1000.50,EUR
${anna.email},,1003,Volvo AB,0,2025-02-01,2025-03-03,-2500,SEK
`;
    const res = await boss.call('importLegacyRecords', { form: form('invoices', file) });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(
      [res.body.kind, res.body.rows, res.body.created, res.body.alreadyPresent, res.body.accounts],
      ['invoices', 4, 4, 0, 2],
    );
    assert.match(res.body.fileSha256, /^[0-9a-f]{64}$/);

    const list = await anna.api.call('listLegacyInvoices', { query: { sort: 'number', order: 'asc' } });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.items.map((i: { number: string; total: number; currency: string; paid: boolean }) => [
        i.number,
        i.total,
        i.currency,
        i.paid,
      ]),
      [
        ['1001', 1250000, 'SEK', true],
        ['1002', 100050, 'EUR', true],
        ['1003', -250000, 'SEK', false],
      ],
    );
    assert.deepEqual(list.body.years, [
      { year: 2025, currency: 'EUR', count: 1, total: 100050, paidCount: 1, paidTotal: 100050 },
      { year: 2025, currency: 'SEK', count: 1, total: -250000, paidCount: 0, paidTotal: 0 },
      { year: 2024, currency: 'SEK', count: 1, total: 1250000, paidCount: 1, paidTotal: 1250000 },
    ]);
    const bos = await bo.api.call('listLegacyInvoices');
    assert.deepEqual(
      bos.body.items.map((i: { number: string }) => i.number),
      ['2001'],
    );
    const [audit] = (await t.sql(`select data from audit_event where action = 'legacy.imported'`)).rows;
    assert.equal(audit.data.created, 4);

    // The same file again: nothing changes, the earlier import answers.
    const before = await count('legacy_invoice');
    const again = await boss.call('importLegacyRecords', { form: form('invoices', file, 'renamed.csv') });
    assert.equal(again.status, 200);
    assert.equal(again.body.id, res.body.id);
    assert.equal(await count('legacy_invoice'), before);
    // A later export repeating those records with one more: only the new one is stored.
    const later = await boss.call('importLegacyRecords', {
      form: form('invoices', `${file}${anna.email},,1004,Volvo AB,yes,2025-06-01,2025-07-01,100,SEK\n`),
    });
    assert.deepEqual([later.status, later.body.created, later.body.alreadyPresent], [201, 1, 4]);
  });

  test('a broken file is refused with every bad line and its reason, and nothing of it is stored', async () => {
    const before = [await count('legacy_invoice'), await count('legacy_import')];
    const file = `email;personalNumber;number;recipient;paid;invoiceDate;dueDate;total
${anna.email};;5001;Good AB;ja;2024-01-01;2024-01-31;100,00
nobody-${Date.now()}@example.com;;5002;X AB;ja;2024-01-01;2024-01-31;100
${anna.email};;5003;X AB;kanske;2024-02-30;2024-01-31;12,345
;19811218-9877;5004;X AB;nej;2024-01-01;2024-01-31;1
${anna.email};811218-9876;5005;X AB;nej;2024-01-01;2024-01-31;1
${anna.email};;5001;Good AB;ja;2024-01-01;2024-01-31;100,00
${anna.email};;1001;Volvo AB;yes;2024-03-01;2024-03-31;999
`;
    const res = await boss.call('importLegacyRecords', { form: form('invoices', file) });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'legacy_file_rejected');
    assert.deepEqual(
      res.body.errors.map((e: { code: string; params: { line: number; column?: string } }) => [
        e.params.line,
        e.params.column,
        e.code,
      ]),
      [
        [3, 'email', 'user_not_found'],
        [4, 'paid', 'paid_invalid'],
        [4, 'invoiceDate', 'date_invalid'],
        [4, 'total', 'amount_invalid'],
        [5, 'personalNumber', 'personal_number_invalid'],
        [6, 'personalNumber', 'user_mismatch'],
        [7, 'number', 'duplicate_in_file'],
        [8, 'number', 'conflicts_with_imported'],
      ],
    );
    assert.deepEqual([await count('legacy_invoice'), await count('legacy_import')], before);
  });

  test('a mixed file (good lines and one bad) stores nothing either; a file of another kind is refused by its header', async () => {
    const before = await count('legacy_payout');
    const mixed = `email;createdDate;transactionDate;socialFees;taxMoney;netSalary;pensionTax;pensionDeposition
${anna.email};2024-01-20;2024-01-22;100;100;100;10;40
${anna.email};2024-02-20;2024-02-22;100;-5;100;10;40
`;
    const res = await boss.call('importLegacyRecords', { form: form('payouts', mixed) });
    assert.equal(res.status, 400);
    assert.deepEqual(
      res.body.errors.map((e: { code: string; params: { line: number } }) => [e.params.line, e.code]),
      [[3, 'amount_invalid']],
    );
    assert.equal(await count('legacy_payout'), before);

    const wrongKind = await boss.call('importLegacyRecords', { form: form('payouts', DEMO_LEGACY_INVOICES) });
    assert.equal(wrongKind.status, 400);
    assert.ok(wrongKind.body.errors.some((e: { code: string }) => e.code === 'column_unknown'));
  });

  test('payouts: identical lines stay two payouts, repeats count once, lists sort and total per year', async () => {
    const header = 'email;createdDate;transactionDate;socialFees;taxMoney;netSalary;pensionTax;pensionDeposition';
    const line = `${bo.email};2023-12-20;2024-01-02;9 426,00;9 000,00;21 000,00;327,51;1 350,00`;
    const file = `${header}\n${line}\n${line}\n${bo.email};2024-05-20;;3142,00;3000,00;7000,00;109,17;450,00\n`;
    const res = await boss.call('importLegacyRecords', { form: form('payouts', file) });
    assert.deepEqual([res.status, res.body.created], [201, 3]);
    const again = await boss.call('importLegacyRecords', { form: form('payouts', `${file}${line}\n`) });
    assert.deepEqual([again.body.created, again.body.alreadyPresent], [1, 3], 'a third identical payout is new');

    const list = await bo.api.call('listLegacyPayouts', { query: { sort: 'transactionDate', order: 'asc' } });
    assert.equal(list.body.page.total, 4);
    assert.deepEqual(
      list.body.items.map((p: { transactionDate: string | null }) => p.transactionDate),
      ['2024-01-02', '2024-01-02', '2024-01-02', null],
      'a payout not paid out sorts last',
    );
    assert.deepEqual(list.body.years, [
      {
        year: 2024,
        count: 4,
        socialFees: 3142 * 100 + 3 * 942600,
        taxMoney: 300000 + 3 * 900000,
        netSalary: 700000 + 3 * 2100000,
        pensionTax: 10917 + 3 * 32751,
        pensionDeposition: 45000 + 3 * 135000,
      },
    ]);
    const page2 = await bo.api.call('listLegacyPayouts', { query: { pageSize: 3, page: 2 } });
    assert.equal(page2.body.items.length, 1);
  });

  test('only accounts with the legacy flag read the lists; an impersonating admin reads them as the user', async () => {
    const stranger = await confirmedUser(t, uniqueEmail('stranger'));
    const res = await stranger.api.call('listLegacyPayouts');
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'legacy_not_enabled');
    const helper = await confirmedUser(t, uniqueEmail('helper'));
    await t.sql(`update app_user set is_admin = true where id = $1`, [helper.userId]);
    await helper.api.call('startImpersonation', { body: { userId: anna.userId } });
    const asAnna = await helper.api.call('listLegacyInvoices');
    assert.equal(asAnna.status, 200);
    assert.ok(asAnna.body.items.length >= 3);
    assert.equal((await helper.api.call('listLegacyImports')).status, 403);
  });

  test('the imports are listed for admins with who made them', async () => {
    const res = await boss.call('listLegacyImports');
    assert.equal(res.status, 200);
    assert.ok(res.body.page.total >= 4);
    assert.ok(res.body.items.every((i: { importedBy: { email: string } }) => i.importedBy.email.startsWith('boss')));
  });
});
