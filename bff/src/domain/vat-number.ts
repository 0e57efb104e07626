// VAT registration numbers of EU member states and the United Kingdom (format and check digits via jsvat-next), plus the EU membership list.

import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  unitedKingdom,
} from 'jsvat-next';
import type { Country } from 'jsvat-next';
import { isValidLuhn } from './luhn.ts';
import { parseOrganisationNumber } from './organisation-number.ts';
import { isPlausibleShortPersonalIdentityNumber } from './personal-identity-number.ts';

/** ISO 3166-1 alpha-2 codes of the 27 EU member states (Greece is `GR` here; its VAT numbers start with `EL`). */
export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export type VatNumberError = 'empty' | 'invalid_country' | 'invalid_format' | 'invalid_checksum';

export type VatNumberResult =
  | {
      readonly valid: true;
      /** Upper case without spaces, dots or dashes, starting with the VAT prefix, e.g. `SE556036079301`, `EL094259216`. */
      readonly normalised: string;
      /** ISO 3166-1 alpha-2 country: `GR` for an `EL` number, `GB` for `GB` and `XI` (Northern Ireland) numbers. */
      readonly countryCode: string;
      /** The two letters the number starts with: the country code, except `EL` (Greece) and `XI` (Northern Ireland). */
      readonly vatPrefix: string;
    }
  | {
      readonly valid: false;
      readonly error: VatNumberError;
      readonly normalised: string;
      /** The country when the prefix was recognised, for a message such as "not a valid German VAT number". */
      readonly countryCode: string | null;
    };

type VatCountry = { readonly countryCode: string; readonly rules: Country };

/** The VAT prefixes accepted, each with its country and jsvat-next's rules. */
const VAT_COUNTRIES: Readonly<Record<string, VatCountry>> = {
  AT: { countryCode: 'AT', rules: austria },
  BE: { countryCode: 'BE', rules: belgium },
  BG: { countryCode: 'BG', rules: bulgaria },
  CY: { countryCode: 'CY', rules: cyprus },
  CZ: { countryCode: 'CZ', rules: czechRepublic },
  DE: { countryCode: 'DE', rules: germany },
  DK: { countryCode: 'DK', rules: denmark },
  EE: { countryCode: 'EE', rules: estonia },
  EL: { countryCode: 'GR', rules: greece },
  ES: { countryCode: 'ES', rules: spain },
  FI: { countryCode: 'FI', rules: finland },
  FR: { countryCode: 'FR', rules: france },
  HR: { countryCode: 'HR', rules: croatia },
  HU: { countryCode: 'HU', rules: hungary },
  IE: { countryCode: 'IE', rules: ireland },
  IT: { countryCode: 'IT', rules: italy },
  LT: { countryCode: 'LT', rules: lithuania },
  LU: { countryCode: 'LU', rules: luxembourg },
  LV: { countryCode: 'LV', rules: latvia },
  MT: { countryCode: 'MT', rules: malta },
  NL: { countryCode: 'NL', rules: netherlands },
  PL: { countryCode: 'PL', rules: poland },
  PT: { countryCode: 'PT', rules: portugal },
  RO: { countryCode: 'RO', rules: romania },
  SE: { countryCode: 'SE', rules: sweden },
  SI: { countryCode: 'SI', rules: slovenia },
  SK: { countryCode: 'SK', rules: slovakiaRepublic },
  GB: { countryCode: 'GB', rules: unitedKingdom },
  XI: { countryCode: 'GB', rules: unitedKingdom },
};

const SEPARATORS = /[\s.-]+/g;
const SHAPE = /^[A-Z]{2}[A-Z0-9+*]+$/;
const SWEDISH_ID_DIGITS = /^(?:\d{2})?(\d{6})[-+]?(\d{4})$/;

/**
 * Whether an ISO 3166-1 alpha-2 country code (any case) is an EU member state. `EL`, the VAT prefix of Greece, also
 * counts; `GB` and `XI` do not.
 */
