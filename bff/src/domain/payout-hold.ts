// Payouts held after the salary account was replaced (docs/product/payments.md#payout-holds).
//
// A change of the account starts a cooling-off period (BANK_ACCOUNT_CHANGE_HOLD_HOURS in rates.ts, the hours in force
// on the change's Swedish day): no payout file pays the new account before it ends, unless the freelancer confirms the
// change from the email that announced it. The freelancer may instead stop it from the same email: payouts to that
// account then stay stopped until another account is registered. A first registration replaces nothing and holds
// nothing (there is no earlier account the money would otherwise go to, and no salary can be waiting: invoices are only
// sent once bank details exist). The rule is evaluated at the moment a file is made or a payout is asked for; the
// database applies the same rule in the batch (banking/public.ts, payableAccountSql), and a test holds the two equal.
import { datedValueAt } from './dated-table.ts';
import { nextBankDay, type PayoutPreference } from './bank-days.ts';
import { swedishToday } from './calendar-date.ts';
import { expectedPayoutDate } from './payout-schedule.ts';
import { BANK_ACCOUNT_CHANGE_HOLD_HOURS } from './rates.ts';

/** What a payout hold depends on: the change that set the account now registered. */
export interface AccountChangeState {
  /** When the cooling-off period ends; null for a change that holds nothing (a first registration). */
  readonly holdUntil: Date | null;
  /** When the freelancer confirmed the change from the email. */
  readonly confirmedAt: Date | null;
  /** When the freelancer stopped payouts to the account from the email. */
  readonly stoppedAt: Date | null;
}

export type PayoutHold =
  | { readonly state: 'cooling_off'; readonly until: Date }
  /** Until another account is registered. */
  | { readonly state: 'stopped' };

/** The hold on payouts to the account `change` set, at the moment `at`; null when payouts may go (or no change is known). */
export function payoutHoldAt(change: AccountChangeState | null, at: Date): PayoutHold | null {
  if (!change) return null;
  if (change.stoppedAt) return { state: 'stopped' };
  if (change.confirmedAt || !change.holdUntil || change.holdUntil.getTime() <= at.getTime()) return null;
  return { state: 'cooling_off', until: change.holdUntil };
}

/** The end of the cooling-off period of an account change made at `changedAt`. */
export function coolingOffEnd(changedAt: Date): Date {
  const hours = datedValueAt(BANK_ACCOUNT_CHANGE_HOLD_HOURS, changedAt);
  return new Date(changedAt.getTime() + hours * 3_600_000);
}

/**
 * The earliest bank day a salary held until `until` can leave: the first bank day after the Swedish day the hold ends.
 * On the safe side: the daily file is made early in the morning, so a hold ending before it would leave that same
 * day; the screen and the emails never promise a day too early.
 */
export function earliestPayoutDayAfterHold(until: Date): string {
  return nextBankDay(swedishToday(until));
}

/**
 * The bank day a waiting salary is expected to leave (payout-schedule.ts's expectedPayoutDate) when payouts to the
 * account are held: no earlier than the first bank day after the hold, and none while payouts are stopped.
 */
export function expectedPayoutDateUnderHold(
  preference: PayoutPreference,
  registeredOn: string,
  firstOpenBatchDay: string,
  hold: PayoutHold | null,
): string | null {
  return payoutDayUnderHold(expectedPayoutDate(preference, registeredOn, firstOpenBatchDay), hold);
}

/**
 * The bank day money due on `due` (a salary, a payout asked for, saved vacation pay) can leave when payouts to the
 * account are held: no earlier than the first bank day after the hold, and none while payouts are stopped.
 */
export function payoutDayUnderHold(due: string, hold: PayoutHold | null): string | null {
  if (!hold) return due;
  if (hold.state === 'stopped') return null;
  const earliest = earliestPayoutDayAfterHold(hold.until);
  return due < earliest ? earliest : due;
}
