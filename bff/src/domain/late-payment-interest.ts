// Late-payment interest (dröjsmålsränta) on an invoice paid after its due date (docs/product/payments.md#late-payment-interest).
//
// - Which rate: the one the invoice stated. By default the statutory rate, räntelagen (1975:635) 6 §: the Riksbank's
//   reference rate + 8 percentage points, following the reference rate of each half-year the delay lasts (9 §; NJA 2007
//   s. 742). Or the rate the freelancer typed on the invoice, for the whole delay.
// - Which days: from the day after the due date up to and including the payment day. Paid on the due date: nothing;
//   one day late: one day. A day earns interest on what was still unpaid when it began (a payment that day counts from
//   the next), at the rate in force that day.
// - Day count actual/365: a day is 1/365 of the yearly rate, in leap years too (decision 0034). Swedish practice for
//   statutory interest; a day is worth the same every year, so two invoices late by the same days cost the same.
// - Exact, rounded once per period: the delay splits into periods of one unpaid amount and one rate (a payment, a new
//   half-year); each period's interest, amount × rate × days / 365, is exact and rounded once to the minor unit
//   (money.ts), and the interest is their sum, so the interest invoice's lines (one per period) add up to its total.
import type { DatedTable } from './dated-table.ts';
import { findDatedEntry } from './dated-table.ts';
import {
  add,
  divide,
  formatPercent,
  multiply,
  percent,
  ratio,
  ZERO,
  type PercentString,
  type Ratio,
} from './exact-decimal.ts';
import { parseIsoDate } from './calendar-date.ts';
import { assertMinorUnits, toMinorUnits } from './money.ts';
import { LATE_PAYMENT_INTEREST_MARGIN, REFERENCE_RATE } from './rates.ts';

/** Days in the interest year, leap years included (decision 0034). */
export const INTEREST_DAYS_PER_YEAR = 365;

/** What the invoice stated: the statutory rate (reference rate + 8 points, per half-year) or a rate typed on it. */
export type InterestTerms =
  | { readonly kind: 'statutory' }
  | { readonly kind: 'agreed'; readonly percent: PercentString };

/** A payment as it reduced the invoice: its payment day and the part of it that went to the invoice. */
export interface AppliedPayment {
  readonly day: string;
  readonly amount: number;
}

/** A run of days with one unpaid amount and one rate. */
export interface InterestPeriod {
  /** First day counted. */
  readonly from: string;
  /** Last day counted. */
  readonly to: string;
  readonly days: number;
  /** What was unpaid on those days (minor units). */
  readonly balance: number;
  /** The yearly rate, `'10.00'`. */
  readonly ratePercent: PercentString;
  /** For statutory interest: the reference rate the rate is made of. */
  readonly referenceRate: PercentString | null;
  /** balance × rate × days / 365, exact, in minor units. */
  readonly exact: Ratio;
  /** `exact` rounded once. */
  readonly amount: number;
}

export type LateInterest =
  | {
      readonly ok: true;
      readonly periods: readonly InterestPeriod[];
      /** The sum of the periods' amounts: what an interest invoice charges. */
      readonly amount: number;
      /** The sum of the exact amounts (within half a minor unit per period of `amount`). */
      readonly exact: Ratio;
      /** Days that earned interest. */
      readonly days: number;
    }
  | {
      readonly ok: false;
      /** A day of the delay has no reference rate yet (rates.ts REFERENCE_RATE ends before it). */
      readonly reason: 'rate_unknown';
      readonly firstUnknownDay: string;
    };

export interface LateInterestInput {
  /** What the customer owed on the due date: the invoice's total including VAT (minor units). */
  readonly principal: number;
  readonly dueDate: string;
  /** Payments applied to the invoice, any order; payments on or before the due date just lower the principal. */
  readonly payments: readonly AppliedPayment[];
  /** The last day counted: the day the invoice was paid in full, or today for interest so far. */
  readonly until: string;
  readonly terms: InterestTerms;
  /** The reference rates (the product's table unless a test brings its own). */
  readonly referenceRates?: DatedTable<PercentString>;
}

