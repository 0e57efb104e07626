import { test } from 'node:test';
import assert from 'node:assert/strict';
import { customerFields, isInEuVatArea, vatPrefixFor, type CustomerFieldInput } from './customer-rules.ts';

const input = (over: Partial<CustomerFieldInput>): CustomerFieldInput => ({
  type: 'organization',
  country: 'SE',
  postalCode: '123 45',
  vatNumber: '',
  governmentId: '',
  ...over,
});

test('an individual has an optional personal identity number and nothing of a business', () => {
  for (const country of ['SE', 'DE', 'US']) {
    const fields = customerFields(input({ type: 'individual', country }));
    assert.deepEqual(fields.governmentId, { kind: 'personal_identity_number', required: false });
    assert.equal(fields.vatNumber, null);
    assert.equal(fields.reverseVat, null);
    assert.equal(fields.organizationType, null);
    assert.equal(fields.eInvoice, false);
  }
});

test('a Swedish organisation needs its organisation number; its VAT number is optional; no reverse VAT', () => {
  for (const type of ['organization', 'non_profit'] as const) {
    const fields = customerFields(input({ type }));
    assert.deepEqual(fields.governmentId, { kind: 'organisation_number', required: true });
    assert.deepEqual(fields.vatNumber, { required: false, prefix: 'SE', swedish: true });
    assert.equal(fields.reverseVat, null);
    assert.equal(fields.organizationType, 'within_eu');
    assert.equal(fields.eInvoice, true);
  }
});

test('a business in another EU country needs its VAT number; reverse VAT is offered once it is typed', () => {
  const empty = customerFields(input({ country: 'de', postalCode: '10115' }));
  assert.deepEqual(empty.governmentId, { kind: 'registration_number', required: false });
  assert.deepEqual(empty.vatNumber, { required: true, prefix: 'DE', swedish: false });
  assert.deepEqual(empty.reverseVat, { enabled: false });
  assert.equal(empty.organizationType, 'within_eu');
  assert.deepEqual(customerFields(input({ country: 'DE', vatNumber: 'DE123456788' })).reverseVat, { enabled: true });
});

test('a non-profit in another EU country may have no VAT number', () => {
  assert.equal(customerFields(input({ type: 'non_profit', country: 'FI' })).vatNumber?.required, false);
});

test('outside the EU VAT area: optional VAT number, no reverse VAT, organisation type outside_eu', () => {
  for (const [country, postalCode, prefix] of [
    ['NO', '0150', null],
    ['GB', 'SW1A 1AA', 'GB'],
    ['ES', '35001', 'ES'],
    ['AX', '22100', null],
  ] as const) {
    const fields = customerFields(input({ country, postalCode }));
    assert.deepEqual(fields.vatNumber, { required: false, prefix, swedish: false }, country);
    assert.equal(fields.reverseVat, null, country);
    assert.equal(fields.organizationType, 'outside_eu', country);
  }
});

test('a Swedish public body (organisation number starting with 2) must get e-invoices', () => {
  assert.equal(customerFields(input({ governmentId: '212000-0142' })).eInvoiceRequired, true);
  assert.equal(customerFields(input({ governmentId: '556036-0793' })).eInvoiceRequired, false);
  assert.equal(customerFields(input({ type: 'individual', governmentId: '212000-0142' })).eInvoiceRequired, false);
});

test('the EU VAT area and VAT prefixes', () => {
  assert.equal(isInEuVatArea('SE', '123 45'), true);
  assert.equal(isInEuVatArea('FR', '75001'), true);
  assert.equal(isInEuVatArea('FR', '97100'), false);
  assert.equal(isInEuVatArea('DE', '27498'), false);
  assert.equal(isInEuVatArea('GB', 'SW1A 1AA'), false);
  assert.equal(vatPrefixFor('gr'), 'EL');
  assert.equal(vatPrefixFor('GB'), 'GB');
  assert.equal(vatPrefixFor('NO'), null);
});
