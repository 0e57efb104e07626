// The tax-free mileage allowance for driving one's own car in service (rates in rates.ts).

import { datedEntryAt } from './dated-table.ts';
import { multiply, parseDecimal, ratio } from './exact-decimal.ts';
import { toMinorUnits } from './money.ts';
import { MILEAGE_ALLOWANCE_PER_10_KM } from './rates.ts';

export type MileageAllowance = {
  /** SEK öre. */
  readonly amount: number;
  /** The rate used, SEK öre per 10 km. */
  readonly perTenKm: number;
  readonly rateValidFrom: string;
};

/**
 * The allowance for `km` kilometres (at most 2 decimals, as a number or a decimal string) driven on `date`: km × rate /
 * 10, rounded once to the öre. Throws a RangeError for a negative or non-decimal distance or a date before the table.
 */
export function mileageAllowance(km: number | string, date: Date | string): MileageAllowance {
  // A number with at most 2 decimals prints exactly in its shortest form, so it can be read as a decimal string.
  const distance = parseDecimal(typeof km === 'number' ? String(km) : km, 2);
  if (!distance || distance.numerator < 0n) {
    throw new RangeError(`Not a distance in km with at most 2 decimals: ${String(km)}`);
  }
  const entry = datedEntryAt(MILEAGE_ALLOWANCE_PER_10_KM, date);
  return {
    amount: toMinorUnits(multiply(distance, ratio(entry.value, 10))),
    perTenKm: entry.value,
    rateValidFrom: entry.validFrom,
  };
}
