// Vacation pay (issue 25) in the operator's month (issue 26), through the real app and against figures worked by hand.
// sweden.md's example (40 000 kr, fee 6 %, tax 30 %, standard rate 31.42 %; payments/vacation-pay.test.ts): gross
// G = 28 610.56 of which vacation pay V = round(G × 12/112) = 3 065.42, contributions 8 989.44.
//   Paul has V paid with his salary: 011 = 28 610.56, 001 = 8 583.17, contributions 8 989.44, paid out 20 027.39.
//   Sara saves it: her salary pays G − V = 25 545.14, tax round(25 545.14 × 30 %) = 7 663.54, contributions
//   8 989.44 − round(8 989.44 × V / G) = 8 989.44 − 963.16 = 8 026.28, paid out 17 881.60; V and 963.16 are a
//   provision (7290 / 2920 and 7519 / 2940), in no declaration, until her vacation pay payout pays V with tax
//   round(3 065.42 × 30 %) = 919.63 (net 2 145.79) and makes the 963.16 due: in the month of ITS bank day.
// Over both payouts Sara's 011, 001 and contributions are Paul's to the öre: 28 610.56, 7 663.54 + 919.63 = 8 583.17,
// 8 026.28 + 963.16 = 8 989.44.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { nextBankDay } from '../../domain/bank-days.ts';
import { decodePc8 } from '../../domain/sie.ts';
import {
  adminClient,
  bgMaxFile,
  freelancer,
  importFile,
  sentInvoice,
  todayInSweden,
} from '../payments/test-helpers.ts';

const EXAMPLE = {
  rows: [{ description: 'Konsultarvode', unitPrice: 400_000, quantity: 10, unit: 'hour', vatPercentage: 25 }],
};
const V = 306_542;
const V_FEE = 96_316;

type Salary = { source: string; payoutId: string; cashGross: number; taxWithheld: number; contributions: number };
type Person = {
  person: { userId: string };
  personalIdentityNumber: string;
  cashGross: number;
  taxWithheld: number;
  contributions: number;
  kronor: { cashGross: number; taxWithheld: number };
  salaries: Salary[];
};

