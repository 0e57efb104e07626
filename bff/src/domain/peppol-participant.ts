// Which Peppol participant identifier (EAS scheme and id) addresses a customer, for the UBL's buyer endpoint
// (PEPPOL-EN16931-R010 requires one). First the one an admin or the Peppol Directory recorded for the customer (any
// scheme, e.g. 0088 GLN); else derived: Swedish organisations by their organisation number (0007), Norwegian ones by
// theirs (0192), other businesses in the EU, EEA, GB and CH by their VAT number under their country's VAT scheme
// (the Peppol EAS code list, e.g. 9930 German VAT). A customer with none of these (a private person, a US company)
// has no Peppol address; the bookkeeping copy of their invoice names their email (scheme EM, on EN 16931's EAS list
// but not on Peppol's), so such a copy is never sent to the network (docs/product/sending.md#e-invoices-without-a-peppol-address).
import { parseOrganisationNumber } from './organisation-number.ts';

export interface ParticipantId {
  readonly scheme: string;
  readonly id: string;
  /** Whether the scheme is one the Peppol network routes on. */
  readonly peppol: boolean;
}

/** EAS VAT schemes by the VAT number's prefix (Peppol EAS code list: 99xx "VAT number" entries, 0211 IT, 0213 FI, 0198 DK). */
const VAT_SCHEMES: Readonly<Record<string, string>> = {
  HU: '9910',
  AT: '9914',
  ES: '9920',
  AD: '9922',
  AL: '9923',
  BA: '9924',
  BE: '9925',
  BG: '9926',
  CH: '9927',
  CY: '9928',
  CZ: '9929',
  DE: '9930',
  EE: '9931',
  GB: '9932',
  EL: '9933',
  HR: '9934',
  IE: '9935',
  LI: '9936',
  LT: '9937',
  LU: '9938',
  LV: '9939',
  MC: '9940',
  ME: '9941',
  MK: '9942',
  MT: '9943',
  NL: '9944',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  RS: '9948',
  SI: '9949',
  SK: '9950',
  SM: '9951',
  TR: '9952',
  VA: '9953',
  FR: '9957',
  IT: '0211',
  FI: '0213',
  DK: '0198',
};

/**
 * A Norwegian organisation number (organisasjonsnummer, Brønnøysundregistrene): nine digits, the last a modulus 11
 * check digit with weights 3 2 7 6 5 4 3 2; the Peppol EAS scheme 0192. Spaces are dropped; null when not valid.
 */
export function norwegianOrganisationNumber(input: string): string | null {
  const digits = input.replace(/\s/g, '');
  if (!/^\d{9}$/.test(digits)) return null;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(digits[8]) ? digits : null;
}

export function participantIdFor(customer: {
  readonly country: string;
  readonly governmentId: string | null;
  readonly vatNumber: string | null;
  readonly email: string | null;
  /** `scheme:id` an admin or the Peppol Directory recorded (acceptance): it wins over anything derived. */
  readonly recorded?: string | null | undefined;
}): ParticipantId | null {
  const recorded = customer.recorded ? /^(\d{4}):(.+)$/.exec(customer.recorded.trim()) : null;
  if (recorded) return { scheme: recorded[1] as string, id: recorded[2] as string, peppol: true };
  const country = customer.country.toUpperCase();
  if (country === 'SE' && customer.governmentId) {
    const organisation = parseOrganisationNumber(customer.governmentId);
    if (organisation.valid) return { scheme: '0007', id: organisation.normalised.replace('-', ''), peppol: true };
  }
  const vat = customer.vatNumber?.replace(/\s/g, '').toUpperCase();
  if (country === 'NO') {
    // The organisation number, or the one inside a Norwegian VAT number (NO + nine digits + MVA).
    const fromVat = vat ? /^NO(\d{9})(MVA)?$/.exec(vat)?.[1] : undefined;
    const organisation =
      (customer.governmentId ? norwegianOrganisationNumber(customer.governmentId) : null) ??
      (fromVat ? norwegianOrganisationNumber(fromVat) : null);
    if (organisation) return { scheme: '0192', id: organisation, peppol: true };
  }
  const scheme = vat ? VAT_SCHEMES[vat.slice(0, 2)] : undefined;
  if (vat && scheme) return { scheme, id: vat, peppol: true };
  return customer.email ? { scheme: 'EM', id: customer.email, peppol: false } : null;
}

export type ParticipantIdTextResult =
  | { readonly valid: true; readonly normalised: string }
  | { readonly valid: false; readonly error: 'invalid_format' | 'invalid_organisation_number' };

/**
 * A participant id as an admin types it: `scheme:id` with a four-digit ICD/EAS scheme (`0007:5560360793`,
 * `0088:7300010000001`, `9930:DE123456789`). Spaces are dropped and letters upper-cased; under 0007 the id must be a
 * valid Swedish organisation number (its ten digits, a dash is dropped).
 */
export function parseParticipantIdText(input: string): ParticipantIdTextResult {
  const text = input.replace(/\s/g, '').replace(/^iso6523-actorid-upis::/i, '');
  const match = /^(\d{4}):([A-Za-z0-9][A-Za-z0-9._-]{0,49})$/.exec(text);
  if (!match) return { valid: false, error: 'invalid_format' };
  const [, scheme, id] = match as unknown as [string, string, string];
  if (scheme === '0007') {
    const organisation = parseOrganisationNumber(id);
    if (!organisation.valid) return { valid: false, error: 'invalid_organisation_number' };
    return { valid: true, normalised: `0007:${organisation.normalised.replace('-', '')}` };
  }
  return { valid: true, normalised: `${scheme}:${id.toUpperCase()}` };
}

/** `scheme:id` of the customer's Peppol address, or null when it has none the network routes on. */
export function peppolAddressOf(customer: Parameters<typeof participantIdFor>[0]): string | null {
  const participant = participantIdFor(customer);
  return participant?.peppol ? `${participant.scheme}:${participant.id}` : null;
}
