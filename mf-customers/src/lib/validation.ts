// Checks in the browser that mirror the BFF's, so people see mistakes before sending. They use the
// BFF's field error codes, so one set of texts serves both. The BFF stays the authority: it checks
// the numbers themselves (check digits, dates, VAT formats) and its answer wins.
import type { FieldIssue } from './messages.ts';
import { customerFields, HOME_COUNTRY } from './customer-rules.ts';
import type { CustomerType } from './customer-types.ts';

/** A recipient name is at most 50 characters (docs/product/customers.md#rules-per-kind). */
export const NAME_MAX_LENGTH = 50;

// Like the BFF's domain/email.ts: one @, a dot-atom local part, a domain of labels under a
// top-level domain of letters. Loose on purpose; the BFF has the last word.
const EMAIL =
  /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/u;

/** Like the BFF's domain/postal-code.ts for Sweden: five digits, the first not 0, maybe a space. */
const SWEDISH_POSTAL_CODE = /^[1-9]\d{2} ?\d{2}$/;

const collapse = (value: string) => value.trim().replace(/\s+/g, ' ');

export function checkName(value: string): FieldIssue | undefined {
  const name = collapse(value);
  if (!name) return { code: 'required' };
  return [...name].length > NAME_MAX_LENGTH ? { code: 'too_long', params: { limit: NAME_MAX_LENGTH } } : undefined;
}

/** `required`: the contact email must be there; the invoice email may wait until sending. */
export function checkEmail(value: string, required: boolean): FieldIssue | undefined {
  const email = value.trim();
  if (!email) return required ? { code: 'required' } : undefined;
  return EMAIL.test(email) && email.length <= 254 ? undefined : { code: 'email_invalid' };
}

export function checkRequired(value: string): FieldIssue | undefined {
  return value.trim() ? undefined : { code: 'required' };
}

export function checkPostalCode(value: string, country: string): FieldIssue | undefined {
  if (!value.trim()) return { code: 'required' };
  if (country === HOME_COUNTRY && !SWEDISH_POSTAL_CODE.test(value.trim())) {
    return { code: 'postal_code_invalid', params: { country, format: 'NNN NN' } };
  }
  return undefined;
}

/** The details both the freelancer's form and the contact's corrections have. */
export type DetailsValues = {
  type: CustomerType;
  name: string;
  governmentId: string;
  vatNumber: string;
  email: string;
  streetName: string;
  postalCode: string;
  city: string;
  country: string;
};

/** Problems in the details, keyed by form field; empty when they look right. */
export function checkDetails(values: DetailsValues): Partial<Record<keyof DetailsValues, FieldIssue>> {
  const fields = customerFields(values);
  const checks: Partial<Record<keyof DetailsValues, FieldIssue | undefined>> = {
    name: checkName(values.name),
    country: checkRequired(values.country),
    governmentId:
      fields.governmentId.required && !values.governmentId.trim() ? { code: 'government_id_required' } : undefined,
    vatNumber:
      fields.vatNumber?.required && !values.vatNumber.trim()
        ? { code: 'vat_required', params: { prefix: fields.vatNumber.prefix ?? values.country } }
        : undefined,
    streetName: checkRequired(values.streetName),
    postalCode: checkPostalCode(values.postalCode, values.country),
    city: checkRequired(values.city),
    email: checkEmail(values.email, false),
  };
  return withoutEmpty(checks);
}

/** Drops the fields without an issue, so an empty object means "valid". */
export function withoutEmpty<F extends string>(
  checks: Partial<Record<F, FieldIssue | undefined>>,
): Partial<Record<F, FieldIssue>> {
  const out: Partial<Record<F, FieldIssue>> = {};
  for (const [field, issue] of Object.entries(checks) as [F, FieldIssue | undefined][]) {
    if (issue) out[field] = issue;
  }
  return out;
}
