// Which details a customer has, decided by its type and its address, as the BFF's rules decide them
// (openapi/modules/customers.yaml, "Rules per type"). Pure, so the form, the public page and the
// tests agree. The BFF stays the authority: it checks the numbers themselves (check digits, dates).
// The EU VAT area and VAT prefixes repeat bff/src/domain; customer-rules-parity.test.ts keeps them equal.
import type { CustomerType } from './customer-types.ts';

export const HOME_COUNTRY = 'SE';

/** ISO 3166-1 alpha-2 codes of the 27 EU member states. */
const EU_MEMBER_STATES = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/**
 * Parts of member states outside the EU VAT area, by postal code: the Canary Islands, Ceuta and
 * Melilla, the French overseas departments, Heligoland, Büsingen, Livigno, Campione d'Italia and
 * Mount Athos (VAT Directive art. 6 and 7). Åland has its own country code (AX).
 */
const OUTSIDE_EU_VAT_AREA: Readonly<Record<string, RegExp>> = {
  ES: /^(35|38|51|52)\d{3}$/,
  FR: /^97[1-8]\d{2}$/,
  DE: /^(27498|78266)$/,
  IT: /^(23041|22061)$/,
  GR: /^63086$/,
};

export function isInEuVatArea(country: string, postalCode: string): boolean {
  const code = country.trim().toUpperCase();
  if (!EU_MEMBER_STATES.has(code)) return false;
  return !OUTSIDE_EU_VAT_AREA[code]?.test(postalCode.replace(/[\s-]+/g, ''));
}

/** The prefix a VAT number of this country starts with (Greece: EL), for EU states and GB; else null. */
export function vatPrefixFor(country: string): string | null {
  const code = country.trim().toUpperCase();
  if (code === 'GR') return 'EL';
  return EU_MEMBER_STATES.has(code) || code === 'GB' ? code : null;
}

export type GovernmentIdKind = 'personal_identity_number' | 'organisation_number' | 'registration_number';

export type CustomerFields = {
  governmentId: { kind: GovernmentIdKind; required: boolean };
  /** Null: the customer has no VAT number (an individual). */
  vatNumber: { required: boolean; prefix: string | null; swedish: boolean } | null;
  /**
   * Null: reverse VAT cannot apply. Otherwise a business in another EU country, where it applies
   * once the customer's VAT number is given (`enabled`).
   */
  reverseVat: { enabled: boolean } | null;
  /** Derived from the address, never chosen; null for individuals. */
  organizationType: 'within_eu' | 'outside_eu' | null;
  /** E-invoices (Peppol) instead of PDF by email: businesses and non-profits only. */
  eInvoice: boolean;
  /** A Swedish public body (organisation number 2xxxxx-xxxx) must get e-invoices (problem 13). */
  eInvoiceRequired: boolean;
};

export type CustomerFieldInput = {
  type: CustomerType;
  country: string;
  postalCode: string;
  vatNumber: string;
  governmentId: string;
};

/** The details a customer of this type and address has, and which of them are required. */
export function customerFields(input: CustomerFieldInput): CustomerFields {
  const country = input.country.trim().toUpperCase();
  if (input.type === 'individual') {
    return {
      governmentId: { kind: 'personal_identity_number', required: false },
      vatNumber: null,
      reverseVat: null,
      organizationType: null,
      eInvoice: false,
      eInvoiceRequired: false,
    };
  }
  const euVatArea = isInEuVatArea(country, input.postalCode);
  const base = {
    organizationType: euVatArea ? ('within_eu' as const) : ('outside_eu' as const),
    eInvoice: true,
  };
  if (country === HOME_COUNTRY) {
    const digits = input.governmentId.replace(/\D/g, '');
    return {
      ...base,
      governmentId: { kind: 'organisation_number', required: true },
      vatNumber: { required: false, prefix: 'SE', swedish: true },
      reverseVat: null,
      eInvoiceRequired: digits.length === 10 && digits.startsWith('2'),
    };
  }
  return {
    ...base,
    governmentId: { kind: 'registration_number', required: false },
    // A business in another EU country is identified for VAT by its number; a non-profit may have none.
    vatNumber: { required: euVatArea && input.type === 'organization', prefix: vatPrefixFor(country), swedish: false },
    reverseVat: euVatArea ? { enabled: input.vatNumber.trim() !== '' } : null,
    eInvoiceRequired: false,
  };
}
