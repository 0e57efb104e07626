// The keys the code builds at run time (from a type, a code, a reason), which the shared
// completeness test cannot see: each must exist in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readNamespace } from '../../../tools/testing/locale-completeness.ts';
import { LINK_PROBLEMS } from '../features/recipient-verification/state/link-state.ts';
import { SORT_OPTIONS } from '../features/customer-list/state/list-query.ts';
import { CUSTOMER_TYPES } from '../lib/customer-types.ts';
import { fieldMessage, FORM_CODES } from '../lib/messages.ts';
import { CUSTOMER_PROBLEM_CODES } from '../lib/problem-codes.ts';

const workspace = join(import.meta.dirname, '..', '..');
const languages = ['sv', 'en'].map((lng) => [lng, readNamespace(workspace, lng, 'customers')] as const);

function assertKeys(keys: string[]) {
  for (const [lng, texts] of languages) {
    const missing = keys.filter((key) => !texts.has(key));
    assert.deepEqual(missing, [], `${lng}: keys the code builds are missing`);
  }
}

test('types, sort choices, problem codes, link problems and counts have their texts', () => {
  assertKeys([
    ...CUSTOMER_TYPES.flatMap((type) => [`types.${type}`, `fields.name.${type}`, `fields.typeDescription.${type}`]),
    ...['personal_identity_number', 'organisation_number', 'registration_number'].map(
      (k) => `fields.governmentId.${k}`,
    ),
    'fields.organizationType.within_eu',
    'fields.organizationType.outside_eu',
    ...SORT_OPTIONS.map((option) => `list.sort.${option.value}`),
    'list.count_one',
    'list.count_other',
    ...[0, ...CUSTOMER_PROBLEM_CODES].map((code) => `problems.short.${code}`),
    ...LINK_PROBLEMS.flatMap((problem) => [`verify.link.${problem}.title`, `verify.link.${problem}.text`]),
    ...['verification.text', 'verification.againText'],
    ...['rateLimitedMinute', 'rateLimitedTomorrow'].map((key) => `verification.errors.${key}`),
  ]);
});

test('every failure has a message: the shared codes, and each screen its own fallback', () => {
  assertKeys([
    ...[...FORM_CODES, 'generic'].map((code) => `errors.form.${code}`),
    ...['list', 'form', 'delete', 'verification', 'verify'].map((scope) => `${scope}.errors.generic`),
  ]);
});

test('every corrected field the public page may list has a name', () => {
  assertKeys(
    ['name', 'governmentId', 'vatNumber', 'email', 'invoiceLanguage', 'other']
      .concat(['streetName', 'postalCode', 'city', 'country'].map((part) => `address.${part}`))
      .map((field) => `verify.correctedField.${field}`),
  );
});

/** The field error codes of openapi/modules/customers.yaml, and the problems' codes, with the field each is about. */
const CONTRACT_FIELD_CODES: [string, string, Record<string, unknown>?][] = [
  ['name', 'required'],
  ['name', 'too_long'],
  ['governmentId', 'personal_identity_number_invalid'],
  ['governmentId', 'organisation_number_invalid'],
  ['governmentId', 'government_id_required'],
  ['governmentId', 'government_id_invalid'],
  ['governmentId', 'government_id_required_for_e_invoice'],
  ['governmentId', 'government_id_locked'],
  ['vatNumber', 'vat_invalid'],
  ['vatNumber', 'vat_required'],
  ['vatNumber', 'vat_country_mismatch'],
  ['vatNumber', 'vat_organisation_number_mismatch'],
  ['vatNumber', 'vat_not_applicable'],
  ['contactPersonEmail', 'required'],
  ['contactPersonEmail', 'email_invalid'],
  ['email', 'email_invalid'],
  ['email', 'email_required_for_sending'],
  ['address.streetName', 'required'],
  ['address.streetName', 'street_name_invalid'],
  ['address.postalCode', 'required'],
  ['address.postalCode', 'postal_code_invalid', { country: 'SE' }],
  ['address.postalCode', 'postal_code_invalid', { country: 'NO' }],
  ['address.city', 'required'],
  ['address.city', 'city_invalid'],
  ['address.country', 'country_invalid'],
  ['organizationType', 'organization_type_mismatch'],
  ['organizationType', 'not_applicable'],
  ['reverseVat', 'reverse_vat_not_applicable'],
  ['eInvoice', 'e_invoice_not_available'],
  ['eInvoice', 'e_invoice_required'],
  ['eInvoice', 'e_invoice_connection_pending'],
];

test("every field error code of the contract has the field's own text", () => {
  for (const [lng, texts] of languages) {
    const generic = CONTRACT_FIELD_CODES.filter(
      ([field, code, params]) => !texts.has(fieldMessage(field, { code, ...(params ? { params } : {}) }).keys[0]!),
    );
    assert.deepEqual(generic, [], `${lng}: field error codes without their own text`);
  }
});
