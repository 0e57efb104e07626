// Money in integer minor units (öre, cents): the currencies, THE rounding rule, and reading an amount a user typed.

import { multiply, ratio } from './exact-decimal.ts';
import type { Ratio } from './exact-decimal.ts';

export type CurrencyCode = 'sek' | 'eur' | 'usd' | 'nok' | 'dkk' | 'gbp';

export type Currency = {
  readonly code: CurrencyCode;
  /** ISO 4217 alphabetic code, as the e-invoice and the payment files write it. */
  readonly iso: string;
  /** ISO 4217 exponent: how many decimals one major unit has. */
  readonly minorUnits: number;
};

/** The currencies an invoice may be written in (docs/product/domain-rules.md#money). All six have 2 decimals in ISO 4217. */
export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = {
  sek: { code: 'sek', iso: 'SEK', minorUnits: 2 },
  eur: { code: 'eur', iso: 'EUR', minorUnits: 2 },
  usd: { code: 'usd', iso: 'USD', minorUnits: 2 },
  nok: { code: 'nok', iso: 'NOK', minorUnits: 2 },
  dkk: { code: 'dkk', iso: 'DKK', minorUnits: 2 },
  gbp: { code: 'gbp', iso: 'GBP', minorUnits: 2 },
};

export const CURRENCY_CODES: readonly CurrencyCode[] = Object.keys(CURRENCIES) as CurrencyCode[];

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** Throws a RangeError unless `value` is a safe integer: amounts in minor units are program data once parsed. */
export function assertMinorUnits(value: number, name = 'amount'): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer number of minor units, got ${value}`);
  }
}

/**
 * THE rounding of this product: an exact value to the nearest integer, halves away from zero ("half up" on the
 * amount, so a credit note mirrors its invoice öre for öre). Every booked amount goes through here exactly once.
 */
export function roundHalfUp(value: Ratio): bigint {
  const { numerator, denominator } = value;
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
}

/** An exact amount (in minor units) booked as whole minor units with `roundHalfUp`. */
export function toMinorUnits(value: Ratio): number {
  const rounded = roundHalfUp(value);
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER) || rounded < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('Amount out of the safe integer range');
  }
  return Number(rounded);
}

/** `amount × factor` rounded once: a fee, a tax, a VAT amount. */
export function multiplyMinorUnits(amount: number, factor: Ratio): number {
  assertMinorUnits(amount);
  return toMinorUnits(multiply(ratio(amount), factor));
}

/** `12345` → `'123.45'`: the plain notation of e-invoices and payment files (no grouping, `.` decimal, `-` sign). */
export function formatMinorUnits(amount: number, currency: CurrencyCode = 'sek'): string {
  assertMinorUnits(amount);
  const decimals = CURRENCIES[currency].minorUnits;
  const digits = Math.abs(amount)
    .toString()
    .padStart(decimals + 1, '0');
  const integer = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${amount < 0 ? '-' : ''}${integer}${decimals > 0 ? `.${fraction}` : ''}`;
}

export type AmountParseError =
  /** Nothing typed. */
  | 'empty'
  /** Letters, misplaced separators or grouping, more than one sign… */
  | 'invalid_format'
  /** More decimals than the currency has (at most 2, docs/product/domain-rules.md#money). */
  | 'too_many_decimals'
  /** `1,234` or `1.234` with no locale to tell a decimal separator from a thousands separator. */
  | 'ambiguous_separator'
  /** A minus sign where only amounts ≥ 0 are allowed. */
  | 'negative'
  /** Beyond what minor units can hold exactly. */
  | 'too_large';

export type AmountParseResult =
  | { readonly ok: true; readonly minorUnits: number }
  | { readonly ok: false; readonly error: AmountParseError };

export type AmountParseOptions = {
  /** The form's language. `sv`: `,` is the decimal separator (`.` also accepted as one), groups by spaces.
   * `en`: `.` decimal, `,` or spaces group. Without a locale both are accepted where unambiguous. */
  readonly locale?: 'sv' | 'en';
  readonly allowNegative?: boolean;
  readonly currency?: CurrencyCode;
};

