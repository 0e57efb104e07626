// How days and rates are written on the salary screens, in the user's language (money: @frilo/ui/money).
import { formatRate, type NumberLocale } from '@frilo/ui/form/number-format';

const TAG: Record<NumberLocale, string> = { sv: 'sv-SE', en: 'en-GB' };

/** A calendar day (`YYYY-MM-DD`) as the language writes it, without time-zone shifts. */
export function day(iso: string, locale: NumberLocale): string {
  const [year, month, date] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(TAG[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** A moment as the Swedish calendar day and time it happened. */
export function moment(iso: string, locale: NumberLocale): string {
  return new Intl.DateTimeFormat(TAG[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Stockholm',
  }).format(new Date(iso));
}

/** A percentage: 31.42 → "31,42 %" (sv, a no-break space: the sign never starts a line), "31.42%" (en). */
export function percent(value: number | string, locale: NumberLocale): string {
  return locale === 'sv' ? `${formatRate(value, locale)}\u00a0%` : `${formatRate(value, locale)}%`;
}

/** Today in Sweden, `YYYY-MM-DD` (the kit's, which the status words use too). */
export { swedishToday } from '@frilo/ui/salary-status';

/** Whole kronor (what Skatteverket's forms take) as "26 020 kr" (sv, no-break spaces) or "SEK 26,020" (en). */
export function wholeSek(kronor: number, locale: NumberLocale): string {
  const amount = new Intl.NumberFormat(TAG[locale], { maximumFractionDigits: 0 }).format(kronor);
  return locale === 'sv' ? `${amount}\u00a0kr` : `SEK ${amount}`;
}
