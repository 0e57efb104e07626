// The rules a customer (invoice recipient) must follow: one evaluation that both refuses bad details on save
// (field errors) and lists what blocks sending an invoice to a stored customer (the spec's §5 problem codes).
//
// Why one evaluation for both: rules get stricter over time, and a stored customer that breaks a newer rule must show
// up as a problem to fix rather than fail somewhere later. The same code decides both, so they cannot drift apart.

import { formatIsoDate, toCalendarDate } from './calendar-date.ts';
import { validateEmail } from './email.ts';
import { parseOrganisationNumber, parseOrganisationOrPersonalIdentityNumber } from './organisation-number.ts';
import { parsePersonalIdentityNumber } from './personal-identity-number.ts';
import { validatePostalCode } from './postal-code.ts';
import {
  isEuMemberState,
  validateVatNumber,
  vatNumberMatchesOrganisationNumber,
  vatPrefixForCountry,
} from './vat-number.ts';

export const CUSTOMER_TYPES = ['individual', 'organization', 'non_profit'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const INVOICE_LANGUAGES = ['sv', 'en'] as const;
export type InvoiceLanguage = (typeof INVOICE_LANGUAGES)[number];
export const ORGANIZATION_TYPES = ['within_eu', 'outside_eu'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
export type EInvoiceConnection = 'not_connected' | 'fully_connected' | 'missing_government_id';

/** Spec §9: at most 50 characters for a recipient name. */
export const NAME_MAX_LENGTH = 50;
export const FOREIGN_GOVERNMENT_ID_MAX_LENGTH = 40;
export const FOREIGN_VAT_NUMBER_MAX_LENGTH = 30;

/**
 * The spec's §5 problem codes that can block sending an invoice to a customer: 2 invalid organisation number,
 * 3 missing recipient email, 5 missing name, 6 invalid address, 7 invalid city, 9 invalid invoice email, 11 invalid
 * postal code, 12 name too long, 13 e-invoice required, 14 address missing, 15 VAT invalid, 16 e-invoice pending.
 */
export const CUSTOMER_PROBLEM_CODES = [2, 3, 5, 6, 7, 9, 11, 12, 13, 14, 15, 16] as const;
export type CustomerProblemCode = (typeof CUSTOMER_PROBLEM_CODES)[number];

export interface CustomerAddress {
  streetName: string;
  postalCode: string;
  city: string;
  country: string;
}

/** A customer's details as typed (a request) or as stored; `undefined` means "not given, derive it". */
export interface CustomerDetails {
  type: CustomerType;
  name: string;
  governmentId: string | null;
  vatNumber: string | null;
  contactPersonEmail: string;
  email: string | null;
  invoiceLanguage: InvoiceLanguage;
  organizationType?: OrganizationType | null | undefined;
  reverseVat?: boolean | undefined;
  eInvoice: boolean;
  address: CustomerAddress;
}

/** The stored form: every value normalised, the derived ones filled in. */
export interface NormalisedCustomer {
  type: CustomerType;
  name: string;
  /** Personal identity number `YYYYMMDDNNNC`, organisation number `NNNNNN-NNNN`, or a foreign number as given. */
  governmentId: string | null;
  /** `SE556036079301`-style for EU and GB numbers; other countries' as given (trimmed). */
  vatNumber: string | null;
  contactPersonEmail: string;
  email: string | null;
  invoiceLanguage: InvoiceLanguage;
  /** Derived from the address: within or outside the EU VAT area; null for individuals. */
  organizationType: OrganizationType | null;
  reverseVat: boolean;
  eInvoice: boolean;
  address: CustomerAddress;
}

/**
 * One broken rule. `field` is the path in the customer (`vatNumber`, `address.postalCode`).
 * `severity`: `invalid` details are refused on save; `incomplete` ones are saved but block sending.
 */
export interface CustomerIssue {
  field: string;
  code: string;
  message: string;
  severity: 'invalid' | 'incomplete';
  problemCode?: CustomerProblemCode;
  params?: Record<string, string | number | boolean>;
}

export interface EvaluationContext {
  /**
   * The day that decides the century of a short personal identity number and refuses future birth dates: a moment
   * (its day in Sweden) or `YYYY-MM-DD` (cheaper when many customers are evaluated at once, see `swedishToday`).
   */
  today: Date | string;
  /** Whether the e-invoicing integration has connected to this customer (the customer accepted e-invoices). */
  eInvoiceConnected?: boolean;
}

export type CustomerEvaluation = { issues: CustomerIssue[]; normalised: NormalisedCustomer };

// ---------------------------------------------------------------------------------------------------------------
// VAT area and reverse charge

/**
 * Parts of EU member states outside the EU VAT area (VAT Directive 2006/112/EC art. 6 and 7), found by the
 * postal code of the address: Canary Islands (ES 35, 38), Ceuta (ES 51), Melilla (ES 52), the French overseas
 * departments and collectivities (FR 971–978), Heligoland (DE 27498), Büsingen (DE 78266), Livigno (IT 23041),
 * Campione d'Italia (IT 22061) and Mount Athos (GR 63086). Åland has its own country code (AX), outside the EU list.
 */
const OUTSIDE_EU_VAT_AREA: Readonly<Record<string, readonly RegExp[]>> = {
  ES: [/^(35|38|51|52)\d{3}$/],
  FR: [/^97[1-8]\d{2}$/],
  DE: [/^(27498|78266)$/],
  IT: [/^(23041|22061)$/],
  GR: [/^63086$/],
};

/** Whether an address (ISO country code, postal code) lies in the EU VAT area. */
export function isInEuVatArea(country: string, postalCode: string): boolean {
  const code = country.trim().toUpperCase();
  if (!isEuMemberState(code) || code === 'EL') return false;
  const compact = postalCode.replace(/[\s-]+/g, '');
  return !(OUTSIDE_EU_VAT_AREA[code] ?? []).some((pattern) => pattern.test(compact));
}

/** An organisation's or non-profit's place for VAT: inside or outside the EU VAT area; null for individuals. */
export function organizationTypeFor(
  type: CustomerType,
  address: Pick<CustomerAddress, 'country' | 'postalCode'>,
): OrganizationType | null {
  if (type === 'individual') return null;
  return isInEuVatArea(address.country, address.postalCode) ? 'within_eu' : 'outside_eu';
}

export type ReverseVatIneligibility =
  'individual' | 'swedish_customer' | 'outside_eu_vat_area' | 'vat_number_missing' | 'vat_number_invalid';

/**
 * Whether an EU reverse charge ("omvänd betalningsskyldighet", VAT Directive art. 44 and 196) can apply to services
 * sold to this customer: a business (organisation or non-profit) in the EU VAT area outside Sweden, identified by a
 * valid VAT number of its own country. Then the customer accounts for the VAT and the invoice carries 0 % VAT and
 * both VAT numbers.
 *
 * What it deliberately leaves out:
 * - Customers outside the EU VAT area (including GB, Northern Ireland for services, Åland, the Canary Islands):
 *   services to them are outside Swedish VAT, which is not a reverse charge; the invoice module handles that.
 * - Swedish customers: the domestic reverse charge (construction services, ML 2023:200 ch. 16) depends on the
 *   service sold, not on the customer, so it belongs to the invoice rows rather than the customer.
 * - Individuals without a VAT number: always consumers, Swedish VAT.
 * The flag may still be false for an eligible customer: some services (on Swedish real estate, event admission,
 * passenger transport) are taxed in Sweden whoever buys them.
 */
export function reverseVatEligibility(customer: {
  type: CustomerType;
  vatNumber: string | null;
  address: Pick<CustomerAddress, 'country' | 'postalCode'>;
}): { eligible: true } | { eligible: false; reason: ReverseVatIneligibility } {
  if (customer.type === 'individual') return { eligible: false, reason: 'individual' };
  const country = customer.address.country.trim().toUpperCase();
  if (country === 'SE') return { eligible: false, reason: 'swedish_customer' };
  if (!isInEuVatArea(country, customer.address.postalCode)) return { eligible: false, reason: 'outside_eu_vat_area' };
  if (!customer.vatNumber?.trim()) return { eligible: false, reason: 'vat_number_missing' };
  const vat = validateVatNumber(customer.vatNumber);
  if (!vat.valid || vat.countryCode !== country) return { eligible: false, reason: 'vat_number_invalid' };
  return { eligible: true };
}

/** Swedish VAT rates an invoice row may carry for this customer (spec §5: reverse VAT recipients allow only 0 %). */
export function allowedVatPercentages(customer: { reverseVat: boolean }): readonly number[] {
  return customer.reverseVat ? [0] : [25, 12, 6, 0];
}

// ---------------------------------------------------------------------------------------------------------------
// Public bodies and e-invoices

/**
 * A Swedish public body by its organisation number: legal-form group 2 (state, regions, municipalities). Swedish
 * public bodies must receive e-invoices (lag 2018:1277), so sending them a PDF is a problem to fix.
 */
export function isSwedishPublicBody(customer: {
  type: CustomerType;
  governmentId: string | null;
  address: Pick<CustomerAddress, 'country'>;
}): boolean {
  if (
    customer.type === 'individual' ||
    customer.address.country.trim().toUpperCase() !== 'SE' ||
    !customer.governmentId
  ) {
    return false;
  }
  const organisation = parseOrganisationNumber(customer.governmentId);
  return organisation.valid && organisation.normalised.startsWith('2');
}

export function eInvoiceConnection(customer: {
  eInvoice: boolean;
  governmentId: string | null;
  eInvoiceConnected: boolean;
}): EInvoiceConnection | null {
  if (!customer.eInvoice) return null;
  if (!customer.governmentId) return 'missing_government_id';
  return customer.eInvoiceConnected ? 'fully_connected' : 'not_connected';
}

// ---------------------------------------------------------------------------------------------------------------
// Verification

/**
 * The details a customer's contact confirms when verifying: who the customer is and where invoices go. A change to
 * any of them makes the customer unverified again; the language, e-invoice choice and reverse VAT flag do not.
 */
export const VERIFIED_DETAILS = [
  'type',
  'name',
  'governmentId',
  'vatNumber',
  'email',
  'contactPersonEmail',
  'address.streetName',
  'address.postalCode',
  'address.city',
  'address.country',
] as const;

/** The verified details that differ between two normalised customers (compare normalised values only). */
export function changedVerifiedDetails(before: NormalisedCustomer, after: NormalisedCustomer): string[] {
  const read = (c: NormalisedCustomer, path: string): unknown =>
    path.startsWith('address.')
      ? c.address[path.slice(8) as keyof CustomerAddress]
      : c[path as keyof NormalisedCustomer];
  return VERIFIED_DETAILS.filter((path) => read(before, path) !== read(after, path));
}

// ---------------------------------------------------------------------------------------------------------------
// The evaluation

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Region codes Intl knows that are not countries, and `UK`, which ISO reserves (the code is `GB`). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'UK']);

