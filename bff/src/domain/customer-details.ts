// What a customer (invoice recipient) is made of: its kinds, its details as typed and as stored, the limits on
// them, the problem codes that can block sending to it, and the shape of a broken rule. Pure data, no rules.

export const CUSTOMER_TYPES = ['individual', 'organization', 'non_profit'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const INVOICE_LANGUAGES = ['sv', 'en'] as const;
export type InvoiceLanguage = (typeof INVOICE_LANGUAGES)[number];
export const ORGANIZATION_TYPES = ['within_eu', 'outside_eu'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/** At most 50 characters for a recipient name (docs/product/customers.md#rules-per-kind). */
export const NAME_MAX_LENGTH = 50;
export const FOREIGN_GOVERNMENT_ID_MAX_LENGTH = 40;
export const FOREIGN_VAT_NUMBER_MAX_LENGTH = 30;

/**
 * The problem codes (docs/product/errors.md#problem-codes) that can block sending an invoice to a customer: 2 invalid organisation number,
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
  /** The Peppol participant id (`scheme:id`) an admin or the directory recorded for the customer, if any. */
  eInvoiceParticipantId?: string | null;
}

export type CustomerEvaluation = { issues: CustomerIssue[]; normalised: NormalisedCustomer };
