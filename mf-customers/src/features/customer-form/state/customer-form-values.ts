// The customer form's model: the values as typed (flat, strings and booleans), where they come
// from (a new customer or a stored one), what goes to the API, and which field an API error is
// about. Pure, so the rules per type are tested without a browser.
import type { components } from '@frilo/openapi/client';
import { customerFields, HOME_COUNTRY } from '../../../lib/customer-rules.ts';
import type { Customer, CustomerType, InvoiceLanguage } from '../../../lib/customer-types.ts';
import { formFieldOf } from '../../../lib/field-paths.ts';
import type { FieldIssue } from '../../../lib/messages.ts';
import { checkDetails, checkEmail } from '../../../lib/validation.ts';
import { formatSwedishId } from '@frilo/ui/swedish-ids';

export type CustomerCreate = components['schemas']['CustomerCreate'];
export type CustomerUpdate = components['schemas']['CustomerUpdate'];

export type CustomerFormValues = {
  type: CustomerType;
  name: string;
  country: string;
  governmentId: string;
  vatNumber: string;
  reverseVat: boolean;
  streetName: string;
  postalCode: string;
  city: string;
  contactPersonEmail: string;
  email: string;
  invoiceLanguage: InvoiceLanguage;
  eInvoice: boolean;
};
export type CustomerFormField = keyof CustomerFormValues;

/** The order of the fields on screen (focus goes to the first with an error). */
export const FIELD_ORDER: readonly CustomerFormField[] = [
  'type',
  'name',
  'country',
  'governmentId',
  'vatNumber',
  'reverseVat',
  'streetName',
  'postalCode',
  'city',
  'contactPersonEmail',
  'email',
  'invoiceLanguage',
  'eInvoice',
];

/** Invoices to a Swedish customer in Swedish, to anyone else in English, until the user chooses. */
export function suggestedInvoiceLanguage(country: string): InvoiceLanguage {
  return country === HOME_COUNTRY ? 'sv' : 'en';
}

export function newCustomerValues(): CustomerFormValues {
  return {
    type: 'organization',
    name: '',
    country: HOME_COUNTRY,
    governmentId: '',
    vatNumber: '',
    // The EU rule for services to businesses; offered only where it can apply.
    reverseVat: true,
    streetName: '',
    postalCode: '',
    city: '',
    contactPersonEmail: '',
    email: '',
    invoiceLanguage: 'sv',
    eInvoice: false,
  };
}

export function customerValues(customer: Customer): CustomerFormValues {
  const fields = customerFields({
    type: customer.type,
    country: customer.address.country,
    postalCode: customer.address.postalCode,
    vatNumber: customer.vatNumber ?? '',
    governmentId: customer.governmentId ?? '',
  });
  return {
    type: customer.type,
    name: customer.name,
    country: customer.address.country,
    // In its usual written form (a person's 12 stored digits as YYYYMMDD-NNNN); the BFF reads either.
    governmentId:
      customer.address.country === HOME_COUNTRY
        ? formatSwedishId(customer.governmentId)
        : (customer.governmentId ?? ''),
    vatNumber: customer.vatNumber ?? '',
    // Where reverse VAT cannot apply the stored flag is false; should it become possible (a move to
    // another EU country), the usual choice is offered.
    reverseVat: fields.reverseVat?.enabled ? customer.reverseVat : true,
    streetName: customer.address.streetName,
    postalCode: customer.address.postalCode,
    city: customer.address.city,
    contactPersonEmail: customer.contactPersonEmail,
    // An individual has one address; one stored before that was asked for may be the contact's only.
    email: customer.email ?? (customer.type === 'individual' ? customer.contactPersonEmail : ''),
    invoiceLanguage: customer.invoiceLanguage,
    eInvoice: customer.eInvoice,
  };
}

export const fieldsOf = (values: CustomerFormValues) => customerFields(values);

const text = (value: string) => value.trim();
const optional = (value: string) => (value.trim() ? value.trim() : null);

/**
 * The customer as the API takes it. Hidden fields are sent as "none" (an individual's VAT number,
 * reverse VAT where it cannot apply), so a stored value the new type or country rules out is
 * cleared rather than refused; what was typed in them stays in the form in case the user switches back.
 */
export function customerBody(values: CustomerFormValues): CustomerCreate {
  const fields = fieldsOf(values);
  return {
    type: values.type,
    name: text(values.name),
    governmentId: optional(values.governmentId),
    vatNumber: fields.vatNumber ? optional(values.vatNumber) : null,
    // An individual has one address (`email`), which the BFF also keeps as the contact.
    ...(values.type === 'individual' ? {} : { contactPersonEmail: text(values.contactPersonEmail) }),
    email: optional(values.email),
    invoiceLanguage: values.invoiceLanguage,
    reverseVat: fields.reverseVat?.enabled ? values.reverseVat : false,
    eInvoice: fields.eInvoice ? values.eInvoice : false,
    address: {
      streetName: text(values.streetName),
      postalCode: text(values.postalCode),
      city: text(values.city),
      country: values.country,
    },
  };
}

/** A change to a stored customer: every field, plus the version it is based on. A locked id is not sent. */
export function updateBody(values: CustomerFormValues, customer: Customer): CustomerUpdate {
  const { governmentId, ...body } = customerBody(values);
  return { ...body, ...(customer.governmentIdLocked ? {} : { governmentId }), version: customer.version };
}

/**
 * The client-side checks: the shared details plus the contact's email; an individual's one address
 * (the invoice email) is required instead.
 */
export function validateCustomerForm(values: CustomerFormValues): Partial<Record<CustomerFormField, FieldIssue>> {
  const issues: Partial<Record<CustomerFormField, FieldIssue>> = { ...checkDetails(values) };
  if (values.type === 'individual') {
    const email = checkEmail(values.email, true);
    if (email) issues.email = email;
    return issues;
  }
  const contact = checkEmail(values.contactPersonEmail, true);
  if (contact) issues.contactPersonEmail = contact;
  return issues;
}

/** Whether a field is on screen for these values (an error for a hidden one goes above the form). */
export function isShown(field: CustomerFormField, values: CustomerFormValues): boolean {
  const fields = fieldsOf(values);
  if (field === 'vatNumber') return fields.vatNumber !== null;
  if (field === 'reverseVat') return fields.reverseVat !== null;
  if (field === 'eInvoice') return fields.eInvoice;
  if (field === 'contactPersonEmail') return values.type !== 'individual';
  return true;
}

/** The form field a BFF error path (without `body.`) belongs to, when the form shows it. */
export function customerFieldOf(path: string, values: CustomerFormValues): CustomerFormField | undefined {
  const field = formFieldOf(path);
  if (!(FIELD_ORDER as readonly string[]).includes(field)) return undefined;
  return isShown(field as CustomerFormField, values) ? (field as CustomerFormField) : undefined;
}

export function sameValues(a: CustomerFormValues, b: CustomerFormValues): boolean {
  return FIELD_ORDER.every((field) => a[field] === b[field]);
}
