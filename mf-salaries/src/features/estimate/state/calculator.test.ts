import { test } from 'node:test';
import assert from 'node:assert/strict';
import { INITIAL_INVERSE, INITIAL_SALARY, inverseRequest, salaryRequest, whatIfRequest } from './calculator.ts';

test('an empty amount asks nothing', () => {
  assert.equal(salaryRequest(INITIAL_SALARY, 'sv'), null);
  assert.equal(inverseRequest(INITIAL_INVERSE, 'en'), null);
});

test('amounts typed the Swedish or English way become öre, kilometres exact to the hundredth', () => {
  assert.deepEqual(
    salaryRequest({ amount: '40 000,50', currency: 'EUR', expenses: '459', expensesVat: '6', mileage: '142,35' }, 'sv'),
    {
      ok: true,
      value: { amount: 4000050, currency: 'EUR', expenses: [{ amount: 45900, vatPercentage: 6 }], mileageKm: 142.35 },
    },
  );
  assert.deepEqual(inverseRequest({ ...INITIAL_INVERSE, target: 'payout', wanted: '20,000.01' }, 'en'), {
    ok: true,
    value: { target: 'payout', amount: 2000001 },
  });
});

test('what cannot be read is named per field, never rounded', () => {
  const result = salaryRequest({ ...INITIAL_SALARY, amount: '10,005', mileage: 'far' }, 'sv');
  assert.equal(result?.ok, false);
  assert.deepEqual(Object.keys(result && !result.ok ? result.issues : {}).sort(), ['amount', 'mileage']);
});

test('"what if": rates typed either way become exact numbers, out of bounds or too precise is named', () => {
  const values = { incomeTaxRate: '32,5', pensionRate: '4.5', saveVacationPay: true, campaignCode: 'frilo50' };
  assert.deepEqual(whatIfRequest(values, 'sv', null), {
    ok: true,
    value: { incomeTaxRate: 32.5, pensionRate: 4.5, saveVacationPay: true },
  });
  // Only a code checked valid goes with the requests.
  assert.deepEqual(whatIfRequest(values, 'sv', 'FRILO50'), {
    ok: true,
    value: { incomeTaxRate: 32.5, pensionRate: 4.5, saveVacationPay: true, campaignCode: 'FRILO50' },
  });
  const bad = whatIfRequest({ ...values, incomeTaxRate: '61', pensionRate: '4,555' }, 'sv', null);
  assert.deepEqual(bad.ok ? {} : bad.issues, {
    incomeTaxRate: { code: 'too_large', params: { limit: 60 } },
    pensionRate: { code: 'invalid_precision', params: { decimals: 2 } },
  });
});
