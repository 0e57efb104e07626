// Numbers as people type them, in Swedish or English ("1 234,50", "1,234.50", "1234.5", "12,5 %"),
// read exactly: digits stay digits (no floating point), so an amount becomes integer minor units
// (öre, cents) and a rate an exact decimal. Pure, so every format is tested without a browser.
import type { FieldIssue } from './messages.ts';

export type NumberLocale = 'sv' | 'en';

/** A number read from text: its sign, whole digits and decimal digits, exactly as typed. */
export type ParsedDecimal = { negative: boolean; whole: string; fraction: string };

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issue: FieldIssue };

// Spaces people and browsers use between digit groups: space, no-break space, narrow no-break
// space (what Intl formats Swedish numbers with), thin space.
const GROUP_SPACES = /[\s\u00a0\u202f\u2009]/g;
const MINUS = /^[-\u2212]/;

/**
 * Reads a decimal number. Spaces always group digits. When both `,` and `.` appear, the last one
 * is the decimal mark. A lone `.` is a decimal point in both languages ("1234.5"); a lone `,`
 * is the decimal comma in Swedish ("1234,5"), and in English a thousands separator when exactly
 * three digits follow ("1,234"). Groups must have three digits, so "12,34.5" is refused rather
 * than guessed.
 */
export function parseDecimal(input: string, locale: NumberLocale): ParseResult<ParsedDecimal> {
  let text = input.trim();
  if (!text) return { ok: false, issue: { code: 'required' } };
  const negative = MINUS.test(text);
  if (negative) text = text.slice(1).trim();
  const compact = text.replace(GROUP_SPACES, '');
  if (!/^[\d.,]*\d[\d.,]*$/.test(compact)) return notANumber();

  const commas = count(compact, ',');
  const dots = count(compact, '.');
  let mark: ',' | '.' | null = null;
  if (commas && dots) mark = compact.lastIndexOf(',') > compact.lastIndexOf('.') ? ',' : '.';
  else if (dots === 1) mark = '.';
  else if (commas === 1 && (locale === 'sv' || !/,\d{3}$/.test(compact))) mark = ',';
  const group = mark === ',' ? '.' : mark === '.' ? ',' : commas ? ',' : '.';

  const at = mark ? text.lastIndexOf(mark) : -1;
  const wholeText = at >= 0 ? text.slice(0, at) : text;
  const fraction = at >= 0 ? text.slice(at + 1) : '';
  if (!/^\d*$/.test(fraction)) return notANumber();
  const groups = wholeText.split(group === '.' ? /[.\s\u00a0\u202f\u2009]/ : /[,\s\u00a0\u202f\u2009]/);
  const wellGrouped =
    groups.length === 1
      ? /^\d*$/.test(groups[0] ?? '')
      : groups.every((part, index) => (index === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(part));
  if (!wellGrouped) return notANumber();
  return { ok: true, value: { negative, whole: stripZeros(groups.join('')), fraction } };
}

export type AmountOptions = {
  /** Digits after the decimal mark the currency has (2 for SEK, EUR...). */
  decimals?: number;
  /** Smallest and largest amount allowed, in minor units. */
  min?: number;
  max?: number;
};

/**
 * An amount in integer minor units: "1 234,50" → 123450. More decimals than the currency has is
 * refused (`invalid_precision`), never rounded: rounding someone's money is not the form's call.
 */
export function parseAmount(input: string, locale: NumberLocale, options: AmountOptions = {}): ParseResult<number> {
  const decimals = options.decimals ?? 2;
  const parsed = parseDecimal(input, locale);
  if (!parsed.ok) return parsed;
  const { negative, whole, fraction } = parsed.value;
  const extra = fraction.slice(decimals);
  if (/[1-9]/.test(extra)) return { ok: false, issue: { code: 'invalid_precision', params: { decimals } } };
  const digits = `${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '');
  const minor = Number(digits) * (negative && /[1-9]/.test(digits) ? -1 : 1);
  if (!Number.isSafeInteger(minor)) return { ok: false, issue: { code: 'too_large' } };
  return withinBounds(minor, options.min ?? 0, options.max ?? Number.MAX_SAFE_INTEGER, (n) =>
    formatAmount(n, locale, decimals),
  );
}

export type RateOptions = { decimals?: number; min?: number; max?: number };

/** A rate: its exact decimal ("32.5") and in hundredths of a unit (3250), "%" allowed after it. */
export type Rate = { decimal: string; hundredths: number };

/** A percentage as typed ("32,5", "32.5 %"): at most `decimals` decimals, within min and max. */
export function parseRate(input: string, locale: NumberLocale, options: RateOptions = {}): ParseResult<Rate> {
  const decimals = options.decimals ?? 2;
  const parsed = parseDecimal(input.trim().replace(/\s*%$/, ''), locale);
  if (!parsed.ok) return parsed;
  const { negative, whole, fraction } = parsed.value;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) return { ok: false, issue: { code: 'invalid_precision', params: { decimals } } };
  const hundredths = Number(`${whole}${significant.padEnd(2, '0').slice(0, 2)}`) * (negative ? -1 : 1);
  const decimal = `${negative && (whole !== '0' || significant) ? '-' : ''}${whole}${significant ? `.${significant}` : ''}`;
  const value = Number(decimal);
  if (options.min !== undefined && value < options.min) {
    return { ok: false, issue: { code: 'too_small', params: { limit: options.min } } };
  }
  if (options.max !== undefined && value > options.max) {
    return { ok: false, issue: { code: 'too_large', params: { limit: options.max } } };
  }
  return { ok: true, value: { decimal, hundredths } };
}

const LANGUAGE_TAG: Record<NumberLocale, string> = { sv: 'sv-SE', en: 'en-GB' };

/** Minor units as the language writes the amount: 123450 → "1 234,50" (sv), "1,234.50" (en). */
export function formatAmount(minor: number, locale: NumberLocale, decimals = 2): string {
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const grouped = new Intl.NumberFormat(LANGUAGE_TAG[locale], { useGrouping: true }).format(BigInt(whole));
  const mark = locale === 'sv' ? ',' : '.';
  return `${negative ? '−' : ''}${grouped}${decimals ? `${mark}${fraction}` : ''}`;
}

/** A rate as the language writes it: 32.5 → "32,5" (sv), "32.5" (en); no grouping. */
export function formatRate(value: number | string, locale: NumberLocale): string {
  const text = typeof value === 'number' ? String(value) : value;
  return locale === 'sv' ? text.replace('.', ',') : text;
}

function withinBounds(minor: number, min: number, max: number, format: (n: number) => string): ParseResult<number> {
  if (minor < min) return { ok: false, issue: { code: 'too_small', params: { limit: format(min) } } };
  if (minor > max) return { ok: false, issue: { code: 'too_large', params: { limit: format(max) } } };
  return { ok: true, value: minor };
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function stripZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '') || '0';
}

function notANumber(): { ok: false; issue: FieldIssue } {
  return { ok: false, issue: { code: 'not_a_number' } };
}
