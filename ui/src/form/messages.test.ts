import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldMessage, formMessage, refineByReason } from './messages.ts';

test("a field's issue tries the form's wording, then the field's, then the code's", () => {
  const message = fieldMessage('postalCode', { code: 'required' }, { form: 'profile.address' });
  assert.deepEqual(message.keys, [
    'profile.address.errors.postalCode.required',
    'errors.fields.postalCode.required',
    'errors.codes.required',
    'errors.codes.invalid',
  ]);
  assert.deepEqual(fieldMessage('amount', { code: 'too_large', params: { limit: '1 000,00' } }).values, {
    limit: '1 000,00',
  });
});

test('a reason in the params is tried first where the app refines that code', () => {
  const refine = refineByReason(new Set(['vat_invalid']));
  assert.deepEqual(
    fieldMessage('vatNumber', { code: 'vat_invalid', params: { reason: 'invalid_checksum' } }, { refine }).keys,
    [
      'errors.fields.vatNumber.vat_invalid_invalid_checksum',
      'errors.fields.vatNumber.vat_invalid',
      'errors.codes.vat_invalid',
      'errors.codes.invalid',
    ],
  );
  assert.equal(
    fieldMessage('name', { code: 'required', params: { reason: 'empty' } }, { refine }).keys[0],
    'errors.fields.name.required',
  );
});

test("a failed call: the screen's wording, the shared one or the screen's failure, then the general fallback", () => {
  const shared = new Set(['network', 'version_conflict']);
  assert.deepEqual(formMessage('form', 'version_conflict', shared).keys, [
    'form.errors.version_conflict',
    'errors.form.version_conflict',
    'errors.form.generic',
  ]);
  assert.deepEqual(formMessage('delete', 'teapot', shared).keys, [
    'delete.errors.teapot',
    'delete.errors.generic',
    'errors.form.generic',
  ]);
});
