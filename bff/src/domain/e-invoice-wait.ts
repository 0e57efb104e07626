// How long an invoice has waited for its customer's e-invoice acceptance, in Swedish bank days, against the platform's
// limit (E_INVOICE_ACCEPTANCE_WAIT_BANK_DAYS): the day the wait began does not count, each bank day after it does, so
// an invoice that began to wait on a Friday has waited one bank day on Monday.
import { nextBankDay } from './bank-days.ts';
import { datedValueAt } from './dated-table.ts';
import { E_INVOICE_ACCEPTANCE_WAIT_BANK_DAYS } from './rates.ts';

/** Bank days `d` with `from < d ≤ to` (0 when `to` is not after `from`). Days are `YYYY-MM-DD`. */
export function bankDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = nextBankDay(from); day <= to; day = nextBankDay(day)) count++;
  return count;
}

/** The `n`-th bank day after `day` (`day` itself for 0). */
export function addBankDays(day: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Not a count of bank days: ${n}`);
  let result = day;
  for (let i = 0; i < n; i++) result = nextBankDay(result);
  return result;
}

export interface EInvoiceWait {
  /** Whole bank days waited: the bank days after the day the wait began, up to and including today. */
  readonly bankDaysWaited: number;
  /** The limit in force on the day the wait began. */
  readonly limitBankDays: number;
  /** The Swedish day the limit is reached: the limit-th bank day after the day the wait began. */
  readonly limitReachedOn: string;
  readonly limitReached: boolean;
}

/** An invoice that began to wait on the Swedish day `since`, seen on `today`. */
export function eInvoiceWait(since: string, today: string): EInvoiceWait {
  const limitBankDays = datedValueAt(E_INVOICE_ACCEPTANCE_WAIT_BANK_DAYS, since);
  const limitReachedOn = addBankDays(since, limitBankDays);
  return {
    bankDaysWaited: bankDaysBetween(since, today),
    limitBankDays,
    limitReachedOn,
    limitReached: today >= limitReachedOn,
  };
}
