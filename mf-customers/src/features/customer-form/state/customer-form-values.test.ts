import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Customer } from '../../../lib/customer-types.ts';
import {
  customerBody,
  customerFieldOf,
  customerValues,
  newCustomerValues,
  sameValues,
  suggestedInvoiceLanguage,
  updateBody,
  validateCustomerForm,
  type CustomerFormValues,
} from './customer-form-values.ts';

const values = (over: Partial<CustomerFormValues>): CustomerFormValues => ({
  ...newCustomerValues(),
  name: 'Volvo Personvagnar AB',
  governmentId: '556036-0793',
  streetName: 'Assar Gabrielssons väg 9',
  postalCode: '40531',
  city: 'Göteborg',
  contactPersonEmail: 'anna.berg@volvo.se',
  ...over,
});

const stored: Customer = {
  id: '0b6f2c1e-8a7d-4a51-9a39-2f1d3c4b5a69',
  type: 'organization',
  name: 'Beispiel GmbH',
  governmentId: null,
  vatNumber: 'DE123456788',
  contactPersonEmail: 'kontakt@beispiel.de',
  email: 'rechnung@beispiel.de',
  invoiceLanguage: 'en',
  organizationType: 'within_eu',
  reverseVat: false,
  eInvoice: false,
  eInvoiceConnection: null,
  verified: true,
  verifiedAt: '2026-11-22T10:00:00.000Z',
  governmentIdLocked: false,
  address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  problemCodes: [],
  version: 3,
  createdAt: '2026-11-21T09:30:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

test('an individual is sent without VAT number, reverse VAT or e-invoices, whatever was typed before', () => {
  const body = customerBody(
    values({
      type: 'individual',
      name: 'Sven Svensson',
      governmentId: '811218-9876',
      vatNumber: 'SE1',
      eInvoice: true,
    }),
  );
  assert.equal(body.vatNumber, null);
  assert.equal(body.reverseVat, false);
  assert.equal(body.eInvoice, false);
  assert.equal(body.governmentId, '811218-9876');
});

test('an individual is asked for one email address: sent as the invoice email, with no contact person', () => {
  const person = values({ type: 'individual', name: 'Sven Svensson', governmentId: '', email: 'sven@example.com' });
  const body = customerBody(person);
  assert.equal(body.email, 'sven@example.com');
  assert.equal('contactPersonEmail' in body, false);
  assert.deepEqual(validateCustomerForm({ ...person, contactPersonEmail: '' }), {});
  assert.deepEqual(validateCustomerForm({ ...person, email: ' ' }), { email: { code: 'required' } });
  // An error the BFF names for the contact of an individual has no field on screen: it goes above the form.
  assert.equal(customerFieldOf('contactPersonEmail', person), undefined);
});

test("a stored individual's personal number and one address fill the form in their usual form", () => {
  const person: Customer = {
    ...stored,
    type: 'individual',
    governmentId: '198112189876',
    vatNumber: null,
    email: null,
    contactPersonEmail: 'sven@example.com',
    address: { streetName: 'Storgatan 1', postalCode: '123 45', city: 'Stockholm', country: 'SE' },
  };
  const form = customerValues(person);
  assert.equal(form.governmentId, '19811218-9876');
  assert.equal(form.email, 'sven@example.com');
});

test('a Swedish organisation: trimmed values, empty optional ones as null, no reverse VAT', () => {
  const body = customerBody(values({ name: '  Volvo Personvagnar AB ', vatNumber: ' ', email: '', eInvoice: true }));
  assert.deepEqual(body, {
    type: 'organization',
    name: 'Volvo Personvagnar AB',
    governmentId: '556036-0793',
    vatNumber: null,
    contactPersonEmail: 'anna.berg@volvo.se',
    email: null,
    invoiceLanguage: 'sv',
    reverseVat: false,
    eInvoice: true,
    address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '40531', city: 'Göteborg', country: 'SE' },
  });
});

test('a business in another EU country keeps its reverse VAT choice once its VAT number is there', () => {
  const german = { country: 'DE', postalCode: '10115', city: 'Berlin', governmentId: '' };
  assert.equal(customerBody(values({ ...german, vatNumber: 'DE123456788' })).reverseVat, true);
  assert.equal(customerBody(values({ ...german, vatNumber: 'DE123456788', reverseVat: false })).reverseVat, false);
  assert.equal(customerBody(values({ ...german, type: 'non_profit', vatNumber: '' })).reverseVat, false);
});

test('a stored customer fills the form, and an unchanged form sends its version', () => {
  const form = customerValues(stored);
  assert.equal(form.governmentId, '');
  assert.equal(form.reverseVat, false);
  assert.equal(form.country, 'DE');
  assert.ok(sameValues(form, customerValues(stored)));
  const body = updateBody(form, stored);
  assert.equal(body.version, 3);
  assert.equal(body.governmentId, null);
  assert.ok(!sameValues(form, { ...form, city: 'München' }));
});

test('a locked government id is never sent', () => {
  const locked = { ...stored, governmentIdLocked: true, governmentId: 'HRB 12345' };
  assert.equal('governmentId' in updateBody(customerValues(locked), locked), false);
});

test('where reverse VAT could not apply, the usual choice is offered should it become possible', () => {
  const swedish = { ...stored, address: { ...stored.address, country: 'SE' }, vatNumber: null, reverseVat: false };
  assert.equal(customerValues(swedish).reverseVat, true);
});

test('the checks name the contact email besides the shared details', () => {
  assert.deepEqual(validateCustomerForm(values({})), {});
  assert.deepEqual(validateCustomerForm(values({ contactPersonEmail: '' })), {
    contactPersonEmail: { code: 'required' },
  });
});

test("API errors land on the field on screen; a hidden field's error goes above the form", () => {
  const individual = values({ type: 'individual' });
  assert.equal(customerFieldOf('address.postalCode', individual), 'postalCode');
  assert.equal(customerFieldOf('organizationType', individual), 'country');
  assert.equal(customerFieldOf('vatNumber', individual), undefined);
  assert.equal(customerFieldOf('eInvoice', individual), undefined);
  assert.equal(customerFieldOf('vatNumber', values({})), 'vatNumber');
  assert.equal(customerFieldOf('version', values({})), undefined);
  assert.equal(customerFieldOf('reverseVat', values({ country: 'DE', postalCode: '10115' })), 'reverseVat');
});

test('invoice language follows the country until chosen', () => {
  assert.equal(suggestedInvoiceLanguage('SE'), 'sv');
  assert.equal(suggestedInvoiceLanguage('DE'), 'en');
});
