// Swedish organisation numbers (organisationsnummer), and the government id that is either one or a sole trader's personal identity number.

import { isValidLuhn } from './luhn.ts';
import { parsePersonalIdentityNumber } from './personal-identity-number.ts';
import type { PersonalIdentityNumberError } from './personal-identity-number.ts';

export type OrganisationNumberError = 'empty' | 'invalid_format' | 'invalid_checksum';

export type OrganisationNumberResult =
  | {
      readonly valid: true;
      /** `NNNNNN-NNNN`. */
      readonly normalised: string;
    }
  | { readonly valid: false; readonly error: OrganisationNumberError };

export type GovernmentIdResult =
  | {
      readonly valid: true;
      readonly kind: 'organisation_number';
      /** `NNNNNN-NNNN`. */
      readonly normalised: string;
    }
  | {
      readonly valid: true;
      readonly kind: 'personal_identity_number';
      /** `YYYYMMDDNNNC`. */
      readonly normalised: string;
      readonly birthDate: string;
      readonly isCoordinationNumber: boolean;
    }
  | {
      readonly valid: false;
      readonly error: OrganisationNumberError | PersonalIdentityNumberError;
    };

/** 10 digits, optionally `-` after the sixth, optionally preceded by the century-like prefix `16`. */
const ORGANISATION_NUMBER = /^(?:16)?(\d{6})-?(\d{4})$/;

/** The third digit of an organisation number is at least 2, which keeps it apart from personal identity numbers (months 01–12). */
function hasOrganisationGroupDigit(tenDigits: string): boolean {
  return tenDigits.charCodeAt(2) >= 50;
}

/**
 * Parses an organisation number: `NNNNNNNNNN`, `NNNNNN-NNNN`, `16NNNNNNNNNN` or `16NNNNNN-NNNN` (surrounding whitespace
 * ignored), third digit ≥ 2 and a valid Luhn check digit.
 */
export function parseOrganisationNumber(input: string): OrganisationNumberResult {
  if (typeof input !== 'string') {
    return { valid: false, error: 'invalid_format' };
  }
  const value = input.trim();
  if (value === '') {
    return { valid: false, error: 'empty' };
  }
  const match = ORGANISATION_NUMBER.exec(value);
  const digits = match ? `${match[1] ?? ''}${match[2] ?? ''}` : '';
  if (!match || !hasOrganisationGroupDigit(digits)) {
    return { valid: false, error: 'invalid_format' };
  }
  if (!isValidLuhn(digits)) {
    return { valid: false, error: 'invalid_checksum' };
  }
  return {
    valid: true,
    normalised: `${digits.slice(0, 6)}-${digits.slice(6)}`,
  };
}

export function isValidOrganisationNumber(input: string): boolean {
  return parseOrganisationNumber(input).valid;
}

/**
 * For contexts that take either (a customer's or the user's government id, where a sole trader uses the personal
 * identity number): an organisation number when the number's third digit is ≥ 2 or it carries the `16` prefix,
 * otherwise a personal identity or co-ordination number (`today` decides the century of a short form).
 */
export function parseOrganisationOrPersonalIdentityNumber(input: string, today: Date | string): GovernmentIdResult {
  if (typeof input !== 'string') {
    return { valid: false, error: 'invalid_format' };
  }
  const value = input.trim();
  if (value === '') {
    return { valid: false, error: 'empty' };
  }
  const match = ORGANISATION_NUMBER.exec(value);
  // A match of 12 digits carries the `16` prefix; a personal identity number never does (nobody born in the 1600s).
  const isOrganisationNumber =
    match !== null && (value.replace('-', '').length === 12 || hasOrganisationGroupDigit(match[1] ?? ''));
  if (isOrganisationNumber) {
    const organisation = parseOrganisationNumber(value);
    return organisation.valid ? { ...organisation, kind: 'organisation_number' } : organisation;
  }
  const person = parsePersonalIdentityNumber(value, today);
  return person.valid ? { ...person, kind: 'personal_identity_number' } : person;
}
