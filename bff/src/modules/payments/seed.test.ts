// The demo: a paid invoice with its salary and a payout, a partly paid one, and a payment the admin must match;
// seeded once, through the real services.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('demo payments', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('paid and partly paid invoices, their salaries and payout, and an unmatched payment; once', async () => {
    await t.seed();
    const counts = async () =>
      (
        await t.sql(`select (select count(*)::int from incoming_payment) as payments,
          (select count(*)::int from salary_item) as items, (select count(*)::int from payout) as payouts,
          (select count(*)::int from payout_batch) as batches`)
      ).rows[0];
    const first = await counts();
    await t.seed();
    assert.deepEqual(await counts(), first, 'a second start changes nothing');
    assert.deepEqual(first, { payments: 3, items: 2, payouts: 1, batches: 1 });

    const demo = t.client();
    await demo.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    const invoices = await demo.call('listInvoices', { query: { pageSize: 50 } });
    const paidOnes = invoices.body.items
      .map((i: { statusName: string }) => i.statusName)
      .filter((name: string) => name.includes('paid'));
    assert.deepEqual(paidOnes.sort(), ['paid', 'partially_paid']);
    const rows = (await demo.call('listSalaryTransactions')).body.items;
    assert.deepEqual(rows.map((r: { kind: string; status: string }) => `${r.kind}/${r.status}`).sort(), [
      'payout/initiated',
      'salary/initiated',
      'salary/initiated',
    ]);
    const payout = rows.find((r: { kind: string }) => r.kind === 'payout');
    const payslip = await demo.call('getPayslip', { params: { payoutId: payout.id } });
    assert.equal(payslip.status, 200);
    // The vacation pay is in every salary, and the demo saves it: both salaries' vacation pay is there to take out.
    const salaries = await Promise.all(
      rows
        .filter((r: { kind: string }) => r.kind === 'salary')
        .map(
          async (r: { id: string }) =>
            (await demo.call('getSalaryTransaction', { params: { transactionId: r.id } })).body.salary,
        ),
    );
    for (const salary of salaries) {
      assert.ok(salary.vacationPayAmount > 0);
      assert.equal(salary.savedVacationPayAmount, salary.vacationPayAmount);
    }
    const balance = (await demo.call('getVacationPayBalance')).body;
    assert.equal(
      balance.savedAmount,
      salaries.reduce((sum: number, s: { savedVacationPayAmount: number }) => sum + s.savedVacationPayAmount, 0),
    );
    assert.ok(balance.payoutNow.netAmount > 0);

    const admin = t.client();
    await admin.call('login', { body: { email: 'admin@example.com', password: 'admin-password' } });
    const unmatched = await admin.call('listPayments', { query: { status: 'unmatched' } });
    assert.equal(unmatched.body.items.length, 1);
    assert.equal(unmatched.body.items[0].payer.name, 'Okänd Betalare AB');
    const batches = await admin.call('listPayoutBatches');
    assert.equal(batches.body.items[0].numberOfTransactions, 1);
  });
});
