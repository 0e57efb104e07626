// The money chain over days, on real PostgreSQL, with the payments module's clock set: payments registered on Friday
// 18 December 2026 leave on Monday the 21st (the 20th is a Sunday) by the scheduled step, once; the next day they are
// paid out; Christmas Eve makes no file. Also the youth reduction's monthly cap, shared by the month's salaries, and
// the salary calculator's other direction.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { luhnCheckDigit } from '../../domain/luhn.ts';
import { computeSalary } from '../../domain/salary.ts';
import { Translations } from '../../platform/i18n/translations.ts';
import { createBankingService } from '../banking/public.ts';
import { createInvoiceServices } from '../invoices/public.ts';
import { createPaymentServices, runPayoutDay, type PaymentServices } from './module.ts';
import { adminClient, bgMaxFile, freelancer, sentInvoice } from './test-helpers.ts';

/** The payments module of this app with its clock at `iso` (a Swedish time). */
function at(t: TestApp, iso: string): PaymentServices {
  const translations = new Translations(t.config.staticRoot);
  return createPaymentServices(
    t.services,
    translations,
    createInvoiceServices(t.services, translations),
    createBankingService(t.services),
    { now: () => new Date(iso) },
  );
}

const ADMIN = (id: string) => ({ adminId: id, actor: { type: 'admin' as const, userId: id }, ip: null });

describe('over the days', () => {
  let t: TestApp;
  let adminId: string;
  let monthly: TestUser;
  let immediate: TestUser;

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    adminId = (await adminClient(t)).userId;
    monthly = await freelancer(t);
    immediate = await freelancer(t, { payoutPreference: 'payout_immediate' });
    const friday = at(t, '2026-12-18T10:00:00+01:00');
    for (const user of [monthly, immediate]) {
      const invoice = await sentInvoice(t, user.api);
      const file = bgMaxFile([{ reference: invoice.ocr, amountMinor: invoice.totalInclVat }], {
        paymentDate: '2026-12-18',
        timestamp: `20261218${String(Math.random()).slice(2, 14).padEnd(12, '0')}`,
      }).bytes;
      await friday.incoming.importBgMax(t.services.orm.em.fork() as EntityManager, ADMIN(adminId), {
        fileName: 'f.bgmax',
        bytes: file,
      });
    }
  });
  after(() => t.close());

  const payouts = async () =>
    (
      await t.sql(
        `select owner_id, status, to_char(execution_date, 'YYYY-MM-DD') as day, batch_id from payout order by created_at`,
      )
    ).rows;

  test('Friday the 18th: both salaries are expected on Monday the 21st', async () => {
    const friday = at(t, '2026-12-18T10:00:00+01:00');
    const em = t.services.orm.em.fork() as EntityManager;
    for (const user of [monthly, immediate]) {
      const summary = await friday.salaries.summary(em, user.userId);
      assert.equal(summary.nextPayout?.date, '2026-12-21');
    }
  });

  test('"pay out now" on Friday the 18th leaves Monday the 21st, to the masked account, the weekend said as the reason', async () => {
    const friday = at(t, '2026-12-18T10:00:00+01:00');
    const em = t.services.orm.em.fork() as EntityManager;
    const summary = await friday.salaries.summary(em, immediate.userId);
    assert.deepEqual(summary.payoutNow, {
      date: '2026-12-21',
      account: 'Swedbank •••• 7897',
      skipped: [
        { date: '2026-12-19', reason: 'weekend' },
        { date: '2026-12-20', reason: 'weekend' },
      ],
    });
    // Wednesday the 23rd: Christmas Eve and Day are closed, then the weekend: Monday the 28th.
    const wednesday = await at(t, '2026-12-23T10:00:00+01:00').salaries.summary(em, immediate.userId);
    assert.deepEqual(wednesday.payoutNow?.date, '2026-12-28');
    assert.deepEqual(
      wednesday.payoutNow?.skipped.map((d) => `${d.date} ${d.reason}`),
      ['2026-12-24 holiday', '2026-12-25 holiday', '2026-12-26 weekend', '2026-12-27 weekend'],
    );
    // A Tuesday: tomorrow, nothing to explain.
    const tuesday = await at(t, '2026-12-15T10:00:00+01:00').salaries.summary(em, immediate.userId);
    assert.deepEqual([tuesday.payoutNow?.date, tuesday.payoutNow?.skipped], ['2026-12-16', []]);
  });

  test('the schedule’s step early on Monday the 21st makes the day’s file with both, once', async () => {
    const monday = at(t, '2026-12-21T04:30:00+01:00');
    await runPayoutDay(t.services, monday);
    await runPayoutDay(t.services, monday);
    const made = await payouts();
    assert.deepEqual(
      made.map((p) => [p.owner_id, p.status, p.day]).sort(),
      [
        [monthly.userId, 'initiated', '2026-12-21'],
        [immediate.userId, 'initiated', '2026-12-21'],
      ].sort(),
    );
    assert.equal(new Set(made.map((p) => p.batch_id)).size, 1);
    const batches = await t.sql(`select to_char(execution_date, 'YYYY-MM-DD') as day from payout_batch`);
    assert.deepEqual(batches.rows, [{ day: '2026-12-21' }]);
  });

  test('once Monday’s file is made, "pay out now" says so and leaves Tuesday; each salary shows its payout’s day', async () => {
    const em = t.services.orm.em.fork() as EntityManager;
    const sunday = await at(t, '2026-12-20T23:00:00+01:00').salaries.summary(em, immediate.userId);
    assert.deepEqual(sunday.payoutNow?.date, '2026-12-22');
    assert.deepEqual(sunday.payoutNow?.skipped, [{ date: '2026-12-21', reason: 'file_made' }]);
    const listed = await immediate.api.call('listSalaryTransactions', { query: { kind: 'salary' } });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(
      listed.body.items.map((item: { status: string; payoutDate: string | null }) => [item.status, item.payoutDate]),
      [['initiated', '2026-12-21']],
    );
    const summary = await immediate.api.call('getPayoutSummary');
    assert.equal(summary.body.payoutNow.account, 'Swedbank •••• 7897');
  });

  test('the next day they are paid out; on Christmas Eve no file is made', async () => {
    await runPayoutDay(t.services, at(t, '2026-12-22T04:30:00+01:00'));
    assert.deepEqual(
      (await payouts()).map((p) => p.status),
      ['completed_transaction', 'completed_transaction'],
    );
    const items = await t.sql(`select distinct status from salary_item`);
    assert.deepEqual(items.rows, [{ status: 'completed_transaction' }]);
    await runPayoutDay(t.services, at(t, '2026-12-24T04:30:00+01:00'));
    assert.equal((await t.sql(`select count(*)::int as n from payout_batch`)).rows[0].n, 1);
  });
});

