// Country codes: which two-letter codes are countries (ISO 3166-1 alpha-2), as an address may carry them.

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Region codes Intl knows that are not countries, and `UK`, which ISO reserves (the code is `GB`). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'UK']);

const knownCountries = new Map<string, boolean>();

/** Whether a two-letter code is an ISO 3166-1 alpha-2 country (Kosovo's user-assigned `XK` included). */
export function isKnownCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  // Intl's lookup costs microseconds and a list page asks for the same few countries again and again.
  let known = knownCountries.get(code);
  if (known === undefined) {
    const name = regionNames.of(code);
    known = name !== undefined && name !== code;
    knownCountries.set(code, known);
  }
  return known;
}
