import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldKind, wizardFieldMessage, wizardFailureMessage } from './messages.ts';

test('a field error is worded by the field’s kind, then by its code', () => {
  assert.equal(fieldKind('expenses[3].mileage.km'), 'expenses.mileage.km');
  assert.deepEqual(wizardFieldMessage('rows[2].unitPrice', { code: 'too_large', params: { max: 5 } }), {
    keys: ['wizard.fieldErrors.rows_unitPrice.too_large', 'wizard.fieldErrors.too_large', 'wizard.fieldErrors.invalid'],
    values: { max: 5 },
  });
});

test('a failed call is worded by its code, or the wizard’s general failure', () => {
  assert.deepEqual(wizardFailureMessage({ status: 0, problem: null }).keys, [
    'wizard.errors.network',
    'wizard.errors.generic',
  ]);
});