const knownCountries = new Map<string, boolean>();

/** Whether a two-letter code is an ISO 3166-1 alpha-2 country (Kosovo's user-assigned `XK` included). */
export function isKnownCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  // Intl's lookup costs microseconds and a list page asks for the same few countries again and again.
  let known = knownCountries.get(code);
  if (known === undefined) {
    const name = regionNames.of(code);
    known = name !== undefined && name !== code;
    knownCountries.set(code, known);
  }
  return known;
}

/** Today in Sweden as `YYYY-MM-DD`: work it out once per request and pass it to every evaluation. */
export function swedishToday(now: Date): string {
  return formatIsoDate(toCalendarDate(now));
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

  const contact = validateEmail(details.contactPersonEmail);
  if (!contact.valid) {
    issues.invalid(
      'contactPersonEmail',
      contact.error === 'empty' ? 'required' : 'email_invalid',
      'The contact person’s email is required and must be an email address',
    );
  }
  let email: string | null = null;
  if (blank(details.email)) {
    issues.incomplete(
      'email',
      'email_required_for_sending',
      'Invoices are emailed: add the invoice email before sending',
      3,
    );
  } else {
    const invoiceEmail = validateEmail(details.email);
    if (invoiceEmail.valid) email = invoiceEmail.normalised;
    else {
      email = details.email.trim();
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
    if (!governmentId) {
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
      contactPersonEmail: contact.valid ? contact.normalised : details.contactPersonEmail.trim(),
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
