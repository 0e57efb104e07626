// The operator's month through the real app (issue 26): invoices sent to customers in every VAT case, paid by BgMax
// and by hand, salaries paid out in a bank day's file, and the five reports read back over HTTP. Every figure is
// checked against what the other modules stored (salary items, the sent documents, the payout file) to the öre; the
// declared month is frozen and a later denial shows as a correction of it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { isBankDay, nextBankDay } from '../../domain/bank-days.ts';
import { decodePc8 } from '../../domain/sie.ts';
import { parseXml, selectPath, valueAt, type XmlElement } from '../../domain/xml-tree.ts';
import { AGI_COMPONENT_NAMESPACE, AGI_INSTANCE_NAMESPACE } from '../../domain/employer-declaration-xml.ts';
import {
  adminClient,
  bgMaxFile,
  freelancer,
  importFile,
  sentInvoice,
  todayInSweden,
} from '../payments/test-helpers.ts';
import { germanCompany, norwegianCompany } from '../customers/test-data.ts';

/** A business in another EU country, buying with reverse charge (box 39), and one outside the EU (box 40). */
const GERMAN_BUSINESS = { ...germanCompany, reverseVat: true };
const NORWEGIAN_BUSINESS = norwegianCompany;

const row = (unitPrice: number, quantity: number, vatPercentage: number) => ({
  description: 'Konsultarvode',
  unitPrice,
  quantity,
  unit: 'hour',
  vatPercentage,
});

type Stored = { owner_id: string; gross_salary: string; income_tax_amount: string; social_fee_amount: string };

