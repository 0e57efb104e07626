// The one way an amount of money reads in each language, on every screen (the BFF's emails and PDFs follow the same
// rule, bff/src/platform/i18n/format.ts): Swedish "1 234,50 kr" (kronor as "kr", other currencies by their code after
// the amount: "12,00 EUR"), English "SEK 1,234.50" (the code before the amount). Formatted from integer minor units,
// never through a float.
import { formatAmount, type NumberLocale } from '../form/number-format.ts';

/** Minor units with their currency as the language writes them; a negative amount leads with "−". */
export function formatMoney(minor: number, currency: string, locale: NumberLocale): string {
  const code = currency.toUpperCase();
  const amount = formatAmount(Math.abs(minor), locale);
  const sign = minor < 0 ? '−' : '';
  if (locale === 'sv') return `${sign}${amount}\u00a0${code === 'SEK' ? 'kr' : code}`;
  return `${sign}${code}\u00a0${amount}`;
}

/** SEK öre, the way salaries are shown. */
export function formatSek(minor: number, locale: NumberLocale): string {
  return formatMoney(minor, 'SEK', locale);
}
