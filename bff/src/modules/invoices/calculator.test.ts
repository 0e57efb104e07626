// API tests of the salary calculator (issue 25): "what if" another income tax rate, pension rate or vacation pay choice
// without changing the profile, a campaign code, and both directions exact to the öre (the invoice amount answered for
// a wanted net, fed back, gives that net), vacation pay saved or not, over generated inputs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser } from '../../../test/fixtures.ts';
import { computeSalary } from '../../domain/salary.ts';
import { todayInSweden } from '../payments/test-helpers.ts';

describe('the salary calculator', () => {
  let t: TestApp;
  let api: ApiClient;
  const today = todayInSweden();

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    const user = await signUpConfirmedUser(t);
    api = user.api;
    await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [user.userId]);
    await t.sql(
      `insert into campaign_code (code, effect, value, valid_from, valid_to, max_uses, uses)
       values ('FRILO50', 'fee_discount', 50, $1::date - 30, null, null, 0)`,
      [today],
    );
  });
  after(() => t.close());

  test('"what if": another tax rate, pension rate and vacation pay choice, the profile untouched', async () => {
    const body = { amount: 4_000_000, incomeTaxRate: 35.5, pensionRate: 4.5, saveVacationPay: true };
    const res = await api.call('estimateSalary', { body });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const expected = computeSalary({
      invoiceAmount: 4_000_000,
      incomeTaxRate: '35.5',
      pensionRate: '4.5',
      saveVacationPay: true,
      birthDate: '1981-12-18',
      paymentDate: today,
    });
    for (const key of [
      'grossSalary',
      'vacationPayAmount',
      'salaryExcludingVacationPay',
      'savedVacationPayAmount',
      'savedVacationPaySocialFeeAmount',
      'pensionAmount',
      'incomeTaxAmount',
      'netSalary',
      'payout',
    ] as const)
      assert.equal(res.body[key], expected[key], key);
    assert.equal(res.body.saveVacationPay, true);
    assert.deepEqual([res.body.rates.incomeTax, res.body.rates.pension], [35.5, 4.5]);
    const profile = (await api.call('getProfile')).body;
    assert.deepEqual([profile.incomeTaxRate, profile.pensionRate, profile.saveVacationPay], [30, 0, false]);
  });

  test('a rate with more than two decimals or out of bounds is a field error', async () => {
    const precise = await api.call('estimateSalary', { body: { amount: 100_000, incomeTaxRate: 30.555 } });
    assert.equal(precise.status, 400);
    assert.deepEqual(
      precise.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['body.incomeTaxRate', 'invalid_precision']],
    );
    const high = await api.call('estimateInvoiceAmount', { body: { amount: 100_000, pensionRate: 31 } });
    assert.equal(high.status, 400);
  });

  test('a campaign code lowers the fee (FRILO50: half of 6 %); a wrong one is "Invalid campaign code"', async () => {
    const res = await api.call('estimateSalary', { body: { amount: 4_000_000, campaignCode: 'frilo50' } });
    assert.equal(res.status, 200);
    assert.deepEqual([res.body.campaignCode, res.body.commissionAmount, res.body.rates.fee], ['FRILO50', 120_000, 3]);
    const wrong = await api.call('estimateInvoiceAmount', { body: { amount: 2_000_000, campaignCode: 'FRILO5O' } });
    assert.equal(wrong.status, 422);
    assert.equal(wrong.body.code, 'campaign_code_invalid');
  });

  test('property: both directions exact to the öre, vacation pay saved or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.integer({ min: 0, max: 6000 }).map((n) => n / 100),
        fc.integer({ min: 0, max: 3000 }).map((n) => n / 100),
        fc.boolean(),
        fc.constantFrom<'netSalary' | 'payout'>('netSalary', 'payout'),
        fc.option(fc.integer({ min: 1, max: 500_000 }), { nil: undefined }),
        fc.option(fc.constant('FRILO50'), { nil: undefined }),
        async (amount, incomeTaxRate, pensionRate, saveVacationPay, target, receipt, campaignCode) => {
          const whatIf = {
            incomeTaxRate,
            pensionRate,
            saveVacationPay,
            // A payout below what the receipts alone pay back is unreachable: receipts only with a net salary wanted.
            ...(receipt && target === 'netSalary' ? { expenses: [{ amount: receipt, vatPercentage: 25 }] } : {}),
            ...(campaignCode ? { campaignCode } : {}),
          };
          const answer = await api.call('estimateInvoiceAmount', { body: { amount, target, ...whatIf } });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          assert.equal(answer.body.estimate[target], amount);
          const back = await api.call('estimateSalary', { body: { amount: answer.body.workAmount, ...whatIf } });
          assert.equal(back.status, 200, JSON.stringify(back.body));
          assert.equal(back.body[target], amount, 'the answer fed back gives the same figure');
          assert.equal(back.body.savedVacationPayAmount, saveVacationPay ? back.body.vacationPayAmount : 0);
          assert.equal(back.body.grossSalary, back.body.salaryExcludingVacationPay + back.body.vacationPayAmount);
        },
      ),
      { numRuns: 25 },
    );
  });
});
