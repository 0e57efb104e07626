// The personnummer as people read it. The BFF checks and normalises it (format, date, checksum);
// this shows the stored 12 digits in the usual written form and tidies a typed number when the
// user leaves the field, so what they see is what will be saved.

/** `199001011234` → `19900101-1234`; anything else unchanged. */
export function formatGovernmentId(stored: string | null): string {
  if (!stored) return '';
  const match = /^(\d{8})(\d{4})$/.exec(stored);
  return match ? `${match[1]}-${match[2]}` : stored;
}

/**
 * A typed number in the written form `YYYYMMDD-NNNN`: spaces dropped, a 10-digit number given its
 * century the way Skatteverket does (`-` under 100 years old, `+` from the year of turning 100).
 * Anything that is not a number of one of the usual shapes is left as typed, for the BFF to explain.
 */
export function normaliseGovernmentId(typed: string, today = new Date()): string {
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