describe("saved vacation pay in the operator's month", () => {
  let t: TestApp;
  let admin: ApiClient;
  let sara: TestUser;
  let paul: TestUser;
  const today = todayInSweden();
  const from = `${today.slice(0, 7)}-01`;
  let salaryDay: string;
  let vacationDay: string;
  let vacationPayoutId: string;

  const declaration = async (month: string) => {
    const res = await admin.call('getEmployerDeclaration', { query: { month } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as { people: Person[]; totals: { cashGross: number; taxWithheld: number; contributions: number } };
  };
  const person = (body: { people: Person[] }, user: TestUser) =>
    body.people.find((p) => p.person.userId === user.userId);
  const account = async (to: string, number: string) => {
    const res = await admin.call('getReconciliation', { query: { from, to } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.checks.filter((c: { ok: boolean }) => !c.ok),
      [],
    );
    const a = res.body.accounts.find((x: { account: string }) => x.account === number);
    return { debit: a?.debit ?? 0, credit: a?.credit ?? 0 };
  };

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = (await adminClient(t)).api;
    sara = await freelancer(t, { saveVacationPay: true });
    paul = await freelancer(t, { governmentId: '199001012385' });
    const invoices = [await sentInvoice(t, sara.api, EXAMPLE), await sentInvoice(t, paul.api, EXAMPLE)];
    const paid = await importFile(
      admin,
      bgMaxFile(invoices.map((i) => ({ reference: i.ocr, amountMinor: i.totalInclVat }))).bytes,
    );
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    for (const user of [sara, paul]) assert.equal((await user.api.call('requestPayout')).status, 201);
    salaryDay = nextBankDay(today);
    const batch = await admin.call('createPayoutBatch', { body: { executionDate: salaryDay } });
    assert.equal(batch.status, 201, JSON.stringify(batch.body));
    assert.equal(batch.body.batch.controlSum, 1_788_160 + 2_002_739);
  });
  after(() => t.close());

  test('saved and not paid out: a provision in the books, not in the declaration', async () => {
    const body = await declaration(salaryDay.slice(0, 7));
    const saraThere = person(body, sara)!;
    assert.deepEqual(
      [saraThere.cashGross, saraThere.taxWithheld, saraThere.contributions],
      [2_861_056 - V, 766_354, 898_944 - V_FEE],
    );
    assert.deepEqual(
      saraThere.salaries.map((s) => s.source),
      ['salary_item'],
    );
    const paulThere = person(body, paul)!;
    assert.deepEqual(
      [paulThere.cashGross, paulThere.taxWithheld, paulThere.contributions],
      [2_861_056, 858_317, 898_944],
    );
    // The liability and its contributions stay on 2920 / 2940 until paid out.
    assert.deepEqual(await account(salaryDay, '2920'), { debit: 0, credit: V });
    assert.deepEqual(await account(salaryDay, '7290'), { debit: V, credit: 0 });
    assert.deepEqual(await account(salaryDay, '7519'), { debit: V_FEE, credit: 0 });
    const accrued = await account(salaryDay, '2940');
    assert.equal(accrued.credit - accrued.debit, V_FEE);
    assert.deepEqual(await account(salaryDay, '2731'), { debit: 0, credit: 898_944 - V_FEE + 898_944 });
  });

  test('paid out later: in the declaration of its bank day with its tax and contributions; the provision released', async () => {
    const res = await sara.api.call('requestVacationPayPayout');
    assert.equal(res.status, 201, JSON.stringify(res.body));
    vacationPayoutId = res.body.id;
    vacationDay = res.body.executionDate;
    const batch = await admin.call('createPayoutBatch', { body: { executionDate: vacationDay } });
    assert.equal(batch.status, 201, JSON.stringify(batch.body));
    assert.equal(batch.body.batch.controlSum, 214_579);

    const body = await declaration(vacationDay.slice(0, 7));
    const part = person(body, sara)!.salaries.find((s) => s.source === 'vacation_pay');
    assert.deepEqual(
      part && { payoutId: part.payoutId, gross: part.cashGross, tax: part.taxWithheld, fee: part.contributions },
      { payoutId: vacationPayoutId, gross: V, tax: 91_963, fee: V_FEE },
    );
    // Over both months Sara's figures are Paul's, to the öre.
    const months = [...new Set([salaryDay.slice(0, 7), vacationDay.slice(0, 7)])];
    const hers = { cashGross: 0, taxWithheld: 0, contributions: 0 };
    for (const month of months) {
      const p = person(await declaration(month), sara);
      if (!p) continue;
      hers.cashGross += p.cashGross;
      hers.taxWithheld += p.taxWithheld;
      hers.contributions += p.contributions;
    }
    assert.deepEqual(hers, { cashGross: 2_861_056, taxWithheld: 858_317, contributions: 898_944 });

    // The XML of the vacation payout's month carries it in Sara's 011 / 001.
    const file = await admin.call('getEmployerDeclarationFile', { query: { month: vacationDay.slice(0, 7) } });
    assert.equal(file.status, 200);
    const hersThen = person(body, sara)!;
    const xml = String(file.body);
    const iu = xml.split('<agd:IU>').find((part) => part.includes(hersThen.personalIdentityNumber));
    assert.ok(iu, 'her individual part');
    assert.match(iu, new RegExp(`faltkod="011">${hersThen.kronor.cashGross}<`));
    assert.match(iu, new RegExp(`faltkod="001">${hersThen.kronor.taxWithheld}<`));

    // The books: the provision is released (2920 nets to 0), everything due to Skatteverket is on 2710 / 2731.
    assert.deepEqual(await account(vacationDay, '2920'), { debit: V, credit: V });
    const accrued = await account(vacationDay, '2940');
    assert.equal(accrued.credit - accrued.debit, 0);
    assert.deepEqual(await account(vacationDay, '2731'), { debit: 0, credit: 2 * 898_944 });
    assert.deepEqual(await account(vacationDay, '2710'), { debit: 0, credit: 2 * 858_317 });
    const sie = await admin.call('exportBookkeeping', { query: { from, to: vacationDay } });
    assert.equal(sie.status, 200);
    const text = decodePc8(sie.body as Uint8Array);
    const voucher = text.split('#VER ').find((v) => v.includes('Utbetalning sparad semesterersättning'));
    assert.ok(voucher, 'a voucher for the vacation pay payout');
    const lines = Object.fromEntries(
      [...voucher.matchAll(/#TRANS (\d+) \{\} (-?\d+(?:\.\d{2})?)/g)].map((m) => [
        m[1]!,
        Math.round(Number(m[2]) * 100),
      ]),
    );
    assert.deepEqual(lines, { '2920': V, '2940': V_FEE, '2710': -91_963, '2731': -V_FEE, '1930': -214_579 });
  });
});
