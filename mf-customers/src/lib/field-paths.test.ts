import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrors } from '@frilo/openapi/problem';
import { apiPathOf, formFieldOf } from './field-paths.ts';
import { fieldMessage, formMessage } from './messages.ts';

test('BFF field paths land on the flat form fields', () => {
  assert.equal(formFieldOf('name'), 'name');
  assert.equal(formFieldOf('address.postalCode'), 'postalCode');
  assert.equal(formFieldOf('corrections.address.city'), 'city');
  assert.equal(formFieldOf('corrections.vatNumber'), 'vatNumber');
  assert.equal(formFieldOf('organizationType'), 'country');
  assert.equal(formFieldOf('address'), 'streetName');
  assert.equal(apiPathOf('postalCode'), 'address.postalCode');
  assert.equal(apiPathOf('vatNumber'), 'vatNumber');
});

test("a validation problem becomes one message per field, the field's own wording first", () => {
  const errors = fieldErrors({
    type: 'https://frilo.se/problems/validation',
    title: 'Bad Request',
    status: 400,
    code: 'validation',
    errors: [
      {
        field: 'body.vatNumber',
        code: 'vat_invalid',
        message: '',
        params: { reason: 'invalid_checksum', prefix: 'DE' },
      },
      { field: 'body.address.postalCode', code: 'postal_code_invalid', message: '' },
      { field: 'body.address.postalCode', code: 'required', message: '' },
    ],
  });
  assert.deepEqual(Object.keys(errors), ['vatNumber', 'address.postalCode']);
  const vat = errors['vatNumber']!;
  assert.deepEqual(fieldMessage('vatNumber', vat), {
    keys: [
      'errors.fields.vatNumber.vat_invalid_invalid_checksum',
      'errors.fields.vatNumber.vat_invalid',
      'errors.codes.vat_invalid',
      'errors.codes.invalid',
    ],
    values: { reason: 'invalid_checksum', prefix: 'DE' },
  });
  assert.deepEqual(fieldMessage('address.postalCode', errors['address.postalCode']!).keys, [
    'errors.fields.address.postalCode.postal_code_invalid',
    'errors.codes.postal_code_invalid',
    'errors.codes.invalid',
  ]);
});

test('a postal code outside Sweden has its own wording', () => {
  assert.equal(
    fieldMessage('address.postalCode', { code: 'postal_code_invalid', params: { country: 'NO' } }).keys[0],
    'errors.fields.address.postalCode.postal_code_invalid_foreign',
  );
  assert.equal(
    fieldMessage('address.postalCode', { code: 'postal_code_invalid', params: { country: 'SE', format: 'NNN NN' } })
      .keys[0],
    'errors.fields.address.postalCode.postal_code_invalid',
  );
});

test('a reason refines only the identifier codes', () => {
  assert.equal(
    fieldMessage('name', { code: 'required', params: { reason: 'empty' } }).keys[0],
    'errors.fields.name.required',
  );
});

test('failed calls: the screen’s own wording, then the shared one, then the general fallback', () => {
  assert.deepEqual(formMessage('form', 'version_conflict').keys, [
    'form.errors.version_conflict',
    'errors.form.version_conflict',
    'errors.form.generic',
  ]);
  assert.deepEqual(formMessage('delete', 'teapot').keys, [
    'delete.errors.teapot',
    'delete.errors.generic',
    'errors.form.generic',
  ]);
});
