// Swedish personal and organisation numbers as people read them. The BFF checks and normalises them
// (format, date, checksum: bff/src/domain); these only show a stored number in its usual written form
// and tidy a typed one when the user leaves the field, so what they see is what will be saved.
// Anything that is not a number of one of the usual shapes is left as typed, for the BFF to explain.

/** `199001011234` → `19900101-1234`; anything else unchanged. */
export function formatPersonalNumber(stored: string | null): string {
  if (!stored) return '';
  const match = /^(\d{8})(\d{4})$/.exec(stored);
  return match ? `${match[1]}-${match[2]}` : stored;
}

/**
 * A typed personal number in the written form `YYYYMMDD-NNNN`: spaces dropped, a 10-digit number given
 * its century the way Skatteverket does (`-` under 100 years old, `+` from the year of turning 100).
 */
export function normalisePersonalNumber(typed: string, today = new Date()): string {
  const compact = typed.replace(/\s+/g, '');
  const long = /^(\d{8})[-+]?(\d{4})$/.exec(compact);
  if (long) return `${long[1]}-${long[2]}`;
  const short = /^(\d{2})(\d{4})([-+]?)(\d{4})$/.exec(compact);
  if (!short) return typed.trim();
  const [, yy, monthDay, separator, serial] = short;
  const year = today.getFullYear();
  let century = Math.floor(year / 100) * 100;
  if (century + Number(yy) > year) century -= 100;
  if (separator === '+') century -= 100;
  return `${century + Number(yy)}${monthDay}-${serial}`;
}

/** 10 digits (optionally after the `16` prefix) whose third digit is at least 2: not a date of birth. */
const ORGANISATION_NUMBER = /^(?:16)?(\d{2}[2-9]\d{3})-?(\d{4})$/;

/**
 * A typed organisation number in the written form `NNNNNN-NNNN` (`5560360793`, `16556036-0793`,
 * `556036 0793` alike). Where a sole trader is identified by the owner's personal number
 * (`allowPersonalNumber`), one typed there becomes `YYYYMMDD-NNNN`.
 */
export function normaliseOrganisationNumber(typed: string, allowPersonalNumber = false, today = new Date()): string {
  const compact = typed.replace(/\s+/g, '');
  const organisation = ORGANISATION_NUMBER.exec(compact);
  if (organisation) return `${organisation[1]}-${organisation[2]}`;
  return allowPersonalNumber ? normalisePersonalNumber(typed, today) : typed.trim();
}

/** A stored Swedish government id (an organisation number or a personal number's 12 digits) as it is written. */
export function formatSwedishId(stored: string | null): string {
  if (!stored) return '';
  const organisation = ORGANISATION_NUMBER.exec(stored);
  if (organisation) return `${organisation[1]}-${organisation[2]}`;
  return formatPersonalNumber(stored);
}
