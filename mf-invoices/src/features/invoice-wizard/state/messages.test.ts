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

test('a validation problem no field shows is worded by its field errors’ codes first (an invoice over the ceiling)', () => {
  const problem = {
    type: 'https://frilo.se/problems/validation',
    title: 'Bad Request',
    status: 400,
    code: 'validation',
    errors: [{ field: 'body.rows', code: 'invoice_amount_too_large', message: 'too large', params: { limit: 1 } }],
  };
  assert.deepEqual(wizardFailureMessage({ status: 400, problem }).keys, [
    'wizard.errors.invoice_amount_too_large',
    'wizard.errors.validation',
    'wizard.errors.generic',
  ]);
});
