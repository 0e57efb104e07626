import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDetails, checkEmail, checkName, checkPostalCode, type DetailsValues } from './validation.ts';

const details = (over: Partial<DetailsValues> = {}): DetailsValues => ({
  type: 'organization',
  name: 'Volvo Personvagnar AB',
  governmentId: '556036-0793',
  vatNumber: '',
  email: '',
  streetName: 'Assar Gabrielssons väg 9',
  postalCode: '405 31',
  city: 'Göteborg',
  country: 'SE',
  ...over,
});

test('a name is required and at most 50 characters, counted after collapsing spaces', () => {
  assert.deepEqual(checkName('   '), { code: 'required' });
  assert.equal(checkName(`${'a'.repeat(25)}     ${'b'.repeat(24)}`), undefined);
  assert.deepEqual(checkName('x'.repeat(51)), { code: 'too_long', params: { limit: 50 } });
});

test('the contact email is required; the invoice email may wait', () => {
  assert.deepEqual(checkEmail('', true), { code: 'required' });
  assert.equal(checkEmail('', false), undefined);
  assert.deepEqual(checkEmail('anna@', false), { code: 'email_invalid' });
  assert.equal(checkEmail(' anna.berg@volvo.se ', true), undefined);
});

test('Swedish postal codes are five digits; other countries as given', () => {
  assert.equal(checkPostalCode('40531', 'SE'), undefined);
  assert.equal(checkPostalCode('405 31', 'SE'), undefined);
  assert.deepEqual(checkPostalCode('05 31', 'SE'), {
    code: 'postal_code_invalid',
    params: { country: 'SE', format: 'NNN NN' },
  });
  assert.equal(checkPostalCode('SW1A 1AA', 'GB'), undefined);
  assert.deepEqual(checkPostalCode(' ', 'GB'), { code: 'required' });
});

test('valid details have no issues', () => {
  assert.deepEqual(checkDetails(details()), {});
});

test('a Swedish organisation without its number, a German business without its VAT number', () => {
  assert.deepEqual(checkDetails(details({ governmentId: '' })), { governmentId: { code: 'government_id_required' } });
  assert.deepEqual(checkDetails(details({ governmentId: '', country: 'DE', postalCode: '10115', city: 'Berlin' })), {
    vatNumber: { code: 'vat_required', params: { prefix: 'DE' } },
  });
  // An individual's hidden VAT number is not checked (it is not sent).
  assert.deepEqual(checkDetails(details({ type: 'individual', governmentId: '', vatNumber: 'SE1' })), {});
});

test('every empty required field is named at once', () => {
  assert.deepEqual(
    Object.keys(checkDetails(details({ name: '', streetName: '', postalCode: '', city: '', email: 'x' }))),
    ['name', 'streetName', 'postalCode', 'city', 'email'],
  );
});
