// When a salary leaves: which salaries a bank day's payout batch takes, by the freelancer's payout preference and the
// day the customer's payment was registered (bank-days.ts's payout dates, seen from the batch's side).
//
// The batch of bank day D takes a salary registered on day R when its payout date is D or earlier (a batch that did not
// run, or a freelancer without bank details until now, only delays a salary, never skips it):
// - payout_immediate: the next bank day after R is on or before D  ⇔  R < D (D is a bank day);
// - payout_monthly:   a monthly payout date P lies in (R, D]        ⇔  R < the latest monthly payout date on or before D.
// So a batch needs two cut-off days, and the database compares registration days with them.

import { parseIsoDate } from './calendar-date.ts';
import { isBankDay, monthlyPayoutDateOf, payoutDate, type PayoutPreference } from './bank-days.ts';

/** The latest monthly payout date (the 20th or the next bank day) on or before `day` (`YYYY-MM-DD`). */
export function monthlyPayoutDateOnOrBefore(day: string): string {
  const date = parseIsoDate(day);
  if (!date) throw new RangeError(`Not an ISO date: ${day}`);
  const thisMonth = monthlyPayoutDateOf(date.year, date.month);
  if (thisMonth <= day) return thisMonth;
  return date.month === 1 ? monthlyPayoutDateOf(date.year - 1, 12) : monthlyPayoutDateOf(date.year, date.month - 1);
}

export interface BatchCutoffs {
  /** Salaries of payout_immediate freelancers registered before this day are due. */
  readonly immediateRegisteredBefore: string;
  /** Salaries of payout_monthly freelancers registered before this day are due. */
  readonly monthlyRegisteredBefore: string;
}

/** The cut-offs of the batch of bank day `batchDay`; throws a RangeError when it is not a bank day. */
export function batchCutoffs(batchDay: string): BatchCutoffs {
  if (!parseIsoDate(batchDay) || !isBankDay(batchDay)) throw new RangeError(`Not a bank day: ${batchDay}`);
  return { immediateRegisteredBefore: batchDay, monthlyRegisteredBefore: monthlyPayoutDateOnOrBefore(batchDay) };
}

/** Whether the batch of `batchDay` takes a salary registered on `registeredOn`. */
export function isDueInBatch(preference: PayoutPreference, registeredOn: string, batchDay: string): boolean {
  const cutoffs = batchCutoffs(batchDay);
  return (
    registeredOn <
    (preference === 'payout_immediate' ? cutoffs.immediateRegisteredBefore : cutoffs.monthlyRegisteredBefore)
  );
}

/**
 * The bank day a salary registered on `registeredOn` is expected to leave, given that the first batch still to be made
 * is the one of `firstOpenBatchDay`: its payout date, or that batch when the payout date has passed unpaid.
 */
export function expectedPayoutDate(
  preference: PayoutPreference,
  registeredOn: string,
  firstOpenBatchDay: string,
): string {
  const due = payoutDate(preference, registeredOn);
  return due < firstOpenBatchDay ? firstOpenBatchDay : due;
}
