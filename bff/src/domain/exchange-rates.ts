// Converting a foreign-currency amount to SEK: pick the rate, convert exactly, round once, and say what was used.
// The rates themselves live in the database (a dated table per currency, SEK per one unit); this file only decides.

import { parseIsoDate } from './calendar-date.ts';
import { formatIsoDate, toCalendarDate } from './calendar-date.ts';
import { multiply, parseDecimal, ratio } from './exact-decimal.ts';
import { assertMinorUnits, CURRENCIES, toMinorUnits } from './money.ts';
import type { CurrencyCode } from './money.ts';

export type ExchangeRate = {
  readonly currency: CurrencyCode;
  /** `YYYY-MM-DD`: the day the rate was set. */
  readonly date: string;
  /** SEK per one unit of `currency`, an exact decimal string (`'11.0534'`). */
  readonly sekPerUnit: string;
};

export type SekConversion = {
  readonly currency: CurrencyCode;
  readonly amount: number;
  readonly sekAmount: number;
  /** The rate used; null for an amount already in SEK. */
  readonly rate: ExchangeRate | null;
};

function checkRate(rate: ExchangeRate): void {
  const value = parseDecimal(rate.sekPerUnit);
  if (!value || value.numerator <= 0n || !parseIsoDate(rate.date)) {
    throw new RangeError(`Not a usable exchange rate: ${JSON.stringify(rate)}`);
  }
}

/**
 * The latest rate for `currency` set on or before `date` (the payment day for a salary, today for an estimate), or
 * undefined when the list has none. The list needs no order; of two rates on one day the later in the list wins.
 */
export function latestRateOnOrBefore(
  rates: readonly ExchangeRate[],
  currency: CurrencyCode,
  date: Date | string,
): ExchangeRate | undefined {
  const day = formatIsoDate(toCalendarDate(date));
  let best: ExchangeRate | undefined;
  for (const rate of rates) {
    if (rate.currency === currency && rate.date <= day && (!best || rate.date >= best.date)) {
      best = rate;
    }
  }
  return best;
}

/** `amount` (minor units of `rate.currency`) in SEK öre: amount × rate, rounded once. */
export function convertToSek(amount: number, rate: ExchangeRate): SekConversion {
  assertMinorUnits(amount);
  checkRate(rate);
  const sekPerUnit = parseDecimal(rate.sekPerUnit) ?? ratio(0);
  // Minor units of the currency → its units → SEK → öre.
  const scale = ratio(10n ** BigInt(CURRENCIES.sek.minorUnits), 10n ** BigInt(CURRENCIES[rate.currency].minorUnits));
  return {
    currency: rate.currency,
    amount,
    sekAmount: toMinorUnits(multiply(multiply(ratio(amount), sekPerUnit), scale)),
    rate,
  };
}

/**
 * `amount` in `currency` as SEK öre at the latest rate on or before `date`. SEK passes through unchanged. Undefined when
 * no rate is known yet (the caller says so to the user rather than guessing).
 */
export function toSek(
  amount: number,
  currency: CurrencyCode,
  date: Date | string,
  rates: readonly ExchangeRate[],
): SekConversion | undefined {
  if (currency === 'sek') {
    assertMinorUnits(amount);
    return { currency, amount, sekAmount: amount, rate: null };
  }
  const rate = latestRateOnOrBefore(rates, currency, date);
  return rate && convertToSek(amount, rate);
}
