// The personnummer as people read it. The BFF checks and normalises it (format, date, checksum);
// this only turns the stored 12 digits back into the usual written form.

/** `199001011234` → `19900101-1234`; anything else unchanged. */
export function formatGovernmentId(stored: string | null): string {
  if (!stored) return '';
  const match = /^(\d{8})(\d{4})$/.exec(stored);
  return match ? `${match[1]}-${match[2]}` : stored;
}