describe('the youth reduction and the calculator', () => {
  let t: TestApp;
  let admin: ApiClient;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = (await adminClient(t)).api;
  });
  after(() => t.close());

  test('two salaries in one month share the 25 000 kr cap of the youth rate', async () => {
    // Born 2005: turned 18 but not 23 on 1 January 2026, so 20.81 % on the first 25 000 kr of each month's salary.
    const payload = '050315123';
    const user = await freelancer(t, { governmentId: `20${payload}${luhnCheckDigit(payload)}` });
    const first = await sentInvoice(t, user.api, {
      rows: [{ description: 'Arbete', unitPrice: 3_000_000, quantity: 1, unit: 'lump_sum', vatPercentage: 25 }],
    });
    const second = await sentInvoice(t, user.api, {
      rows: [{ description: 'Arbete', unitPrice: 2_000_000, quantity: 1, unit: 'lump_sum', vatPercentage: 25 }],
    });
    const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
    await admin.call('registerPayment', {
      body: { invoiceId: first.id, amount: first.totalInclVat, currency: 'SEK', paymentDate: day },
    });
    await admin.call('registerPayment', {
      body: { invoiceId: second.id, amount: second.totalInclVat, currency: 'SEK', paymentDate: day },
    });
    const items = await t.sql(
      `select amount, gross_salary, social_fee_amount, salary_already_paid_this_month, employer_contribution_category
       from salary_item where owner_id = $1 order by created_at`,
      [user.userId],
    );
    const [a, b] = items.rows;
    const expectedFirst = computeSalary({ invoiceAmount: 3_000_000, birthDate: '2005-03-15', paymentDate: day });
    const expectedSecond = computeSalary({
      invoiceAmount: 2_000_000,
      birthDate: '2005-03-15',
      paymentDate: day,
      salaryAlreadyPaidThisMonth: expectedFirst.grossSalary,
    });
    assert.equal(a.employer_contribution_category, 'youth');
    assert.deepEqual(
      [Number(a.gross_salary), Number(b.gross_salary), Number(b.salary_already_paid_this_month)],
      [expectedFirst.grossSalary, expectedSecond.grossSalary, expectedFirst.grossSalary],
    );
    // The second salary is above what is left of the cap, so it pays more contributions than a first one would.
    const alone = computeSalary({ invoiceAmount: 2_000_000, birthDate: '2005-03-15', paymentDate: day });
    assert.ok(Number(b.social_fee_amount) > alone.socialFeeAmount);
  });

  test('from the net salary wanted to the invoice amount, exact to the öre', async () => {
    const user = await freelancer(t, { incomeTaxRate: 32.5, pensionRate: 4.5 });
    for (const wanted of [2_000_000, 1_234_567, 99]) {
      const res = await user.api.call('estimateInvoiceAmount', { body: { amount: wanted } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.estimate.netSalary, wanted);
      const forward = await user.api.call('estimateSalary', { body: { amount: res.body.workAmount } });
      assert.equal(forward.body.netSalary, wanted);
      const less = await user.api.call('estimateSalary', { body: { amount: res.body.workAmount - 1 } });
      assert.ok(less.body.netSalary < wanted, 'the smallest amount that gives it');
    }
    const withExpenses = await user.api.call('estimateInvoiceAmount', {
      body: { target: 'payout', amount: 3_000_000, expenses: [{ amount: 45_900, vatPercentage: 6 }], mileageKm: 120 },
    });
    assert.equal(withExpenses.body.estimate.payout, 3_000_000);
    assert.ok(withExpenses.body.estimate.amount > withExpenses.body.workAmount);
  });
});