const DAY_MS = 86_400_000;

function dayNumber(iso: string, name: string): number {
  const day = parseIsoDate(iso);
  if (!day) throw new RangeError(`${name}: not a date: ${iso}`);
  return Date.UTC(day.year, day.month - 1, day.day) / DAY_MS;
}

function isoOf(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10);
}

/** The late-payment interest of an invoice over its delay (see the header). */
export function lateInterest(input: LateInterestInput): LateInterest {
  const { principal, terms } = input;
  assertMinorUnits(principal, 'principal');
  if (principal < 0) throw new RangeError('principal must be ≥ 0');
  const due = dayNumber(input.dueDate, 'dueDate');
  const until = dayNumber(input.until, 'until');
  const payments = input.payments
    .map((payment) => {
      assertMinorUnits(payment.amount, 'payment amount');
      if (payment.amount <= 0) throw new RangeError('A payment amount must be > 0');
      return { day: dayNumber(payment.day, 'payment day'), amount: payment.amount };
    })
    .sort((a, b) => a.day - b.day);
  if (payments.reduce((sum, payment) => sum + payment.amount, 0) > principal) {
    throw new RangeError('The payments exceed the principal');
  }
  const agreed = terms.kind === 'agreed' ? terms.percent : null;
  if (agreed !== null) {
    const value = percent(agreed);
    if (value.numerator < 0n || value.numerator > value.denominator) {
      throw new RangeError(`Not an interest rate: ${agreed}`);
    }
  }
  const table = input.referenceRates ?? REFERENCE_RATE;
  const margin = percent(LATE_PAYMENT_INTEREST_MARGIN);

  let balance = principal;
  let next = 0;
  /** Payments made before day `d` reduce what is unpaid on `d`. */
  const settleBefore = (d: number) => {
    while (next < payments.length && payments[next]!.day < d) balance -= payments[next++]!.amount;
  };
  type Open = { from: number; to: number; balance: number; rate: PercentString; reference: PercentString | null };
  const open: Open[] = [];
  for (let d = due + 1; d <= until; d++) {
    settleBefore(d);
    if (balance === 0) break;
    let rate: PercentString;
    let reference: PercentString | null = null;
    if (agreed !== null) {
      rate = agreed;
    } else {
      const entry = findDatedEntry(table, isoOf(d));
      if (!entry) return { ok: false, reason: 'rate_unknown', firstUnknownDay: isoOf(d) };
      reference = formatPercent(percent(entry.value));
      rate = formatPercent(add(percent(entry.value), margin));
    }
    const last = open[open.length - 1];
    if (last && last.to === d - 1 && last.balance === balance && last.rate === rate && last.reference === reference) {
      last.to = d;
    } else {
      open.push({ from: d, to: d, balance, rate, reference });
    }
  }
  let exactTotal = ZERO;
  let amount = 0;
  let days = 0;
  const periods = open.map((period): InterestPeriod => {
    const count = period.to - period.from + 1;
    const exact = divide(
      multiply(ratio(BigInt(period.balance) * BigInt(count)), percent(period.rate)),
      ratio(INTEREST_DAYS_PER_YEAR),
    );
    const rounded = toMinorUnits(exact);
    exactTotal = add(exactTotal, exact);
    amount += rounded;
    days += count;
    return {
      from: isoOf(period.from),
      to: isoOf(period.to),
      days: count,
      balance: period.balance,
      ratePercent: period.rate,
      referenceRate: period.reference,
      exact,
      amount: rounded,
    };
  });
  return { ok: true, periods, amount, exact: exactTotal, days };
}

/** The day an invoice was paid in full: the day of the payment that completed `principal`, or null while unpaid. */
export function dayPaidInFull(principal: number, payments: readonly AppliedPayment[]): string | null {
  let paid = 0;
  for (const payment of [...payments].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
    paid += payment.amount;
    if (paid >= principal) return payment.day;
  }
  return null;
}
