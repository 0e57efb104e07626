import { test } from 'node:test';
import assert from 'node:assert/strict';
import { INITIAL_INVERSE, INITIAL_SALARY, inverseRequest, salaryRequest } from './calculator.ts';

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