export function isEuMemberState(countryCode: string): boolean {
  const code = countryCode.trim().toUpperCase();
  return code === 'EL' || (EU_MEMBER_STATES as readonly string[]).includes(code);
}

/** The VAT number prefix for an EU member state or GB (`EL` for `GR`), or null for any other country. */
export function vatPrefixForCountry(countryCode: string): string | null {
  const code = countryCode.trim().toUpperCase();
  if (code === 'GR') {
    return 'EL';
  }
  return code !== 'EL' && code !== 'XI' && Object.hasOwn(VAT_COUNTRIES, code) ? code : null;
}

/** Upper case without whitespace, dots or dashes; a Greek number written with `GR` gets its VAT prefix `EL`. */
export function normaliseVatNumber(input: string): string {
  const value = input.replace(SEPARATORS, '').toUpperCase();
  return value.startsWith('GR') ? `EL${value.slice(2)}` : value;
}

/** Sweden: `SE` + an organisation number or a sole trader's personal identity number (10 digits) + `01`. */
function isSwedishIdentityPart(tenDigits: string): boolean {
  if (!isValidLuhn(tenDigits)) {
    return false;
  }
  return Number(tenDigits[2]) >= 2 || isPlausibleShortPersonalIdentityNumber(tenDigits);
}

/**
 * Validates a VAT number of an EU member state or the United Kingdom (`GB`, `XI`): it must start with the country's VAT
 * prefix and pass that country's format and check-digit rules. A Swedish number is `SE` + an organisation number or
 * personal identity number with a valid check digit + `01`.
 */
export function validateVatNumber(input: string): VatNumberResult {
  if (typeof input !== 'string') {
    return {
      valid: false,
      error: 'invalid_format',
      normalised: '',
      countryCode: null,
    };
  }
  const normalised = normaliseVatNumber(input);
  if (normalised === '') {
    return { valid: false, error: 'empty', normalised, countryCode: null };
  }
  if (!SHAPE.test(normalised)) {
    return {
      valid: false,
      error: 'invalid_format',
      normalised,
      countryCode: null,
    };
  }
  const vatPrefix = normalised.slice(0, 2);
  const country = Object.hasOwn(VAT_COUNTRIES, vatPrefix) ? VAT_COUNTRIES[vatPrefix] : undefined;
  if (!country) {
    return {
      valid: false,
      error: 'invalid_country',
      normalised,
      countryCode: null,
    };
  }
  const { countryCode } = country;
  const check = checkVAT(normalised, [country.rules]);
  if (!check.isValidFormat) {
    return { valid: false, error: 'invalid_format', normalised, countryCode };
  }
  if (!check.isValid) {
    return { valid: false, error: 'invalid_checksum', normalised, countryCode };
  }
  if (vatPrefix === 'SE' && !isSwedishIdentityPart(normalised.slice(2, 12))) {
    return { valid: false, error: 'invalid_format', normalised, countryCode };
  }
  return { valid: true, normalised, countryCode, vatPrefix };
}

export function isValidVatNumber(input: string): boolean {
  return validateVatNumber(input).valid;
}

/**
 * Whether a Swedish VAT number belongs to a Swedish organisation number, or to a sole trader's personal identity
 * number (10 or 12 digits, any separator). False when either is invalid or the VAT number is not Swedish.
 */
export function vatNumberMatchesOrganisationNumber(vat: string, organisationNumber: string): boolean {
  const result = validateVatNumber(vat);
  if (!result.valid || result.vatPrefix !== 'SE' || typeof organisationNumber !== 'string') {
    return false;
  }
  let tenDigits: string;
  const organisation = parseOrganisationNumber(organisationNumber);
  if (organisation.valid) {
    tenDigits = organisation.normalised.replace('-', '');
  } else {
    const match = SWEDISH_ID_DIGITS.exec(organisationNumber.trim());
    tenDigits = match ? `${match[1] ?? ''}${match[2] ?? ''}` : '';
    if (!isPlausibleShortPersonalIdentityNumber(tenDigits)) {
      return false;
    }
  }
  return result.normalised.slice(2, 12) === tenDigits;
}
