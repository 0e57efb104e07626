// Vacation pay (semesterersättning): the part of every gross salary that is vacation pay, the employer contributions
// that belong to it when it is saved, the payout of saved vacation pay, and the yearly payout day
// (docs/product/payments.md#vacation-pay).
//
// Source: semesterlagen (1977:480) 16 b §, the percentage rule: vacation pay is 12 % of the salary earned. The
// freelancer is employed for each assignment, so vacation pay is included in every salary and shown openly: with S the
// salary for the work and V = 12 % × S, the gross salary is G = S + V, so V = G × 12/112. The gross salary itself is
// unchanged (salary.ts computes it from the budget as before); this file only says which part of it is vacation pay.
//
// Rounding (the one rounding of money.ts, half up, once): V = round(G × r / (1 + r)) with r = 12 %, and S = G − V, so
// S + V = G to the öre. V is within ½ öre of G × 12/112; measured against the rounded S it is within 0.56 öre of
// 12 % × S (|V − 0.12 S| = 1.12 × |V − G × 12/112|), so round(0.12 × S) and V differ by at most one öre, and only when
// G × 12/112 lies within 0.06 öre of a half. vacation-pay.test.ts checks both bounds by property.
//
// Saved vacation pay: the employer contributions are due on salary when it is paid (the cash principle of the employer
// declaration), so when V is set aside instead of paid, the contributions that belong to it are set aside with it:
// round(socialFee × V / G), the share of the salary's booked contributions (the budget already paid for them; this
// also splits a youth salary's two rates in proportion). They are declared and paid with V when V is paid out. Income
// tax on V is withheld only then, at the income tax rate in force on the payout day: round(V × t), net V − tax.

import { parseIsoDate } from './calendar-date.ts';
import { midsummerEve, nextBankDay, previousBankDay } from './bank-days.ts';
import { datedValueAt } from './dated-table.ts';
import { add, compare, divide, multiply, ONE, percent, ratio } from './exact-decimal.ts';
import type { PercentString, Ratio } from './exact-decimal.ts';
import { assertMinorUnits, toMinorUnits } from './money.ts';
import { VACATION_PAY_PAYOUT_DAY, VACATION_PAY_RATE, type VacationPayPayoutRule } from './rates.ts';

/** The vacation pay rate in force on a day (12 %). */
export function vacationPayRateAt(day: Date | string): PercentString {
  return datedValueAt(VACATION_PAY_RATE, day);
}

function rateRatio(rate: PercentString, name: string): Ratio {
  const value = percent(rate);
  if (compare(value, ratio(0)) < 0 || compare(value, ONE) > 0) throw new RangeError(`${name} must be 0–100 %`);
  return value;
}

export type VacationPaySplit = {
  /** V: the part of the gross salary that is vacation pay, round(G × r / (1 + r)). */
  readonly vacationPay: number;
  /** S = G − V: the salary for the work. */
  readonly salary: number;
};

/** Splits a gross salary (öre, ≥ 0) into the salary for the work and the vacation pay on it. */
export function splitVacationPay(grossSalary: number, rate: PercentString): VacationPaySplit {
  assertMinorUnits(grossSalary, 'grossSalary');
  if (grossSalary < 0) throw new RangeError('grossSalary must be ≥ 0');
  const r = rateRatio(rate, 'vacation pay rate');
  const vacationPay = toMinorUnits(divide(multiply(ratio(grossSalary), r), add(ONE, r)));
  return { vacationPay, salary: grossSalary - vacationPay };
}

/**
 * The employer contributions set aside with saved vacation pay: the saved part's share of the contributions booked on
 * the whole gross salary, round(socialFee × saved / gross). 0 without a gross salary.
 */
export function setAsideSocialFee(socialFee: number, saved: number, grossSalary: number): number {
  assertMinorUnits(socialFee, 'socialFee');
  assertMinorUnits(saved, 'saved');
  assertMinorUnits(grossSalary, 'grossSalary');
  if (saved < 0 || saved > grossSalary || socialFee < 0)
    throw new RangeError('Need 0 ≤ saved ≤ grossSalary, socialFee ≥ 0');
  if (grossSalary === 0) return 0;
  return toMinorUnits(ratio(BigInt(socialFee) * BigInt(saved), grossSalary));
}

export type VacationPayPayout = {
  /** The saved vacation pay paid out (gross, taxable salary of the payout day). */
  readonly grossAmount: number;
  readonly incomeTaxRate: PercentString;
  /** round(gross × the income tax rate of the payout day). */
  readonly incomeTaxAmount: number;
  /** gross − tax: what reaches the account. */
  readonly netAmount: number;
};

/** Paying out `amount` öre of saved vacation pay with the income tax rate in force on the payout day. */
export function vacationPayPayout(amount: number, incomeTaxRate: PercentString): VacationPayPayout {
  assertMinorUnits(amount, 'amount');
  if (amount < 0) throw new RangeError('amount must be ≥ 0');
  const incomeTaxAmount = toMinorUnits(multiply(ratio(amount), rateRatio(incomeTaxRate, 'incomeTaxRate')));
  return { grossAmount: amount, incomeTaxRate, incomeTaxAmount, netAmount: amount - incomeTaxAmount };
}

function payoutDayBy(rule: VacationPayPayoutRule, year: number): string {
  const eve = midsummerEve(year);
  // Midsummer day is the Saturday after the eve; the first bank day after the weekend is the Monday.
  return rule === 'last_bank_day_before_midsummer_eve' ? previousBankDay(eve) : nextBankDay(eve);
}

/** The bank day of `year` on which saved vacation pay is paid out (the setting's rule in force on 1 January). */
export function vacationPayPayoutDay(year: number): string {
  return payoutDayBy(datedValueAt(VACATION_PAY_PAYOUT_DAY, `${year}-01-01`), year);
}

function yearOf(day: string): number {
  const date = parseIsoDate(day);
  if (!date) throw new RangeError(`Not an ISO date: ${day}`);
  return date.year;
}

/** The latest yearly payout day on or before `day`. */
export function vacationPayPayoutDayOnOrBefore(day: string): string {
  const year = yearOf(day);
  const thisYear = vacationPayPayoutDay(year);
  return thisYear <= day ? thisYear : vacationPayPayoutDay(year - 1);
}

/** The first yearly payout day strictly after `day`: when vacation pay saved on `day` leaves by itself. */
export function vacationPayPayoutDayAfter(day: string): string {
  const year = yearOf(day);
  const thisYear = vacationPayPayoutDay(year);
  return thisYear > day ? thisYear : vacationPayPayoutDay(year + 1);
}

/**
 * The batch of bank day D pays out the vacation pay saved before the latest yearly payout day on or before D (the same
 * rule as salaries: a batch that did not run, or bank details registered late, delay it but never skip it).
 */
export function vacationPayDueBefore(batchDay: string): string {
  return vacationPayPayoutDayOnOrBefore(batchDay);
}

/** When vacation pay saved on `savedOn` is expected to leave by itself, given the first batch still to be made. */
export function expectedVacationPayPayoutDay(savedOn: string, firstOpenBatchDay: string): string {
  const due = vacationPayPayoutDayAfter(savedOn);
  return due < firstOpenBatchDay ? firstOpenBatchDay : due;
}
