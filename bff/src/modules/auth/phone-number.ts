// Phone numbers of the profile: Swedish ones in any usual writing normalised to +46…, others as E.164.

export type PhoneNumberResult = { valid: true; normalised: string } | { valid: false };

/** A Swedish national significant number: area code or mobile prefix without the trunk 0, 7 to 9 digits. */
const SWEDISH_NSN = /^[1-9]\d{6,8}$/;
/** E.164: a country code and subscriber number, at most 15 digits, never starting with 0. */
const E164_DIGITS = /^[1-9]\d{6,14}$/;

/**
 * `070-123 45 67`, `08-123 456 78`, `+46 (0)70 123 45 67`, `0046701234567` → `+46701234567`;
 * `+47 912 34 567` → `+4791234567`. Numbers without a country code are taken as Swedish.
 */
export function normalisePhoneNumber(input: string): PhoneNumberResult {
  const compact = input
    .trim()
    .replace('(0)', '')
    .replace(/[\s\-./()]/g, '');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (compact.startsWith('0')) digits = `46${compact.slice(1)}`;
  else return { valid: false };
  if (!/^\d+$/.test(digits)) return { valid: false };
  if (digits.startsWith('46')) {
    // People often keep the trunk 0 after the country code (+46 070…).
    const nsn = digits.slice(2).replace(/^0/, '');
    return SWEDISH_NSN.test(nsn) ? { valid: true, normalised: `+46${nsn}` } : { valid: false };
  }
  return E164_DIGITS.test(digits) ? { valid: true, normalised: `+${digits}` } : { valid: false };
}
