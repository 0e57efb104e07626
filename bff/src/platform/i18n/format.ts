// Money and days as a reader of an email expects them in their language: one format per language, the same as the
// web app's (@frilo/ui/format/money): "1 234,50 kr" and "12,00 EUR" in Swedish, "SEK 1,234.50" in English; days as
// "2 december 2026" / "2 December 2026", never ISO. Amounts are formatted from the integers (never a float).
import { formatAmount } from '../pdf/format.ts';
import type { Locale } from './translations.ts';

/** Minor units with their currency: `123450, 'SEK'` → `1 234,50 kr` (sv), `SEK 1,234.50` (en). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const code = currency.toUpperCase();
  const amount = formatAmount(Math.abs(minor), locale);
  const sign = minor < 0 ? '−' : '';
  if (locale === 'sv') return `${sign}${amount}\u00a0${code === 'SEK' ? 'kr' : code}`;
  return `${sign}${code}\u00a0${amount}`;
}

const DAY_FORMATS: Readonly<Record<Locale, Intl.DateTimeFormat>> = {
  sv: new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** A calendar day (`YYYY-MM-DD`) as the language writes it: `2 december 2026` / `2 December 2026`. */
export function formatDay(iso: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return DAY_FORMATS[locale].format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}
