// The rules a customer (invoice recipient) must follow: one evaluation that both refuses bad details on save
// (field errors) and lists what blocks sending an invoice to a stored customer (docs/product/errors.md#problem-codes).
//
// Why one evaluation for both: rules get stricter over time, and a stored customer that breaks a newer rule must show
// up as a problem to fix rather than fail somewhere later. The same code decides both, so they cannot drift apart.

import { swedishToday } from './calendar-date.ts';
import { isKnownCountry } from './countries.ts';
import type {
  CustomerAddress,
  CustomerDetails,
  CustomerEvaluation,
  CustomerIssue,
  CustomerProblemCode,
  CustomerType,
  EvaluationContext,
  OrganizationType,
} from './customer-details.ts';
import {
  FOREIGN_GOVERNMENT_ID_MAX_LENGTH,
  FOREIGN_VAT_NUMBER_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from './customer-details.ts';
import { hasEInvoiceAddress, isSwedishPublicBody } from './e-invoicing.ts';
import { validateEmail } from './email.ts';
import { parseOrganisationNumber, parseOrganisationOrPersonalIdentityNumber } from './organisation-number.ts';
import { parsePersonalIdentityNumber } from './personal-identity-number.ts';
import { validatePostalCode } from './postal-code.ts';
import { reverseVatEligibility } from './reverse-charge.ts';
import { isInEuVatArea } from './vat-area.ts';
import { validateVatNumber, vatNumberMatchesOrganisationNumber, vatPrefixForCountry } from './vat-number.ts';

/** An organisation's or non-profit's place for VAT: inside or outside the EU VAT area; null for individuals. */
export function organizationTypeFor(
  type: CustomerType,
  address: Pick<CustomerAddress, 'country' | 'postalCode'>,
): OrganizationType | null {
  if (type === 'individual') return null;
  return isInEuVatArea(address.country, address.postalCode) ? 'within_eu' : 'outside_eu';
}

const hasLetter = (value: string) => /\p{L}/u.test(value);
const hasLetterOrDigit = (value: string) => /[\p{L}\p{N}]/u.test(value);
const blank = (value: string | null | undefined): value is null | undefined | '' => !value || value.trim() === '';
const length = (value: string) => [...value].length;
const collapseSpaces = (value: string) => value.trim().replace(/\s+/g, ' ');

class Issues {
  readonly list: CustomerIssue[] = [];
  invalid(
    field: string,
    code: string,
    message: string,
    problemCode?: CustomerProblemCode,
    params?: CustomerIssue['params'],
  ) {
    this.list.push({
      field,
      code,
      message,
      severity: 'invalid',
      ...(problemCode ? { problemCode } : {}),
      ...(params ? { params } : {}),
    });
  }
  incomplete(
    field: string,
    code: string,
    message: string,
    problemCode: CustomerProblemCode,
    params?: CustomerIssue['params'],
  ) {
    this.list.push({ field, code, message, severity: 'incomplete', problemCode, ...(params ? { params } : {}) });
  }
  has(field: string) {
    return this.list.some((issue) => issue.field === field && issue.severity === 'invalid');
  }
}

function checkAddress(address: CustomerAddress, issues: Issues): CustomerAddress {
  const country = address.country.trim().toUpperCase();
  const out: CustomerAddress = {
    streetName: collapseSpaces(address.streetName),
    postalCode: address.postalCode.trim(),
    city: collapseSpaces(address.city),
    country,
  };
  if (blank(out.streetName)) issues.invalid('address.streetName', 'required', 'The street address is required', 14);
  else if (!hasLetterOrDigit(out.streetName))
    issues.invalid('address.streetName', 'street_name_invalid', 'The street address is not a street address', 6);

  if (!isKnownCountry(country))
    issues.invalid('address.country', 'country_invalid', 'Not an ISO 3166-1 country code', 6);

  if (blank(out.postalCode)) {
    issues.invalid('address.postalCode', 'required', 'The postal code is required', 14);
  } else {
    const postal = validatePostalCode(out.postalCode, country);
    if (postal.valid) out.postalCode = postal.normalised;
    else {
      issues.invalid(
        'address.postalCode',
        'postal_code_invalid',
        country === 'SE' ? 'A Swedish postal code is five digits, NNN NN' : 'The postal code is too long',
        11,
        {
          country,
          ...(country === 'SE' ? { format: 'NNN NN' } : {}),
        },
      );
    }
  }

  if (blank(out.city)) issues.invalid('address.city', 'required', 'The city is required', 14);
  else if (!hasLetter(out.city) || (country === 'SE' && /\d/.test(out.city))) {
    issues.invalid('address.city', 'city_invalid', 'The city must be a place name', 7);
  }
  return out;
}

function checkGovernmentId(
  details: CustomerDetails,
  country: string,
  today: Date | string,
  issues: Issues,
): string | null {
  const raw = details.governmentId;
  const swedishOrganisation = details.type !== 'individual' && country === 'SE';
  if (blank(raw)) {
    if (swedishOrganisation) {
      issues.invalid(
        'governmentId',
        'government_id_required',
        'A Swedish organisation needs its organisation number',
        2,
      );
    }
    return null;
  }
  if (details.type === 'individual') {
    const person = parsePersonalIdentityNumber(raw, today);
    if (person.valid) return person.normalised;
    issues.invalid(
      'governmentId',
      'personal_identity_number_invalid',
      'Not a valid Swedish personal identity or co-ordination number',
      2,
      { reason: person.error },
    );
    return raw.trim();
  }
  if (details.type === 'organization' && country === 'SE') {
    // A sole trader (enskild firma) is identified by the owner's personal identity number.
    const id = parseOrganisationOrPersonalIdentityNumber(raw, today);
    if (id.valid) return id.normalised;
    issues.invalid(
      'governmentId',
      'organisation_number_invalid',
      'Not a valid Swedish organisation number (or a sole trader’s personal identity number)',
      2,
      { reason: id.error },
    );
    return raw.trim();
  }
  if (country === 'SE') {
    const organisation = parseOrganisationNumber(raw);
    if (organisation.valid) return organisation.normalised;
    issues.invalid('governmentId', 'organisation_number_invalid', 'Not a valid Swedish organisation number', 2, {
      reason: organisation.error,
    });
    return raw.trim();
  }
  // A foreign registration number is kept as given; its formats are too many to check.
  const foreign = collapseSpaces(raw);
  if (length(foreign) > FOREIGN_GOVERNMENT_ID_MAX_LENGTH || !/\p{N}|\p{L}/u.test(foreign)) {
    issues.invalid('governmentId', 'government_id_invalid', 'Not a registration number', 2, {
      maxLength: FOREIGN_GOVERNMENT_ID_MAX_LENGTH,
    });
  }
  return foreign;
}

function checkVatNumber(
  details: CustomerDetails,
  governmentId: string | null,
  address: CustomerAddress,
  issues: Issues,
): string | null {
  const raw = details.vatNumber;
  const country = address.country;
  if (details.type === 'individual') {
    if (!blank(raw)) issues.invalid('vatNumber', 'vat_not_applicable', 'An individual has no VAT number', 15);
    return null;
  }
  const supported = vatPrefixForCountry(country) !== null;
  if (blank(raw)) {
    // A business in another EU country is identified for VAT by its VAT number; a non-profit may not be registered.
    if (details.type === 'organization' && country !== 'SE' && isInEuVatArea(country, address.postalCode)) {
      issues.invalid(
        'vatNumber',
        'vat_required',
        'A business customer in another EU country needs its VAT number',
        15,
        {
          prefix: vatPrefixForCountry(country) ?? country,
        },
      );
    }
    return null;
  }
  if (!supported) {
    const foreign = raw.trim();
    if (length(foreign) > FOREIGN_VAT_NUMBER_MAX_LENGTH) {
      issues.invalid('vatNumber', 'vat_invalid', 'The VAT number is too long', 15, { reason: 'too_long' });
    }
    return foreign;
  }
  const vat = validateVatNumber(raw);
  if (!vat.valid) {
    issues.invalid('vatNumber', 'vat_invalid', `Not a valid VAT number`, 15, {
      reason: vat.error,
      prefix: vatPrefixForCountry(country) ?? country,
    });
    return vat.normalised || raw.trim();
  }
  if (vat.countryCode !== country) {
    issues.invalid('vatNumber', 'vat_country_mismatch', 'The VAT number is from another country than the address', 15, {
      prefix: vatPrefixForCountry(country) ?? country,
      vatCountry: vat.countryCode,
    });
  } else if (
    country === 'SE' &&
    governmentId &&
    !issues.has('governmentId') &&
    !vatNumberMatchesOrganisationNumber(vat.normalised, governmentId)
  ) {
    issues.invalid(
      'vatNumber',
      'vat_organisation_number_mismatch',
      'A Swedish VAT number is SE + the organisation number + 01',
      15,
    );
  }
  return vat.normalised;
}

/**
 * Checks and normalises a customer's details. Returns every broken rule (an empty list when all hold) and the
 * normalised details (meaningful only when no issue is `invalid`).
 */
export function evaluateCustomer(details: CustomerDetails, context: EvaluationContext): CustomerEvaluation {
  const issues = new Issues();
  const today = typeof context.today === 'string' ? context.today : swedishToday(context.today);

  const name = collapseSpaces(details.name);
  if (blank(name)) issues.invalid('name', 'required', 'The name is required', 5);
  else if (length(name) > NAME_MAX_LENGTH) {
    issues.invalid('name', 'too_long', `The name is at most ${NAME_MAX_LENGTH} characters`, 12, {
      limit: NAME_MAX_LENGTH,
    });
  }

  const address = checkAddress(details.address, issues);
  const governmentId = checkGovernmentId(details, address.country, today, issues);
  const vatNumber = checkVatNumber(details, governmentId, address, issues);

  // An individual has one address, where invoices go and where the verification link goes: asked for once, as
  // `email` (an API client that only sends `contactPersonEmail` for a person is read the same way).
  const individual = details.type === 'individual';
  const oneAddress = individual ? (blank(details.email) ? details.contactPersonEmail : details.email) : null;
  const contact = validateEmail(individual ? (oneAddress ?? '') : details.contactPersonEmail);
  if (!contact.valid) {
    if (individual) {
      issues.invalid(
        'email',
        contact.error === 'empty' ? 'required' : 'email_invalid',
        'The email address is required and must be an email address',
        contact.error === 'empty' ? 3 : 9,
      );
    } else {
      issues.invalid(
        'contactPersonEmail',
        contact.error === 'empty' ? 'required' : 'email_invalid',
        'The contact person’s email is required and must be an email address',
      );
    }
  }
  let email: string | null = null;
  const invoiceEmail = individual ? oneAddress : details.email;
  if (blank(invoiceEmail)) {
    // Only where invoices are emailed: an e-invoice goes through Peppol, and its credit note follows it there.
    if (!details.eInvoice || individual) {
      issues.incomplete(
        'email',
        'email_required_for_sending',
        'Invoices are emailed: add the invoice email before sending',
        3,
      );
    }
  } else if (individual) {
    email = contact.valid ? contact.normalised : invoiceEmail.trim();
  } else {
    const checked = validateEmail(invoiceEmail);
    if (checked.valid) email = checked.normalised;
    else {
      email = invoiceEmail.trim();
      issues.invalid('email', 'email_invalid', 'Not an email address', 9);
    }
  }

  const organizationType = organizationTypeFor(details.type, address);
  if (details.type === 'individual') {
    if (details.organizationType) {
      issues.invalid('organizationType', 'not_applicable', 'Only organisations have an organisation type');
    }
  } else if (
    details.organizationType &&
    details.organizationType !== organizationType &&
    !issues.has('address.country')
  ) {
    issues.invalid(
      'organizationType',
      'organization_type_mismatch',
      'The organisation type must agree with the country of the address',
      undefined,
      { expected: organizationType ?? '' },
    );
  }

  const eligibility = reverseVatEligibility({ type: details.type, vatNumber, address });
  const reverseVat = details.reverseVat ?? eligibility.eligible;
  if (reverseVat && !eligibility.eligible) {
    issues.invalid(
      'reverseVat',
      'reverse_vat_not_applicable',
      'Reverse VAT applies only to businesses in another EU country with a valid VAT number',
      15,
      {
        reason: eligibility.reason,
      },
    );
  }

  if (details.eInvoice && details.type === 'individual') {
    issues.invalid('eInvoice', 'e_invoice_not_available', 'Individuals cannot receive e-invoices');
  }
  const customer = { type: details.type, governmentId, address };
  if (!details.eInvoice && isSwedishPublicBody(customer)) {
    issues.incomplete('eInvoice', 'e_invoice_required', 'Swedish public bodies must receive e-invoices', 13);
  }
  if (details.eInvoice && details.type !== 'individual') {
    // An e-invoice is addressed by a Peppol participant id: one recorded for the customer, one its organisation or
    // VAT number gives, or (while neither is known) its registration number for an admin to find it by. A customer
    // with a participant id needs no Swedish-style government id.
    const addressed = hasEInvoiceAddress({
      country: address.country,
      governmentId,
      vatNumber,
      email: null,
      participantId: context.eInvoiceParticipantId ?? null,
    });
    if (!governmentId && !addressed) {
      issues.incomplete(
        'governmentId',
        'government_id_required_for_e_invoice',
        'E-invoices are addressed by the organisation number',
        2,
      );
    } else if (!context.eInvoiceConnected) {
      issues.incomplete(
        'eInvoice',
        'e_invoice_connection_pending',
        'Invoices wait until the customer accepts e-invoices',
        16,
      );
    }
  }

  return {
    issues: issues.list,
    normalised: {
      type: details.type,
      name,
      governmentId,
      vatNumber,
      contactPersonEmail: contact.valid
        ? contact.normalised
        : (individual ? (oneAddress ?? '') : details.contactPersonEmail).trim(),
      email,
      invoiceLanguage: details.invoiceLanguage,
      organizationType,
      reverseVat,
      eInvoice: details.eInvoice,
      address,
    },
  };
}

export interface CustomerProblem {
  problemCode: CustomerProblemCode;
  field: string;
  code: string;
  message: string;
}

/** What blocks sending an invoice to a stored customer, in the order of the problem codes. */
export function customerProblems(stored: CustomerDetails, context: EvaluationContext): CustomerProblem[] {
  return evaluateCustomer(stored, context)
    .issues.filter(
      (issue): issue is CustomerIssue & { problemCode: CustomerProblemCode } => issue.problemCode !== undefined,
    )
    .map(({ problemCode, field, code, message }) => ({ problemCode, field, code, message }))
    .sort((a, b) => a.problemCode - b.problemCode);
}

/** The distinct problem codes, ascending. */
export function problemCodesOf(problems: readonly CustomerProblem[]): CustomerProblemCode[] {
  return [...new Set(problems.map((p) => p.problemCode))].sort((a, b) => a - b);
}