/** Spaces that grouping may use: space, no-break space, narrow no-break space (what Intl's sv-SE prints), thin space. */
const GROUP_SPACES = /[ \u00a0\u202f\u2009]/g;
const ALLOWED = /^[0-9 \u00a0\u202f\u2009.,]+$/;

function fail(error: AmountParseError): AmountParseResult {
  return { ok: false, error };
}

/** `1`, `12`, `123`, then groups of exactly three digits. */
function isValidGrouping(groups: string[]): boolean {
  return groups.every((group, index) => /^\d+$/.test(group) && (index === 0 ? group.length <= 3 : group.length === 3));
}

/**
 * Reads an amount as a person types it, in Swedish (`1 234,50`) or English (`1,234.50`) notation, into minor units.
 * Grouping is checked (groups of three), at most the currency's decimals (2) are allowed, and nothing is rounded: an
 * amount that cannot be represented exactly is an error, never a silently different number.
 */
export function parseAmount(input: string, options: AmountParseOptions = {}): AmountParseResult {
  if (typeof input !== 'string') {
    return fail('invalid_format');
  }
  let text = input.trim();
  if (text === '') {
    return fail('empty');
  }
  let negative = false;
  if (text.startsWith('-') || text.startsWith('\u2212')) {
    negative = true;
    text = text.slice(1);
  }
  if (!ALLOWED.test(text) || !/^\d/.test(text) || !/\d$/.test(text)) {
    return fail('invalid_format');
  }
  const hasSpaces = /[ \u00a0\u202f\u2009]/.test(text);
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;

  // Decide which character (if any) separates the decimals; every other separator must be grouping.
  let decimalSeparator: ',' | '.' | null = null;
  if (commas > 0 && dots > 0) {
    decimalSeparator = lastComma > lastDot ? ',' : '.';
  } else if (commas + dots === 1) {
    const separator = commas === 1 ? ',' : '.';
    const decimals = text.length - 1 - text.indexOf(separator);
    if (options.locale === 'sv' || hasSpaces) {
      decimalSeparator = separator;
    } else if (options.locale === 'en') {
      decimalSeparator = separator === '.' ? '.' : null;
    } else if (decimals === 3) {
      return fail('ambiguous_separator');
    } else {
      decimalSeparator = separator;
    }
  }
  const groupSeparator = decimalSeparator === ',' ? '.' : decimalSeparator === '.' ? ',' : commas > 0 ? ',' : '.';
  if (options.locale === 'sv' && groupSeparator === ',' && commas > 0) {
    // Swedish never groups with a comma: `1,234,567` in a Swedish form is a typo, not a million.
    return fail('invalid_format');
  }

  let integerPart = text;
  let fractionPart = '';
  if (decimalSeparator !== null) {
    const at = text.lastIndexOf(decimalSeparator);
    if (text.indexOf(decimalSeparator) !== at) {
      return fail('invalid_format');
    }
    integerPart = text.slice(0, at);
    fractionPart = text.slice(at + 1);
    if (!/^\d+$/.test(fractionPart)) {
      return fail('invalid_format');
    }
  }
  const usesSpaces = /[ \u00a0\u202f\u2009]/.test(integerPart);
  const usesMark = integerPart.includes(groupSeparator);
  if (usesSpaces && usesMark) {
    return fail('invalid_format');
  }
  const groups = usesSpaces
    ? integerPart.split(GROUP_SPACES)
    : usesMark
      ? integerPart.split(groupSeparator)
      : [integerPart];
  if (groups.length > 1 ? !isValidGrouping(groups) : !/^\d+$/.test(integerPart)) {
    return fail('invalid_format');
  }

  const minorUnits = CURRENCIES[options.currency ?? 'sek'].minorUnits;
  if (fractionPart.length > minorUnits) {
    return fail('too_many_decimals');
  }
  const value =
    BigInt(groups.join('')) * 10n ** BigInt(minorUnits) + BigInt(fractionPart.padEnd(minorUnits, '0') || '0');
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    return fail('too_large');
  }
  if (negative && value !== 0n && !options.allowNegative) {
    return fail('negative');
  }
  return { ok: true, minorUnits: negative && value !== 0n ? -Number(value) : Number(value) };
}