describe("the operator's month (issue 26)", () => {
  let t: TestApp;
  let admin: ApiClient;
  let anna: TestUser;
  let ben: TestUser;
  const today = todayInSweden();
  const month = today.slice(0, 7);
  let payMonth: string;
  /** Per invoice: the totals the API answered, and its VAT case. */
  const invoices: { id: string; exclVat: number; inclVat: number; case: string }[] = [];
  let benPayoutId: string;
  let batchControlSum: number;

  async function customer(user: TestUser, body: object): Promise<string> {
    const res = await user.api.call('createCustomer', { body });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id;
  }

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = (await adminClient(t)).api;
    anna = await freelancer(t);
    ben = await freelancer(t, { governmentId: '199001012385', incomeTaxRate: 33, pensionRate: 4.5 });

    // Anna: a domestic invoice at 25 % paid in full by BgMax, one at 12 % and 6 % paid in two parts.
    const a1 = await sentInvoice(t, anna.api);
    invoices.push({ id: a1.id, exclVat: a1.totalExclVat, inclVat: a1.totalInclVat, case: '25' });
    const a2 = await sentInvoice(t, anna.api, { rows: [row(123_457, 3, 12), row(45_001, 7, 6)] });
    invoices.push({ id: a2.id, exclVat: a2.totalExclVat, inclVat: a2.totalInclVat, case: '12+6' });
    const firstPart = Math.floor(a2.totalInclVat / 3);
    const paid = await importFile(
      admin,
      bgMaxFile([
        { reference: a1.ocr, amountMinor: a1.totalInclVat },
        { reference: a2.ocr, amountMinor: firstPart },
      ]).bytes,
    );
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    const rest = await admin.call('registerPayment', {
      body: { invoiceId: a2.id, amount: a2.totalInclVat - firstPart, currency: 'SEK', paymentDate: today },
    });
    assert.equal(rest.status, 201, JSON.stringify(rest.body));

    // Ben: services to a German business (reverse charge) and to a Norwegian one (outside the EU), paid by hand.
    const b1 = await sentInvoice(t, ben.api, { rows: [row(250_000, 4, 0)] }, await customer(ben, GERMAN_BUSINESS));
    invoices.push({ id: b1.id, exclVat: b1.totalExclVat, inclVat: b1.totalInclVat, case: 'eu' });
    const b2 = await sentInvoice(t, ben.api, { rows: [row(99_999, 2, 0)] }, await customer(ben, NORWEGIAN_BUSINESS));
    invoices.push({ id: b2.id, exclVat: b2.totalExclVat, inclVat: b2.totalInclVat, case: 'outside' });
    for (const invoice of [b1, b2]) {
      const res = await admin.call('registerPayment', {
        body: { invoiceId: invoice.id, amount: invoice.totalInclVat, currency: 'SEK', paymentDate: today },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }

    // Both ask for their salary; the bank day's file takes the payouts.
    for (const user of [anna, ben]) {
      const res = await user.api.call('requestPayout');
      assert.equal(res.status, 201, JSON.stringify(res.body));
      if (user === ben) benPayoutId = res.body.id;
    }
    const day = nextBankDay(today);
    payMonth = day.slice(0, 7);
    const batch = await admin.call('createPayoutBatch', { body: { executionDate: day } });
    assert.equal(batch.status, 201, JSON.stringify(batch.body));
    batchControlSum = batch.body.batch.controlSum;
  });
  after(() => t.close());

  const storedItems = async () =>
    (
      await t.sql(
        `select owner_id, gross_salary, income_tax_amount, social_fee_amount from salary_item where payout_id is not null`,
      )
    ).rows as Stored[];
  const sum = (rows: Stored[], key: keyof Stored, owner?: string) =>
    rows.filter((r) => !owner || r.owner_id === owner).reduce((s, r) => s + Number(r[key]), 0);

  test('the employer declaration: per freelancer what their salary items stored, the totals, and whole kronor', async () => {
    const res = await admin.call('getEmployerDeclaration', { query: { month: payMonth } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const items = await storedItems();
    const body = res.body;
    assert.equal(body.status, 'open');
    assert.equal(body.people.length, 2);
    for (const user of [anna, ben]) {
      const person = body.people.find((p: { person: { userId: string } }) => p.person.userId === user.userId);
      assert.ok(person, `${user.userId} declared`);
      assert.equal(person.cashGross, sum(items, 'gross_salary', user.userId));
      assert.equal(person.taxWithheld, sum(items, 'income_tax_amount', user.userId));
      assert.equal(person.contributions, sum(items, 'social_fee_amount', user.userId));
      // Whole kronor, the öre dropped, as the declaration takes them.
      assert.equal(person.kronor.cashGross, Math.floor(person.cashGross / 100));
      assert.equal(person.kronor.taxWithheld, Math.floor(person.taxWithheld / 100));
      assert.ok(person.salaries.length >= 1);
      assert.ok(
        person.salaries.every((s: { payoutId: string; invoiceNumber: string }) => s.payoutId && s.invoiceNumber),
      );
    }
    assert.equal(
      body.people.find((p: { person: { userId: string } }) => p.person.userId === ben.userId).personalIdentityNumber,
      '199001012385',
    );
    assert.equal(body.totals.cashGross, sum(items, 'gross_salary'));
    assert.equal(body.totals.taxWithheld, sum(items, 'income_tax_amount'));
    assert.equal(body.totals.contributions, sum(items, 'social_fee_amount'));
    assert.equal(body.totals.toPay, body.totals.taxWithheld + body.totals.contributions);
    assert.equal(body.kronor.toPay, body.kronor.taxWithheld + body.kronor.contributions);
    // Paid out = cash gross less tax = the payout file's control sum (no reimbursements here).
    assert.equal(body.totals.cashGross - body.totals.taxWithheld, batchControlSum);
    // The 12th of the next month (the 17th in January and August).
    const [y, m] = payMonth.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const due = `${next}-${next.endsWith('-01') || next.endsWith('-08') ? '17' : '12'}`;
    // …moved to the next weekday when it falls on a weekend or holiday.
    assert.equal(body.dueDate, isBankDay(due) ? due : nextBankDay(due));
  });

  test("the declaration file: Skatteverket's XML, one IU per person, its sums those of the screen", async () => {
    const [screen, file] = await Promise.all([
      admin.call('getEmployerDeclaration', { query: { month: payMonth } }),
      admin.call('getEmployerDeclarationFile', { query: { month: payMonth } }),
    ]);
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-type') ?? '', /application\/xml/);
    assert.match(
      file.headers.get('content-disposition') ?? '',
      /attachment; filename="arbetsgivardeklaration-\d{6}\.xml"/,
    );
    const root = parseXml(file.body, { [AGI_INSTANCE_NAMESPACE]: '', [AGI_COMPONENT_NAMESPACE]: 'agd' });
    assert.equal(root.name, 'Skatteverket');
    assert.equal(root.attrs.omrade, 'Arbetsgivardeklaration');
    const forms = selectPath(root, 'agd:Blankett/agd:Blankettinnehall');
    const hu = forms.flatMap((f) => selectPath(f, 'agd:HU'));
    const iu = forms.flatMap((f) => selectPath(f, 'agd:IU'));
    assert.equal(hu.length, 1);
    assert.equal(iu.length, 2);
    const field = (e: XmlElement, name: string) => Number(valueAt(e, `agd:${name}`));
    assert.equal(field(hu[0]!, 'SummaArbAvgSlf'), screen.body.kronor.contributions);
    assert.equal(field(hu[0]!, 'SummaSkatteavdr'), screen.body.kronor.taxWithheld);
    const ids = iu.map((e) =>
      valueAt(e, 'agd:BetalningsmottagareIUGROUP/agd:BetalningsmottagareIDChoice/agd:BetalningsmottagarId'),
    );
    assert.deepEqual(ids.sort(), ['198112189876', '199001012385']);
    assert.equal(
      iu.reduce((s, e) => s + field(e, 'KontantErsattningUlagAG'), 0),
      screen.body.people.reduce((s: number, p: { kronor: { cashGross: number } }) => s + p.kronor.cashGross, 0),
    );
    assert.equal(
      iu.reduce((s, e) => s + field(e, 'AvdrPrelSkatt'), 0),
      screen.body.people.reduce((s: number, p: { kronor: { taxWithheld: number } }) => s + p.kronor.taxWithheld, 0),
    );
  });

  test('the VAT return: each invoice in its box, to the öre, 49 the VAT to pay', async () => {
    const res = await admin.call('getVatReturn', { query: { period: month } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const boxes = res.body.boxes;
    const of = (kind: string) => invoices.filter((i) => i.case === kind);
    const excl = (kind: string) => of(kind).reduce((s, i) => s + i.exclVat, 0);
    const vat = (kind: string) => of(kind).reduce((s, i) => s + i.inclVat - i.exclVat, 0);
    // Anna's 12 + 6 % invoice, by hand: 3 × 1 234,57 at 12 %, 7 × 450,01 at 6 %.
    assert.equal(boxes['11'], Math.round(3 * 123_457 * 0.12));
    assert.equal(boxes['12'], Math.round(7 * 45_001 * 0.06));
    assert.equal(boxes['05'], excl('25') + excl('12+6'));
    assert.equal(boxes['10'], vat('25'));
    assert.equal(boxes['10'] + boxes['11'] + boxes['12'], vat('25') + vat('12+6'));
    assert.equal(boxes['39'], 1_000_000);
    assert.equal(boxes['40'], 199_998);
    assert.equal(boxes['42'], 0);
    assert.equal(boxes['48'], 0);
    assert.equal(boxes['49'], boxes['10'] + boxes['11'] + boxes['12'] - boxes['48']);
    assert.equal(res.body.kronor['10'], Math.floor(boxes['10'] / 100));

    const csv = await admin.call('getVatReturnFile', { query: { period: month, lang: 'en' } });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines[0], 'Box;Description;Amount (SEK);Amount (öre)');
    assert.ok(
      lines.includes(`39;Sales of services to a business in another EU country under the main rule;10000;1000000`),
    );
    const sv = await admin.call('getVatReturnFile', { query: { period: month } });
    // (fetch's text() drops the byte order mark the file starts with)
    assert.match(sv.body as string, /^\uFEFF?Ruta;Beskrivning;Belopp \(kr\);Belopp \(öre\)\r\n05;/);
  });

  test('the EC sales list: the German VAT number with the value of box 39; a file for Skatteverket', async () => {
    const res = await admin.call('getEcSalesList', { query: { period: month } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.lines.map((l: { vatNumber: string; services: number }) => [l.vatNumber, l.services]),
      [['DE123456788', 1_000_000]],
    );
    assert.equal(res.body.total, res.body.box39);
    const file = await admin.call('getEcSalesListFile', { query: { period: month } });
    assert.equal(file.status, 200);
    assert.deepEqual((file.body as string).split('\r\n').slice(-2), ['DE123456788;;;10000;', '']);
    assert.match(file.body as string, /^SKV574008;\r\nSE\d{12};\d{4};/);
  });

  test('the bookkeeping: a SIE 4 file in PC8, every voucher balanced, the bank what came in less what went out', async () => {
    const from = `${month}-01`;
    const to = nextBankDay(today);
    const res = await admin.call('exportBookkeeping', { query: { from, to } });
    assert.equal(res.status, 200, String(res.body));
    assert.match(res.headers.get('content-disposition') ?? '', /bokforing-.*\.si/);
    const text = decodePc8(res.body as Uint8Array);
    assert.match(text, /^#FLAGGA 0\r\n/);
    assert.match(text, /#SIETYP 4\r\n/);
    assert.match(text, /#FORMAT PC8\r\n/);
    let bank = 0;
    const vouchers = text.split('#VER ').slice(1);
    assert.ok(vouchers.length >= 4 + 5 + 2 + 2, `${vouchers.length} vouchers`);
    for (const voucher of vouchers) {
      const amounts = [...voucher.matchAll(/#TRANS (\d+) \{\} (-?\d+(?:\.\d{2})?)/g)].map((m) => [
        m[1]!,
        Math.round(Number(m[2]) * 100),
      ]) as [string, number][];
      assert.equal(
        amounts.reduce((s, [, a]) => s + a, 0),
        0,
        `balances: ${voucher}`,
      );
      bank += amounts.filter(([account]) => account === '1930').reduce((s, [, a]) => s + a, 0);
    }
    const paidIn = invoices.reduce((s, i) => s + i.inclVat, 0);
    assert.equal(bank, paidIn - batchControlSum);

    const recon = await admin.call('getReconciliation', { query: { from, to } });
    assert.equal(recon.status, 200);
    assert.deepEqual(
      recon.body.checks.filter((c: { ok: boolean }) => !c.ok),
      [],
    );
    assert.equal(recon.body.ok, true);
  });

  describe('a declared month', () => {
    let declared: { totals: Record<string, number>; fingerprint: string };

    before(async () => {
      const view = await admin.call('getEmployerDeclaration', { query: { month: payMonth } });
      const res = await admin.call('declareEmployerDeclaration', {
        body: { month: payMonth, fingerprint: view.body.fingerprint },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      declared = res.body;
    });

    test('is declared once with the figures the admin saw', async () => {
      assert.equal((declared as unknown as { status: string }).status, 'declared');
      const again = await admin.call('declareEmployerDeclaration', {
        body: { month: payMonth, fingerprint: declared.fingerprint },
      });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'declaration_unchanged');
      const stale = await admin.call('declareEmployerDeclaration', {
        body: { month: payMonth, fingerprint: '0'.repeat(64) },
      });
      assert.equal(stale.status, 409);
      assert.equal(stale.body.code, 'declaration_outdated');
      const events = await t.sql(`select action from audit_event where action = 'employer_declaration.declared'`);
      assert.equal(events.rows.length, 1);
    });

    test('a payout denied afterwards is a correction of the month; what was declared stays as it was', async () => {
      const denied = await admin.call('denyPayout', {
        params: { payoutId: benPayoutId },
        body: { reason: 'Returned: account closed' },
      });
      assert.equal(denied.status, 200, JSON.stringify(denied.body));
      const res = await admin.call('getEmployerDeclaration', { query: { month: payMonth } });
      const body = res.body;
      assert.equal(body.status, 'corrected');
      assert.deepEqual(body.declaration.totals, declared.totals);
      assert.equal(body.declaration.people.length, 2);
      assert.equal(body.people.length, 1);
      assert.equal(body.corrections.length, 1);
      const correction = body.corrections[0];
      const benDeclared = body.declaration.people.find(
        (p: { person: { userId: string } }) => p.person.userId === ben.userId,
      );
      assert.equal(correction.person.userId, ben.userId);
      assert.equal(correction.cashGross, -benDeclared.cashGross);
      assert.equal(correction.taxWithheld, -benDeclared.taxWithheld);
      assert.equal(correction.contributions, -benDeclared.contributions);
      assert.equal(correction.current, null);
      assert.deepEqual(
        correction.causes.map((c: { kind: string; payoutId: string; reason: string }) => [
          c.kind,
          c.payoutId,
          c.reason,
        ]),
        [['payout_denied', benPayoutId, 'Returned: account closed']],
      );
      assert.equal(body.correctionTotals.cashGross, correction.cashGross);
      assert.equal(body.totals.cashGross, declared.totals.cashGross + correction.cashGross);

      // The corrected file removes Ben's part; declaring it makes version 2.
      const file = await admin.call('getEmployerDeclarationFile', { query: { month: payMonth } });
      const root = parseXml(file.body, { [AGI_INSTANCE_NAMESPACE]: '', [AGI_COMPONENT_NAMESPACE]: 'agd' });
      const iu = selectPath(root, 'agd:Blankett/agd:Blankettinnehall/agd:IU');
      assert.equal(iu.length, 2);
      const v2 = await admin.call('declareEmployerDeclaration', {
        body: { month: payMonth, fingerprint: body.fingerprint },
      });
      assert.equal(v2.status, 201);
      assert.deepEqual([v2.body.status, v2.body.declaration.version, v2.body.corrections.length], ['declared', 2, 0]);
    });
  });

  test('bad input is a 400 naming the field; a period longer than a year a 422', async () => {
    const month = await admin.call('getEmployerDeclaration', { query: { month: '2026-13' } });
    assert.equal(month.status, 400);
    const period = await admin.call('getVatReturn', { query: { period: '2026-Q5' } });
    assert.equal(period.status, 400);
    const long = await admin.call('exportBookkeeping', { query: { from: '2025-01-01', to: '2026-06-30' } });
    assert.equal(long.status, 422);
    assert.equal(long.body.code, 'period_invalid');
  });

  test('refused to a freelancer (403) and to anyone logged out (401)', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['getEmployerDeclaration', { query: { month } }],
      ['getEmployerDeclarationFile', { query: { month } }],
      ['getVatReturn', { query: { period: month } }],
      ['getEcSalesList', { query: { period: month } }],
      ['exportBookkeeping', { query: { from: `${month}-01`, to: today } }],
    ];
    for (const [operation, options] of calls) {
      assert.equal((await t.client().call(operation as never, options)).status, 401, operation);
      assert.equal((await anna.api.call(operation as never, options)).status, 403, operation);
    }
  });
});
