// An exchange rate as typed ("11,0534" or "11.0534") to the exact decimal the BFF stores, and back. Pure: no float
// ever touches a rate.

const RATE = /^(0|[1-9][0-9]{0,9})([.,][0-9]{1,10})?$/;

/** The rate as the contract writes it (`11.0534`), or null when it is not a positive decimal of at most 10 decimals. */
export function parseRateText(text: string): string | null {
  const compact = text.trim().replace(/\s/g, '');
  if (!RATE.test(compact)) return null;
  const decimal = compact.replace(',', '.');
  return /[1-9]/.test(decimal) ? decimal : null;
}

export function formatRateText(decimal: string, locale: 'sv' | 'en'): string {
  return locale === 'sv' ? decimal.replace('.', ',') : decimal;
}
