import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiExpenses, expenseIssues, mileageAllowance, newExpense, receiptFileIssue } from './expense-form.ts';

test('a receipt is refused before upload when its type or size is not allowed', () => {
  assert.equal(receiptFileIssue({ name: 'kvitto.jpg', type: 'image/jpeg', size: 10_000 }), null);
  assert.equal(receiptFileIssue({ name: 'kvitto.PDF', type: '', size: 10_000 }), null);
  assert.equal(
    receiptFileIssue({ name: 'setup.exe', type: 'application/x-msdownload', size: 10 }),
    'file_type_not_allowed',
  );
  assert.equal(receiptFileIssue({ name: 'big.png', type: 'image/png', size: 4 * 1024 * 1024 }), 'file_too_large');
  assert.equal(receiptFileIssue({ name: 'ok.png', type: 'image/png', size: 4 * 1024 * 1024 - 1 }), null);
});

test('a trip needs its date, places, distance and purpose; it goes to the API as a mileage record', () => {
  const trip = { ...newExpense('mileage', '2026-11-20'), description: 'Kundbesök', 'mileage.km': '142,5' };
  assert.deepEqual(Object.keys(expenseIssues([trip], 'sv')).sort(), [
    'expenses[0].mileage.from',
    'expenses[0].mileage.purpose',
    'expenses[0].mileage.to',
  ]);
  const complete = { ...trip, 'mileage.from': 'Stockholm', 'mileage.to': 'Uppsala', 'mileage.purpose': 'Workshop' };
  assert.deepEqual(expenseIssues([complete], 'sv'), {});
  assert.deepEqual(apiExpenses([complete], 'sv'), [
    {
      type: 'mileage',
      description: 'Kundbesök',
      mileage: { date: '2026-11-20', from: 'Stockholm', to: 'Uppsala', km: 142.5, purpose: 'Workshop' },
    },
  ]);
});

test('the allowance is 25 kr per 10 km: 142 km gives 355 kr', () => {
  assert.equal(mileageAllowance('142', 'sv', 2500), 35500);
  assert.equal(mileageAllowance('0,05', 'sv', 2500), 13);
  assert.equal(mileageAllowance('x', 'sv', 2500), null);
});
