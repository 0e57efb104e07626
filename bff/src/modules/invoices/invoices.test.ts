// API tests of the invoices module against real PostgreSQL: every response is checked against the contract.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { findLatePaymentInterestRate } from '../../domain/rates.ts';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser, signUpUnconfirmedUser } from '../../../test/fixtures.ts';
import { computeInvoiceTotals } from '../../domain/invoice-totals.ts';
import { computeSalary } from '../../domain/salary.ts';
import { swedishCompany, germanCompany } from '../customers/test-data.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createBankingService } from '../banking/public.ts';
import type { InvoiceView } from './views.ts';

const row = (overrides: Record<string, unknown> = {}) => ({
  description: 'Webbutveckling',
  unitPrice: 95000,
  quantity: 12.5,
  unit: 'hour',
  vatPercentage: 25,
  ...overrides,
});

async function customer(api: ApiClient, body: object = swedishCompany): Promise<string> {
  const res = await api.call('createCustomer', { body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.id;
}

async function draft(api: ApiClient, body: Record<string, unknown>): Promise<InvoiceView> {
  const res = await api.call('createInvoice', { body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

const fieldCodes = (body: { errors?: Array<{ field: string; code: string }> }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.code]));

const todayInSweden = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

describe('invoices', () => {
  let t: TestApp;
  let api: ApiClient;
  let userId: string;
  let customerId: string;
  before(async () => {
    t = await createTestApp();
    ({ api, userId } = await signUpConfirmedUser(t));
    // Registered bank details (the sending module's problem 4 otherwise shows on every invoice).
    await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, userId, {
      kind: 'domestic',
      clearingNumber: '6000',
      accountNumber: '123456789',
      bankName: 'Handelsbanken',
    });
    // A freelancer with a personal identity number (a Skatteverket test number), 32.5 % tax and 4.5 % pension.
    await t.sql(
      `update app_user set government_id = '198112189876', income_tax_rate = 32.5, pension_rate = 4.5 where id = $1`,
      [userId],
    );
    customerId = await customer(api);
    const today = todayInSweden();
    await t.sql(
      `insert into exchange_rate (currency, date, sek_per_unit) values ('EUR', $1::date - 3, 11.2), ('EUR', $1::date - 1, 11.0832), ('USD', $1::date - 1, 10.1)`,
      [today],
    );
    await t.sql(
      `insert into campaign_code (code, effect, value, valid_from, valid_to, max_uses, uses) values
       ('HALF', 'fee_discount', 50, $1::date - 30, $1::date + 30, null, 0),
       ('THREE', 'fee_rate', 3, $1::date - 30, null, null, 0),
       ('EXPIRED', 'fee_rate', 1, $1::date - 60, $1::date - 1, null, 0),
       ('USEDUP', 'fee_rate', 1, $1::date - 60, null, 5, 5)`,
      [today],
    );
  });
  after(() => t.close());

  describe('drafts', () => {
    test('a draft starts with the customer alone: defaults, no number, status 1 drafted, first event recorded', async () => {
      const res = await api.call('createInvoice', { body: { recipientId: customerId } });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('location'), `/api/invoices/${res.body.id}`);
      const invoice: InvoiceView = res.body;
      const today = todayInSweden();
      assert.equal(invoice.number, null);
      assert.equal(invoice.status, 1);
      assert.equal(invoice.statusName, 'drafted');
      assert.equal(invoice.editable, true);
      assert.equal(invoice.currency, 'SEK');
      assert.equal(invoice.paymentTermsDays, 30);
      assert.equal(invoice.invoiceDate, today);
      // The statutory rate by default (reference rate + 8 points, per half-year): its figure once the table knows it.
      assert.equal(invoice.latePaymentInterestStatutory, true);
      const statutory = findLatePaymentInterestRate(invoice.dueDate);
      assert.equal(invoice.latePaymentInterest, statutory ? Number(statutory.rate) : null);
      // The profile's defaults: no reminders, no fee.
      assert.deepEqual(
        [invoice.kind, invoice.reminderInterval, invoice.reminderFee, invoice.remindersSent, invoice.nextReminder],
        ['invoice', null, null, 0, null],
      );
      assert.deepEqual([invoice.lateInterest, invoice.interestInvoice, invoice.interestFor], [null, null, null]);
      assert.deepEqual(invoice.recipient, {
        id: customerId,
        name: 'Volvo Personvagnar AB',
        type: 'organization',
        reverseVat: false,
        available: true,
        snapshot: null,
      });
      assert.equal(invoice.version, 1);
      assert.equal(invoice.canSend, false, 'a draft without rows cannot be sent');
      const events = await t.sql(
        `select event, from_state, to_state, actor_type, actor_user_id from invoice_event where invoice_id = $1`,
        [invoice.id],
      );
      assert.deepEqual(events.rows, [
        { event: 'create', from_state: null, to_state: 'draft', actor_type: 'user', actor_user_id: userId },
      ]);
    });

    test('the due date follows the invoice date and the payment terms', async () => {
      const invoice = await draft(api, { recipientId: customerId, invoiceDate: todayInSweden(), paymentTermsDays: 10 });
      const expected = new Date(Date.parse(`${invoice.invoiceDate}T00:00:00Z`) + 10 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      assert.equal(invoice.dueDate, expected);
      const changed = await api.call('updateInvoice', {
        params: { invoiceId: invoice.id },
        body: { version: invoice.version, paymentTermsDays: 0 },
      });
      assert.equal(changed.body.dueDate, invoice.invoiceDate);
    });

    test('rows give the totals of the one totals function: per VAT rate, rounded once per rate', async () => {
      const rows = [
        row({ unitPrice: 33333, quantity: 1.5, vatPercentage: 25 }),
        row({ unitPrice: 19999, quantity: 3.33, vatPercentage: 25 }),
        row({ description: 'Kurslitteratur', unitPrice: 12345, quantity: 2, unit: 'pcs', vatPercentage: 6 }),
        row({ description: 'Utbildning', unitPrice: 100001, quantity: 0.5, unit: 'day', vatPercentage: 12 }),
      ];
      const invoice = await draft(api, { recipientId: customerId, rows });
      const expected = computeInvoiceTotals({
        rows: rows.map((r) => ({
          unitPrice: r.unitPrice as number,
          quantityHundredths: Math.round((r.quantity as number) * 100),
          vatPercentage: r.vatPercentage as 25,
        })),
      });
      assert.deepEqual(invoice.totals.vatBreakdown, expected.vatBreakdown);
      assert.equal(invoice.totals.totalExclVat, expected.totalExclVat);
      assert.equal(invoice.totals.totalVat, expected.totalVat);
      assert.equal(invoice.totals.totalInclVat, expected.totalInclVat);
      assert.deepEqual(
        invoice.rows.map((r) => r.netAmount),
        [50000, 66597, 24690, 50001],
        'line nets rounded half up to the öre',
      );
      assert.deepEqual(
        invoice.rows.map((r) => r.quantity),
        [1.5, 3.33, 2, 0.5],
      );
      // The list shows the same totals as the invoice.
      const list = await api.call('listInvoices', { query: { q: 'zzz-none' } });
      assert.equal(list.status, 200);
      const fetched = await api.call('getInvoice', { params: { invoiceId: invoice.id } });
      assert.deepEqual(fetched.body.totals, invoice.totals);
    });

    test('more than two decimals, unknown fields and bad units are refused field by field; nothing is stored', async () => {
      const before = await t.sql(`select count(*)::int as n from invoice where owner_id = $1`, [userId]);
      const res = await api.call('createInvoice', {
        body: {
          recipientId: customerId,
          rows: [row({ quantity: 1.005 }), row({ unit: 'parsec' })],
          latePaymentInterest: 8.125,
          reference: 'x'.repeat(51),
        },
      });
      assert.equal(res.status, 400);
      assert.deepEqual(fieldCodes(res.body), {
        'body.rows.1.unit': 'invalid_value',
        'body.reference': 'too_long',
      });
      const precise = await api.call('createInvoice', {
        body: { recipientId: customerId, rows: [row({ quantity: 1.005 })], latePaymentInterest: 8.125 },
      });
      assert.deepEqual(fieldCodes(precise.body), {
        'body.latePaymentInterest': 'invalid_precision',
        'body.rows.0.quantity': 'invalid_precision',
      });
      const afterCount = await t.sql(`select count(*)::int as n from invoice where owner_id = $1`, [userId]);
      assert.equal(afterCount.rows[0].n, before.rows[0].n);
    });

    test('an update changes what is sent, replaces rows whole, and moves the version on', async () => {
      const invoice = await draft(api, { recipientId: customerId, rows: [row(), row({ description: 'Andra raden' })] });
      const res = await api.call('updateInvoice', {
        params: { invoiceId: invoice.id },
        body: {
          version: invoice.version,
          reference: '  PO 4711 ',
          rows: [row({ description: 'Enda raden', quantity: 2 })],
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.reference, 'PO 4711');
      assert.deepEqual(
        res.body.rows.map((r: { description: string }) => r.description),
        ['Enda raden'],
      );
      assert.equal(res.body.totals.totalExclVat, 190000);
      assert.equal(res.body.version, invoice.version + 1);
      const cleared = await api.call('updateInvoice', {
        params: { invoiceId: invoice.id },
        body: { version: res.body.version, reference: null },
      });
      assert.equal(cleared.body.reference, null);
      assert.equal(cleared.body.rows.length, 1, 'rows not sent are kept');
    });

    test('rows and expenses are replaced whole, growing, shrinking and emptied, and read back as saved', async () => {
      const receipt = (description: string, amount: number) => ({
        type: 'receipt',
        description,
        amount,
        vatPercentage: 25,
      });
      let invoice = await draft(api, { recipientId: customerId, rows: [row({ description: 'Ett' })] });
      const save = async (body: Record<string, unknown>) => {
        const res = await api.call('updateInvoice', {
          params: { invoiceId: invoice.id },
          body: { version: invoice.version, ...body },
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const read = await api.call('getInvoice', { params: { invoiceId: invoice.id } });
        invoice = read.body;
        return invoice;
      };
      const saved = () => ({
        rows: invoice.rows.map((r: { description: string; quantity: number }) => `${r.description} ${r.quantity}`),
        expenses: invoice.expenses.map((e: { description: string; amount: number }) => `${e.description} ${e.amount}`),
      });
      await save({
        rows: [
          row({ description: 'A', quantity: 1 }),
          row({ description: 'B', quantity: 2 }),
          row({ description: 'C', quantity: 3 }),
        ],
        expenses: [receipt('Tåg', 45900), receipt('Hotell', 120000)],
      });
      assert.deepEqual(saved(), { rows: ['A 1', 'B 2', 'C 3'], expenses: ['Tåg 45900', 'Hotell 120000'] });
      await save({ rows: [row({ description: 'C', quantity: 3 })], expenses: [receipt('Hotell', 120000)] });
      assert.deepEqual(saved(), { rows: ['C 3'], expenses: ['Hotell 120000'] });
      await save({ rows: [], expenses: [] });
      assert.deepEqual(saved(), { rows: [], expenses: [] });
      await save({
        rows: [row({ description: 'D', quantity: 4 }), row({ description: 'E', quantity: 5 })],
        expenses: [receipt('Buss', 3900)],
      });
      assert.deepEqual(saved(), { rows: ['D 4', 'E 5'], expenses: ['Buss 3900'] });
      const stored = await t.sql(
        `select (select count(*)::int from invoice_row where invoice_id = $1) as rows,
                (select count(*)::int from invoice_expense where invoice_id = $1) as expenses`,
        [invoice.id],
      );
      assert.deepEqual(stored.rows[0], { rows: 2, expenses: 1 });
    });

    test('a stale version is a conflict, and of two saves from the same version exactly one wins', async () => {
      const invoice = await draft(api, { recipientId: customerId });
      const saves = await Promise.all(
        ['A', 'B', 'C', 'D'].map((reference) =>
          api.call('updateInvoice', { params: { invoiceId: invoice.id }, body: { version: 1, reference } }),
        ),
      );
      assert.deepEqual(saves.map((s) => s.status).sort(), [200, 409, 409, 409]);
      const lost = saves.find((s) => s.status === 409)!;
      assert.equal(lost.body.code, 'version_conflict');
      const winner = saves.find((s) => s.status === 200)!;
      const stored = await api.call('getInvoice', { params: { invoiceId: invoice.id } });
      assert.equal(stored.body.reference, winner.body.reference);
      assert.equal(stored.body.version, 2);
    });

    test('a customer with reverse VAT allows 0 % rows only, and expenses are re-invoiced at 0 %', async () => {
      const german = await customer(api, germanCompany);
      const refused = await api.call('createInvoice', {
        body: { recipientId: german, rows: [row(), row({ vatPercentage: 0 })] },
      });
      assert.equal(refused.status, 400);
      assert.deepEqual(fieldCodes(refused.body), { 'body.rows.0.vatPercentage': 'reverse_vat_requires_zero_rate' });
      const invoice = await draft(api, {
        recipientId: german,
        currency: 'EUR',
        rows: [row({ vatPercentage: 0, unitPrice: 8500 })],
        expenses: [{ type: 'receipt', description: 'Hotell', amount: 11200, vatPercentage: 12 }],
      });
      assert.equal(invoice.recipient.reverseVat, true);
      assert.equal(invoice.totals.reinvoicedVatPercentage, 0);
      assert.equal(invoice.totals.totalVat, 0);
      // Switching a 25 % draft to the reverse VAT customer is refused until its rows are 0 %.
      const swedish = await draft(api, { recipientId: customerId, rows: [row()] });
      const moved = await api.call('updateInvoice', {
        params: { invoiceId: swedish.id },
        body: { version: swedish.version, recipientId: german },
      });
      assert.deepEqual(fieldCodes(moved.body), { 'body.rows.0.vatPercentage': 'reverse_vat_requires_zero_rate' });
    });

    test('expenses: a receipt and a mileage record, each checked for what its kind needs', async () => {
      const invoice = await draft(api, {
        recipientId: customerId,
        rows: [row()],
        expenses: [
          { type: 'receipt', description: 'Tågbiljett', amount: 45900, vatPercentage: 6 },
          {
            type: 'mileage',
            description: 'Kundbesök',
            mileage: {
              date: todayInSweden(),
              from: 'Stockholm',
              to: 'Uppsala',
              km: 142.5,
              purpose: 'Workshop hos kunden',
            },
          },
        ],
      });
      const [receipt, trip] = invoice.expenses;
      assert.equal(receipt!.amount, 45900);
      assert.equal(receipt!.netAmount, 43302, 'the receipt re-invoiced excluding its 6 % VAT');
      assert.deepEqual(trip!.mileage, {
        date: todayInSweden(),
        from: 'Stockholm',
        to: 'Uppsala',
        km: 142.5,
        purpose: 'Workshop hos kunden',
        allowancePer10Km: 2500,
        allowanceSek: 35625,
      });
      assert.equal(trip!.amount, 35625);
      assert.deepEqual(invoice.totals.reimbursements, {
        expenses: 45900,
        deductibleInputVat: 2598,
        mileage: 35625,
        total: 81525,
      });
      const wrong = await api.call('updateInvoice', {
        params: { invoiceId: invoice.id },
        body: {
          version: invoice.version,
          expenses: [
            { type: 'receipt', description: 'Utan belopp' },
            {
              type: 'mileage',
              description: 'Med belopp',
              amount: 100,
              mileage: { date: todayInSweden(), from: 'A', to: 'B', km: 1.234, purpose: 'x' },
            },
            {
              type: 'receipt',
              description: 'Okänt kvitto',
              amount: 100,
              vatPercentage: 25,
              receiptId: '7f0c7a8e-31a4-4c6b-9f55-3a1e0b2c4d5e',
            },
          ],
        },
      });
      assert.equal(wrong.status, 400);
      assert.deepEqual(fieldCodes(wrong.body), {
        'body.expenses.0.amount': 'required',
        'body.expenses.0.vatPercentage': 'required',
        'body.expenses.1.amount': 'not_applicable',
        'body.expenses.1.mileage.km': 'invalid_precision',
        'body.expenses.2.receiptId': 'receipt_not_found',
      });
    });

    test('mileage on a foreign-currency invoice is priced at the latest rate on the invoice date', async () => {
      const invoice = await draft(api, {
        recipientId: customerId,
        currency: 'EUR',
        rows: [row({ unitPrice: 9000 })],
        expenses: [
          {
            type: 'mileage',
            description: 'Resa',
            mileage: { date: todayInSweden(), from: 'A', to: 'B', km: 100, purpose: 'Möte' },
          },
        ],
      });
      // 250.00 kr at 11.0832 SEK/EUR = 22.5566… EUR.
      assert.equal(invoice.expenses[0]!.amount, 2256);
      assert.equal(invoice.expenses[0]!.mileage!.allowanceSek, 25000);
    });

    test('a deleted customer cannot be chosen (410), and a draft to it says so instead of failing', async () => {
      const doomed = await customer(api, { ...swedishCompany, name: 'Snart borta AB' });
      const invoice = await draft(api, { recipientId: doomed, rows: [row()] });
      assert.equal((await api.call('deleteCustomer', { params: { uuid: doomed } })).status, 204);
      const res = await api.call('createInvoice', { body: { recipientId: doomed } });
      assert.equal(res.status, 410);
      assert.equal(res.body.code, 'recipient_unavailable');
      assert.equal(res.body.detail, 'The selected recipient is no longer available. Please choose another recipient.');
      const fetched = await api.call('getInvoice', { params: { invoiceId: invoice.id } });
      assert.equal(fetched.status, 200);
      assert.equal(fetched.body.recipient.available, false);
      const problems = await api.call('getInvoiceProblems', { params: { invoiceId: invoice.id } });
      assert.deepEqual(problems.body.problems[0], {
        code: 'recipient_unavailable',
        problemCode: null,
        field: 'recipientId',
        message: 'The selected recipient is no longer available. Please choose another recipient.',
        fix: { screen: 'invoice', step: 0, customerId: null },
      });
      const moved = await api.call('updateInvoice', {
        params: { invoiceId: invoice.id },
        body: { version: fetched.body.version, recipientId: doomed },
      });
      assert.equal(moved.status, 410);
      const rescued = await api.call('updateInvoice', {
        params: { invoiceId: invoice.id },
        body: { version: fetched.body.version, recipientId: customerId },
      });
      assert.equal(rescued.status, 200);
      assert.equal(rescued.body.recipient.available, true);
    });
  });

  describe('ownership', () => {
    test("another user's invoice, its problems and its estimate are all 404, and it stays unchanged", async () => {
      const invoice = await draft(api, { recipientId: customerId, reference: 'Mitt' });
      const other = await signUpConfirmedUser(t);
      for (const operationId of [
        'getInvoice',
        'getInvoiceProblems',
        'getInvoiceSalaryEstimate',
        'deleteInvoice',
      ] as const) {
        const res = await other.api.call(operationId, { params: { invoiceId: invoice.id } });
        assert.equal(res.status, 404, operationId);
        assert.equal(res.body.code, 'not_found');
      }
      const update = await other.api.call('updateInvoice', {
        params: { invoiceId: invoice.id },
        body: { version: invoice.version, reference: 'Stulen' },
      });
      assert.equal(update.status, 404);
      const list = await other.api.call('listInvoices');
      assert.deepEqual(list.body.items, []);
      assert.equal((await api.call('getInvoice', { params: { invoiceId: invoice.id } })).body.reference, 'Mitt');
    });

    test("another user's customer cannot receive my invoice (404)", async () => {
      const other = await signUpConfirmedUser(t);
      const theirs = await customer(other.api);
      const res = await api.call('createInvoice', { body: { recipientId: theirs } });
      assert.equal(res.status, 404);
    });

    test('an unconfirmed user gets 403 and an anonymous caller 401', async () => {
      const unconfirmed = await signUpUnconfirmedUser(t);
      assert.equal((await unconfirmed.api.call('listInvoices')).body.code, 'email_not_confirmed');
      assert.equal((await t.client().call('listInvoices')).status, 401);
    });
  });

  describe('the status machine', () => {
    test('deleting a draft makes it 0 deleted: kept, hidden from the default list, one event however often', async () => {
      const invoice = await draft(api, { recipientId: customerId, reference: 'Radera mig' });
      const deletes = await Promise.all(
        [1, 2, 3, 4].map(() => api.call('deleteInvoice', { params: { invoiceId: invoice.id } })),
      );
      assert.deepEqual(
        deletes.map((d) => d.status),
        [204, 204, 204, 204],
      );
      const fetched = await api.call('getInvoice', { params: { invoiceId: invoice.id } });
      assert.equal(fetched.body.status, 0);
      assert.equal(fetched.body.statusName, 'deleted');
      assert.equal(fetched.body.editable, false);
      const events = await t.sql(
        `select event, from_state, to_state from invoice_event where invoice_id = $1 order by id`,
        [invoice.id],
      );
      assert.deepEqual(
        events.rows.map((e) => `${e.event}:${e.from_state}->${e.to_state}`),
        ['create:null->draft', 'delete:draft->deleted'],
      );
      const list = await api.call('listInvoices', { query: { q: 'radera' } });
      assert.deepEqual(list.body.items, []);
      const deleted = await api.call('listInvoices', { query: { q: 'radera', status: 'deleted' } });
      assert.deepEqual(
        deleted.body.items.map((i: { id: string }) => i.id),
        [invoice.id],
      );
      const edit = await api.call('updateInvoice', {
        params: { invoiceId: invoice.id },
        body: { version: fetched.body.version, reference: 'x' },
      });
      assert.equal(edit.status, 409);
      assert.equal(edit.body.code, 'invoice_not_editable');
    });

    test('a sent invoice cannot be deleted or edited: 409 with the reason, nothing recorded', async () => {
      const invoice = await draft(api, { recipientId: customerId, rows: [row()] });
      // The sending module's part, done by hand: sent with a number.
      await t.sql(`update invoice set state = 'sent', number = 900001, sent_at = now() where id = $1`, [invoice.id]);
      const deleted = await api.call('deleteInvoice', { params: { invoiceId: invoice.id } });
      assert.equal(deleted.status, 409);
      assert.equal(deleted.body.code, 'illegal_transition');
      assert.match(deleted.body.detail, /state "sent" \(status 3\) cannot "delete"/);
      const edit = await api.call('updateInvoice', {
        params: { invoiceId: invoice.id },
        body: { version: invoice.version, reference: 'x' },
      });
      assert.equal(edit.status, 409);
      assert.equal(edit.body.code, 'invoice_not_editable');
      const fetched = await api.call('getInvoice', { params: { invoiceId: invoice.id } });
      assert.equal(fetched.body.status, 3);
      assert.equal(fetched.body.statusName, 'sent');
      assert.equal(fetched.body.number, 900001);
      assert.equal(fetched.body.canSend, false);
      const events = await t.sql(`select count(*)::int as n from invoice_event where invoice_id = $1`, [invoice.id]);
      assert.equal(events.rows[0].n, 1);
    });

    test('an invoice that was not sent (-3) is editable again; one with changes requested (7) too', async () => {
      for (const [state, status, name] of [
        ['not_sent', -3, 'failed'],
        ['changes_requested', 7, 'drafted'],
      ] as const) {
        const invoice = await draft(api, { recipientId: customerId, rows: [row()] });
        await t.sql(`update invoice set state = $2 where id = $1`, [invoice.id, state]);
        const edit = await api.call('updateInvoice', {
          params: { invoiceId: invoice.id },
          body: { version: invoice.version, reference: 'Rättad' },
        });
        assert.equal(edit.status, 200, state);
        assert.equal(edit.body.status, status);
        assert.equal(edit.body.statusName, name);
        assert.equal(
          (await api.call('deleteInvoice', { params: { invoiceId: invoice.id } })).status,
          409,
          `${state} cannot be deleted`,
        );
      }
    });

    test('what an impersonating admin does is recorded as the admin', async () => {
      const boss = await signUpConfirmedUser(t);
      await t.sql(`update app_user set is_admin = true where id = $1`, [boss.userId]);
      const freelancer = await signUpConfirmedUser(t);
      const theirCustomer = await customer(freelancer.api);
      assert.equal((await boss.api.call('startImpersonation', { body: { userId: freelancer.userId } })).status, 200);
      const invoice = await draft(boss.api, { recipientId: theirCustomer });
      assert.equal((await boss.api.call('deleteInvoice', { params: { invoiceId: invoice.id } })).status, 204);
      const events = await t.sql(
        `select event, actor_type, actor_user_id, owner_id from invoice_event where invoice_id = $1 order by id`,
        [invoice.id],
      );
      assert.deepEqual(events.rows, [
        { event: 'create', actor_type: 'impersonating_admin', actor_user_id: boss.userId, owner_id: freelancer.userId },
        { event: 'delete', actor_type: 'impersonating_admin', actor_user_id: boss.userId, owner_id: freelancer.userId },
      ]);
    });
  });

  describe('problems that block sending', () => {
    test('a complete invoice to a complete customer can be sent', async () => {
      const invoice = await draft(api, { recipientId: customerId, rows: [row()] });
      assert.equal(invoice.canSend, true, JSON.stringify(invoice.problemCodes));
      const res = await api.call('getInvoiceProblems', { params: { invoiceId: invoice.id } });
      assert.deepEqual(res.body, {
        canSend: true,
        problemCodes: [],
        problems: [],
        // The dated minimum (rates.ts) on today's invoice date: 500 kr.
        minimumAmountExclVat: 50_000,
      });
    });

    test("each problem names its field and where it is fixed: the customer's, the invoice's, the freelancer's", async () => {
      const { email: _email, ...withoutEmail } = swedishCompany;
      const incomplete = await customer(api, { ...withoutEmail, name: 'Utan e-post AB' });
      const invoice = await draft(api, {
        recipientId: incomplete,
        reference: 'Ref 🚀',
        rows: [row({ unitPrice: 10000, quantity: 1, description: 'Design ✨' })],
        expenses: [{ type: 'receipt', description: 'Kvitto saknas', amount: 1000, vatPercentage: 25 }],
      });
      await t.sql(`update campaign_code set uses = 0 where code = 'THREE'`);
      const res = await api.call('getInvoiceProblems', { params: { invoiceId: invoice.id } });
      assert.equal(res.status, 200);
      assert.equal(res.body.canSend, false);
      assert.deepEqual(res.body.problemCodes, [3, 18]);
      assert.deepEqual(
        res.body.problems.map((p: { code: string; field: string; fix: object }) => [p.code, p.field, p.fix]),
        [
          ['email_required_for_sending', 'recipient.email', { screen: 'customer', step: null, customerId: incomplete }],
          ['invalid_characters', 'rows[0].description', { screen: 'invoice', step: 2, customerId: null }],
          ['invalid_characters', 'reference', { screen: 'invoice', step: 1, customerId: null }],
          ['receipt_missing', 'expenses[0].receiptId', { screen: 'invoice', step: 3, customerId: null }],
          ['below_minimum_amount', 'totals.totalExclVat', { screen: 'invoice', step: 2, customerId: null }],
        ],
      );
      const characters = res.body.problems.find((p: { field: string }) => p.field === 'reference');
      assert.deepEqual(characters.params, { characters: ['🚀'] });
      assert.deepEqual(res.body.problems.at(-1).params, { minimum: 50000, currency: 'SEK' });
      const fetched = await api.call('getInvoice', { params: { invoiceId: invoice.id } });
      assert.deepEqual(fetched.body.problemCodes, [3, 18]);
    });

    test('the minimum is compared in SEK for a foreign currency', async () => {
      // 45 EUR × 11.0832 = 498.74 kr < 500 kr; 46 EUR = 509.83 kr.
      const below = await draft(api, {
        recipientId: customerId,
        currency: 'EUR',
        rows: [row({ unitPrice: 4500, quantity: 1 })],
      });
      const above = await draft(api, {
        recipientId: customerId,
        currency: 'EUR',
        rows: [row({ unitPrice: 4600, quantity: 1 })],
      });
      assert.equal(below.canSend, false);
      assert.equal(above.canSend, true, JSON.stringify(above));
      const noRate = await draft(api, { recipientId: customerId, currency: 'GBP', rows: [row()] });
      const problems = await api.call('getInvoiceProblems', { params: { invoiceId: noRate.id } });
      assert.deepEqual(
        problems.body.problems.map((p: { code: string }) => p.code),
        ['exchange_rate_unavailable'],
      );
    });

    test('a new freelancer is told to add the personal identity number in the profile and to register bank details', async () => {
      const newcomer = await signUpConfirmedUser(t);
      const theirs = await customer(newcomer.api);
      const invoice = await draft(newcomer.api, { recipientId: theirs, rows: [row()] });
      const res = await newcomer.api.call('getInvoiceProblems', { params: { invoiceId: invoice.id } });
      assert.deepEqual(res.body.problems, [
        {
          code: 'owner_government_id_missing',
          problemCode: null,
          field: 'governmentId',
          message: 'Add your personal identity number to your profile',
          fix: { screen: 'profile', step: null, customerId: null },
        },
        {
          code: 'bank_details_missing',
          problemCode: 4,
          field: 'bankDetails',
          message: 'Register your bank details: the invoice waits until they are registered',
          fix: { screen: 'bank_details', step: null, customerId: null },
        },
      ]);
    });

    test('a campaign code that expired after it was chosen blocks sending at the review step', async () => {
      const invoice = await draft(api, { recipientId: customerId, rows: [row()], campaignCode: 'three' });
      assert.equal(invoice.campaignCode, 'THREE');
      await t.sql(`update campaign_code set valid_to = current_date - 1 where code = 'THREE'`);
      try {
        const res = await api.call('getInvoiceProblems', { params: { invoiceId: invoice.id } });
        assert.deepEqual(
          res.body.problems.map((p: { code: string; fix: object }) => [p.code, p.fix]),
          [['campaign_code_invalid', { screen: 'invoice', step: 4, customerId: null }]],
        );
      } finally {
        await t.sql(`update campaign_code set valid_to = null where code = 'THREE'`);
      }
    });
  });

  describe('campaign codes', () => {
    test('a valid code answers its effect; case and spaces do not matter', async () => {
      const half = await api.call('checkCampaignCode', { body: { code: ' half ' } });
      assert.equal(half.status, 200);
      assert.equal(half.body.code, 'HALF');
      assert.deepEqual(half.body.effect, { type: 'fee_discount', value: 50 });
      assert.equal(half.body.feeRate, 3);
      const three = await api.call('checkCampaignCode', { body: { code: 'THREE' } });
      assert.deepEqual(
        [three.body.effect, three.body.feeRate, three.body.validTo],
        [{ type: 'fee_rate', value: 3 }, 3, null],
      );
    });

    test('unknown, expired, used up and malformed codes all answer "Invalid campaign code"', async () => {
      for (const code of ['NOPE', 'EXPIRED', 'USEDUP', 'bad code!']) {
        const res = await api.call('checkCampaignCode', { body: { code } });
        assert.equal(res.status, 422, code);
        assert.equal(res.body.code, 'campaign_code_invalid');
        assert.equal(res.body.detail, 'Invalid campaign code');
      }
      const invoice = await api.call('createInvoice', { body: { recipientId: customerId, campaignCode: 'EXPIRED' } });
      assert.deepEqual(fieldCodes(invoice.body), { 'body.campaignCode': 'campaign_code_invalid' });
    });
  });

  describe('salary estimates', () => {
    const profile = { incomeTaxRate: '32.50', pensionRate: '4.50', birthDate: '1981-12-18' };

    test('estimateSalary gives exactly what the salary function gives for the profile', async () => {
      const res = await api.call('estimateSalary', { body: { amount: 4000000, paymentDate: '2026-12-21' } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const expected = computeSalary({ invoiceAmount: 4000000, ...profile, paymentDate: '2026-12-21' });
      for (const key of [
        'amount',
        'commissionAmount',
        'socialFeeAmount',
        'pensionAmount',
        'pensionTaxAmount',
        'incomeTaxAmount',
        'grossSalary',
        'netSalary',
        'payout',
      ] as const)
        assert.equal(res.body[key], expected[key], key);
      assert.equal(res.body.employerContributionRate, 31.42);
      assert.deepEqual(res.body.rates, {
        fee: 6,
        incomeTax: 32.5,
        pension: 4.5,
        pensionSpecialPayrollTax: 24.26,
        vacationPay: 12,
        employerContribution: 31.42,
        employerContributionAboveCap: null,
      });
      assert.equal(res.body.exchangeRate, null);
      assert.deepEqual(res.body.assumptions, []);
      const b = res.body;
      assert.equal(
        b.amount + b.deductibleInputVat,
        b.commissionAmount +
          b.reimbursements +
          b.uncoveredReimbursements +
          b.grossSalary +
          b.socialFeeAmount +
          b.pensionAmount +
          b.pensionTaxAmount,
      );
    });

    test('a foreign amount is converted at the latest rate on or before the payment date, and says which', async () => {
      const today = todayInSweden();
      const res = await api.call('estimateSalary', { body: { amount: 250000, currency: 'EUR', paymentDate: today } });
      assert.equal(res.status, 200);
      const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      assert.deepEqual(res.body.exchangeRate, { currency: 'EUR', sekPerUnit: '11.0832000000', date: yesterday });
      assert.equal(res.body.amount, 2770800);
      assert.deepEqual(res.body.invoiceAmount, { amount: 250000, currency: 'EUR' });
      const unknown = await api.call('estimateSalary', { body: { amount: 1000, currency: 'GBP' } });
      assert.equal(unknown.status, 422);
      assert.equal(unknown.body.code, 'exchange_rate_unavailable');
    });

    test('receipts and mileage are reimbursed on top, and a campaign code lowers the fee', async () => {
      const res = await api.call('estimateSalary', {
        body: {
          amount: 1000000,
          expenses: [{ amount: 12500, vatPercentage: 25 }],
          mileageKm: 100,
          paymentDate: '2026-12-21',
          campaignCode: 'half',
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const totals = computeInvoiceTotals({
        rows: [{ unitPrice: 1000000, quantityHundredths: 100, vatPercentage: 25 }],
        expenses: [{ amountInclVat: 12500, vatPercentage: 25 }],
        mileage: [{ allowance: 25000 }],
      });
      const expected = computeSalary({
        invoiceAmount: totals.totalExclVat,
        reimbursements: 12500 + 25000,
        deductibleInputVat: 2500,
        feeRate: '3',
        ...profile,
        paymentDate: '2026-12-21',
      });
      assert.equal(res.body.amount, 1035000);
      assert.equal(res.body.commissionAmount, expected.commissionAmount);
      assert.equal(res.body.netSalary, expected.netSalary);
      assert.equal(res.body.payout, expected.payout);
      assert.equal(res.body.reimbursements, 37500);
      assert.equal(res.body.mileageAllowance, 25000);
      assert.equal(res.body.campaignCode, 'HALF');
      assert.equal(res.body.rates.fee, 3);
    });

    test('the youth reduction applies by the birth date in the profile and the payment date', async () => {
      const young = await signUpConfirmedUser(t);
      // Born 2005 (a Luhn-valid test number): 20.81 % on salary paid from 1 April 2026.
      await t.sql(`update app_user set government_id = '200501012389' where id = $1`, [young.userId]);
      const res = await young.api.call('estimateSalary', { body: { amount: 2000000, paymentDate: '2026-06-22' } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.employerContributionCategory, 'youth');
      assert.equal(res.body.employerContributionRate, 20.81);
      const expected = computeSalary({ invoiceAmount: 2000000, birthDate: '2005-01-01', paymentDate: '2026-06-22' });
      assert.equal(res.body.grossSalary, expected.grossSalary);
    });

    test('without a personal identity number the standard rate is assumed, and the answer says so', async () => {
      const newcomer = await signUpConfirmedUser(t);
      const res = await newcomer.api.call('estimateSalary', { body: { amount: 4000000, paymentDate: '2026-12-21' } });
      assert.deepEqual(res.body.assumptions, ['birth_date_unknown']);
      assert.equal(res.body.employerContributionCategory, 'standard');
      // The public worked example (docs/product/domain-rules.md#salaries): fee 6 %, no pension, 30 % tax, standard rate.
      assert.deepEqual(
        [
          res.body.commissionAmount,
          res.body.grossSalary,
          res.body.socialFeeAmount,
          res.body.incomeTaxAmount,
          res.body.netSalary,
        ],
        [240000, 2861056, 898944, 858317, 2002739],
      );
    });

    test("an invoice's estimate is the salary of its own totals, reimbursements and campaign code", async () => {
      const invoice = await draft(api, {
        recipientId: customerId,
        rows: [row()],
        expenses: [{ type: 'receipt', description: 'Tåg', amount: 45900, vatPercentage: 6 }],
        campaignCode: 'THREE',
      });
      const res = await api.call('getInvoiceSalaryEstimate', { params: { invoiceId: invoice.id } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.paymentDate, invoice.dueDate);
      const expected = computeSalary({
        invoiceAmount: invoice.totals.totalExclVat,
        reimbursements: 45900,
        deductibleInputVat: invoice.totals.reimbursements.deductibleInputVat,
        feeRate: '3',
        ...profile,
        paymentDate: invoice.dueDate,
      });
      assert.equal(res.body.payout, expected.payout);
      assert.equal(res.body.netSalary, expected.netSalary);
    });
  });

  describe('the list', () => {
    let lister: Awaited<ReturnType<typeof signUpConfirmedUser>>;
    const ids: Record<string, string> = {};
    before(async () => {
      lister = await signUpConfirmedUser(t);
      const volvo = await customer(lister.api);
      const beispiel = await customer(lister.api, germanCompany);
      ids.volvo = volvo;
      ids.beispiel = beispiel;
      const dates = ['2026-01-15', '2026-02-15', '2026-03-15', '2026-04-15'];
      for (const [i, date] of dates.entries()) {
        const invoice = await draft(lister.api, {
          recipientId: i % 2 ? beispiel : volvo,
          reference: `Order ${i}`,
          rows: [row({ vatPercentage: i % 2 ? 0 : 25 })],
        });
        await t.sql(`update invoice set invoice_date = $2, due_date = $2::date + 30 where id = $1`, [invoice.id, date]);
        ids[date] = invoice.id;
      }
      await t.sql(`update invoice set state = 'sent', number = 700042 where id = $1`, [ids['2026-02-15']]);
      await t.sql(
        `update invoice set state = 'paid', number = 700043, paid_amount = total_incl_vat, paid_at = now() where id = $1`,
        [ids['2026-04-15']],
      );
    });

    const listIds = async (query: Record<string, string | number>) => {
      const res = await lister.api.call('listInvoices', { query });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return {
        ids: res.body.items.map((i: { id: string }) => i.id),
        total: res.body.page.total,
        items: res.body.items,
      };
    };

    test('newest invoice date first by default, with totals and the recipient name', async () => {
      const { ids: order, total, items } = await listIds({});
      assert.deepEqual(order, [ids['2026-04-15'], ids['2026-03-15'], ids['2026-02-15'], ids['2026-01-15']]);
      assert.equal(total, 4);
      assert.equal(items[0].recipient.name, 'Beispiel GmbH');
      assert.equal(items[0].statusName, 'paid');
      assert.equal(items[0].totalInclVat, 1187500);
      assert.equal(items[1].totalInclVat, 1484375);
    });

    test('filters by named status, customer and dates; pages never overlap', async () => {
      assert.deepEqual((await listIds({ status: 'sent' })).ids, [ids['2026-02-15']]);
      assert.deepEqual(
        (await listIds({ status: 'accepted' })).ids,
        [ids['2026-02-15']],
        'accepted is the old name of sent',
      );
      assert.deepEqual((await listIds({ customerId: ids.volvo!, sort: 'invoiceDate', order: 'asc' })).ids, [
        ids['2026-01-15'],
        ids['2026-03-15'],
      ]);
      assert.deepEqual((await listIds({ dateFrom: '2026-02-01', dateTo: '2026-03-31', order: 'asc' })).ids, [
        ids['2026-02-15'],
        ids['2026-03-15'],
      ]);
      const first = await listIds({ pageSize: 3 });
      const second = await listIds({ pageSize: 3, page: 2 });
      assert.equal(first.total, 4);
      assert.equal(second.total, 4);
      assert.deepEqual(
        [...first.ids, ...second.ids].sort(),
        [ids['2026-01-15'], ids['2026-02-15'], ids['2026-03-15'], ids['2026-04-15']].sort(),
      );
      const beyond = await listIds({ page: 9, q: 'order' });
      assert.deepEqual([beyond.ids, beyond.total], [[], 4]);
    });

    test('cursors walk every keyset ordering forwards and back, with filters and searches; numbers page by page', async () => {
      const call = async (query: Record<string, string | number>) => {
        const res = await lister.api.call('listInvoices', { query });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return res.body as {
          items: Array<{ id: string }>;
          page: { total: number; next: string | null; previous: string | null };
        };
      };
      for (const sort of ['invoiceDate', 'dueDate', 'updatedAt']) {
        for (const order of ['asc', 'desc']) {
          const narrowings: Array<Record<string, string>> = [
            {},
            { q: 'order' },
            { q: 'or' },
            { customerId: ids.volvo! },
            { status: 'drafted' },
          ];
          for (const narrow of narrowings) {
            const base = { sort, order, ...narrow };
            const label = `${sort} ${order} ${JSON.stringify(narrow)}`;
            const whole = (await call({ ...base, pageSize: 100 })).items.map((i) => i.id);
            const pages: string[][] = [];
            let page = await call({ ...base, pageSize: 1 });
            assert.equal(page.page.previous, null, label);
            pages.push(page.items.map((i) => i.id));
            for (let n = 2; page.page.next; n += 1) {
              page = await call({ ...base, pageSize: 1, page: n, after: page.page.next });
              assert.equal(page.page.total, whole.length, `${label}: the total on page ${n}`);
              pages.push(page.items.map((i) => i.id));
            }
            assert.deepEqual(pages.flat(), whole, `${label}: forwards`);
            const back = [pages.at(-1)!];
            while (page.page.previous) {
              page = await call({ ...base, pageSize: 1, before: page.page.previous });
              back.unshift(page.items.map((i) => i.id));
            }
            assert.deepEqual(back, pages, `${label}: backwards`);
          }
        }
      }
      // Drafts have no number, so that sort gives no cursors: its pages go by number.
      const byNumber = await call({ sort: 'number', pageSize: 1 });
      assert.deepEqual([byNumber.page.next, byNumber.page.previous], [null, null]);
      const first = await call({ pageSize: 1 });
      for (const query of [
        { sort: 'number', after: first.page.next! },
        { order: 'asc', after: first.page.next! },
        { after: first.page.next!, before: first.page.next! },
        {
          after: Buffer.from('["invoiceDate.desc","2026-13-99","00000000-0000-4000-8000-000000000000"]').toString(
            'base64url',
          ),
        },
      ]) {
        const res = await lister.api.call('listInvoices', { query });
        assert.equal(res.status, 400, JSON.stringify([query, res.body]));
        assert.match(JSON.stringify(res.body.errors), /query\.(after|before)/);
      }
    });

    test('search finds the number, any part of the reference, and the customer name', async () => {
      assert.deepEqual((await listIds({ q: '700042' })).ids, [ids['2026-02-15']]);
      assert.deepEqual((await listIds({ q: 'ORDER 3' })).ids, [ids['2026-04-15']]);
      assert.deepEqual((await listIds({ q: 'beisp' })).ids, [ids['2026-04-15'], ids['2026-02-15']]);
      assert.deepEqual((await listIds({ q: 'volvo order' })).total, 2);
      assert.deepEqual((await listIds({ q: 'nothing-like-this' })).ids, []);
      // The user's text is text: % and _ are no wildcards.
      assert.deepEqual((await listIds({ q: 'ord_r' })).ids, []);
      assert.deepEqual((await listIds({ q: 'or%er' })).ids, []);
    });

    test('the dashboard: outstanding, paid this month, drafts and the most recent invoices', async () => {
      const res = await lister.api.call('getDashboardSummary');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.outstanding, [{ currency: 'SEK', amount: 1187500, count: 1 }]);
      assert.deepEqual(res.body.overdue, [{ currency: 'SEK', amount: 1187500, count: 1 }]);
      assert.deepEqual(res.body.paidThisMonth, [{ currency: 'SEK', amount: 1187500, count: 1 }]);
      assert.equal(res.body.drafts, 2);
      assert.equal(res.body.recentInvoices.length, 4);
      assert.match(res.body.nextPayout.date, /^\d{4}-\d{2}-\d{2}$/);
    });
  });

  describe('search among thousands', () => {
    // The search counts by customers' counters and walks the date index when matches are many, sorts them when few
    // (InvoiceRepository.#searchByCustomerCounts); whatever the path, page and total must be what a full scan gives.
    let searcher: Awaited<ReturnType<typeof signUpConfirmedUser>>;
    const named: Record<string, string> = {};
    before(async () => {
      searcher = await signUpConfirmedUser(t);
      for (const name of ['Nilssons Bygg AB', 'Nilssons Foto AB', 'Karlssons Foto AB', 'Åsa Öberg']) {
        named[name] = await customer(searcher.api, { ...swedishCompany, name });
      }
      // 2 600 invoices of Nilssons Bygg (every tenth with "Foto" in its reference), 40 of each other customer; states,
      // numbers and dates spread as years of use would.
      await t.sql(
        `insert into invoice (owner_id, customer_id, state, number, reference, payment_terms_days, invoice_date, due_date,
           currency, late_payment_interest, total_excl_vat, total_vat, total_incl_vat)
         select $1, c.id, s.state, case when s.state not in ('draft', 'deleted') then 8000000 + n end,
           case when n % 10 = 0 then 'Foto order ' || n when n % 7 = 0 then 'PO-' || n end, 30,
           d.day, d.day + 30, 'SEK', 8, 10000, 2500, 12500
         from generate_series(1, 2760) n
         cross join lateral (select (date '2026-01-01' - (n * 7919 % 900))::date as day) d
         cross join lateral (select case when n % 23 = 0 then 'draft' when n % 29 = 0 then 'deleted'
           when n % 5 = 0 then 'sent' else 'paid' end as state) s
         join customer c on c.id = (array[$2, $3, $4, $5]::uuid[])[case when n <= 2600 then 1 else 2 + (n - 2601) / 40 end]`,
        [searcher.userId, ...Object.values(named)],
      );
      // Counters follow a customer change of a draft and a state change.
      await t.sql(
        `update invoice set customer_id = $1 where id = (select id from invoice where customer_id = $2 and state = 'draft' limit 1)`,
        [named['Åsa Öberg'], named['Nilssons Bygg AB']],
      );
      await t.sql(`update invoice set state = 'credited' where number = 8000005`);
    });

    /** What a full scan finds, in the list's order. */
    const expected = async (query: { q: string; status?: string[]; customerId?: string; asc?: boolean }) => {
      const words = query.q.toLowerCase().split(/\s+/).filter(Boolean);
      const params: unknown[] = [searcher.userId];
      const conditions = words.map((word) => {
        params.push(word);
        return `(strpos(i.search_text, $${params.length}) > 0 or i.number::text = $${params.length}
                 or strpos(lower(c.name collate "und-x-icu"), $${params.length}) > 0)`;
      });
      if (query.status) {
        params.push(query.status);
        conditions.push(`i.state = any($${params.length})`);
      } else conditions.push(`i.state <> 'deleted'`);
      if (query.customerId) {
        params.push(query.customerId);
        conditions.push(`i.customer_id = $${params.length}`);
      }
      const direction = query.asc ? 'asc' : 'desc';
      const { rows } = await t.sql(
        `select i.id from invoice i join customer c on c.id = i.customer_id where i.owner_id = $1 and ${conditions.join(' and ')}
         order by i.invoice_date ${direction}, i.id ${direction}`,
        params,
      );
      return rows.map((r: { id: string }) => r.id);
    };

    test('totals and pages agree with a full scan, by name, reference, number and across them, with filters', async () => {
      const cases: Array<{ q: string; status?: string; states?: string[]; customerId?: string; asc?: boolean }> = [
        { q: 'nilssons' },
        { q: 'nilssons', asc: true },
        { q: 'NILSSONS bygg' },
        { q: 'nilssons foto' },
        { q: 'foto' },
        { q: 'foto order' },
        { q: 'karlssons foto' },
        { q: 'öberg' },
        { q: 'po-7' },
        { q: '8000015' },
        { q: '8000015 nilssons' },
        { q: 'nilssons', status: 'sent', states: ['sent'] },
        { q: 'nilssons', status: 'drafted', states: ['draft'] },
        { q: 'foto', status: 'deleted', states: ['deleted'] },
        { q: 'foto', customerId: named['Nilssons Bygg AB'] },
        { q: 'nilssons', customerId: named['Nilssons Foto AB'] },
        { q: 'nobody-here' },
      ];
      for (const c of cases) {
        const want = await expected({ q: c.q, status: c.states, customerId: c.customerId, asc: c.asc });
        const query: Record<string, string | number> = { q: c.q, pageSize: 50, order: c.asc ? 'asc' : 'desc' };
        if (c.status) query.status = c.status;
        if (c.customerId) query.customerId = c.customerId;
        const label = JSON.stringify(c);
        let res = await searcher.api.call('listInvoices', { query });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.page.total, want.length, `${label}: the total`);
        const seen: string[] = res.body.items.map((i: { id: string }) => i.id);
        // Three pages on by their Next links, and one back.
        for (let n = 2; n <= 4 && res.body.page.next; n += 1) {
          res = await searcher.api.call('listInvoices', { query: { ...query, page: n, after: res.body.page.next } });
          assert.equal(res.body.page.total, want.length, `${label}: the total on page ${n}`);
          seen.push(...res.body.items.map((i: { id: string }) => i.id));
        }
        assert.deepEqual(seen, want.slice(0, seen.length), `${label}: the pages`);
        assert.equal(seen.length, Math.min(want.length, 200), `${label}: how many pages`);
        if (res.body.page.previous) {
          const back = await searcher.api.call('listInvoices', { query: { ...query, before: res.body.page.previous } });
          assert.deepEqual(
            back.body.items.map((i: { id: string }) => i.id),
            want.slice(seen.length - res.body.items.length - 50, seen.length - res.body.items.length),
            `${label}: back`,
          );
        }
      }
      assert.ok((await expected({ q: 'nilssons' })).length > 2000, 'a search with more matches than are sorted');
    });

    test("a customer's list is counted by its counters: the same totals as a full count, never another user's", async () => {
      for (const [name, id] of Object.entries(named)) {
        for (const status of [undefined, 'sent', 'drafted', 'deleted']) {
          const res = await searcher.api.call('listInvoices', {
            query: { customerId: id, ...(status ? { status } : {}) },
          });
          assert.equal(res.status, 200, JSON.stringify(res.body));
          const state = { sent: 'sent', drafted: 'draft', deleted: 'deleted' }[status ?? ''];
          const { rows } = await t.sql(
            `select count(*)::int as n from invoice where customer_id = $1 and ${state ? 'state = $2' : "state <> 'deleted'"}`,
            state ? [id, state] : [id],
          );
          assert.equal(res.body.page.total, rows[0].n, `${name} ${status}`);
        }
      }
      const stranger = await signUpConfirmedUser(t);
      const res = await stranger.api.call('listInvoices', { query: { customerId: named['Nilssons Bygg AB']! } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual([res.body.items, res.body.page.total], [[], 0]);
    });

    test("each customer's counts agree with a full count", async () => {
      const { rows } = await t.sql(`select
          (select coalesce(jsonb_object_agg(customer_id || '/' || state, n), '{}') from invoice_customer_count where n <> 0) as counted,
          (select coalesce(jsonb_object_agg(k, n), '{}') from (select customer_id || '/' || state as k, count(*)::int as n
             from invoice group by 1) x) as actual`);
      assert.deepEqual(rows[0].counted, rows[0].actual);
    });
  });
});
