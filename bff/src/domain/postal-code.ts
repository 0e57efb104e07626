// Postal codes of addresses: Swedish ones checked and normalised to `NNN NN`, other countries' kept as written.

export type PostalCodeError = 'empty' | 'invalid_format' | 'too_long';

export type PostalCodeResult =
  | { readonly valid: true; readonly normalised: string }
  | { readonly valid: false; readonly error: PostalCodeError };

export const MAX_FOREIGN_POSTAL_CODE_LENGTH = 20;

/** Five digits, the first not 0, optionally with one space after the third. */
const SWEDISH_POSTAL_CODE = /^([1-9]\d{2}) ?(\d{2})$/;

/**
 * Validates a postal code for an address in `countryCode` (ISO 3166-1 alpha-2, any case). Sweden (`SE`): `NNNNN` or
 * `NNN NN`, first digit not 0, normalised to `NNN NN`. Any other country: the trimmed text, at most 20 characters.
 */
export function validatePostalCode(input: string, countryCode: string): PostalCodeResult {
  if (typeof input !== 'string') {
    return { valid: false, error: 'invalid_format' };
  }
  const value = input.trim();
  if (value === '') {
    return { valid: false, error: 'empty' };
  }
  if (countryCode.trim().toUpperCase() === 'SE') {
    const match = SWEDISH_POSTAL_CODE.exec(value);
    return match
      ? { valid: true, normalised: `${match[1] ?? ''} ${match[2] ?? ''}` }
      : { valid: false, error: 'invalid_format' };
  }
  if ([...value].length > MAX_FOREIGN_POSTAL_CODE_LENGTH) {
    return { valid: false, error: 'too_long' };
  }
  return { valid: true, normalised: value };
}

export function isValidPostalCode(input: string, countryCode: string): boolean {
  return validatePostalCode(input, countryCode).valid;
}
