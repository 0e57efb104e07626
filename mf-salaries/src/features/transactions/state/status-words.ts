// The words a person reads for a salary or a payout (docs/product/payments.md#statuses-people-read): what happened and
// what comes next, with the day, never "Paid" while the money has not left the bank. The API keeps the spec's status
// values; this turns one into words. Pure, so every status is tested.
import type { Status } from './transaction-query.ts';

export type StatusWords =
  /** The customer paid; the salary waits for its payout (on `date`; null while no bank details are registered). */
  | { key: 'customerPaid'; date: string }
  | { key: 'customerPaidNoAccount'; date: null }
  /** A payout is made: it leaves the platform's bank on `date` (or left, waiting for the bank's answer). */
  | { key: 'onItsWay'; date: string | null }
  | { key: 'paidOut'; date: string | null }
  | { key: 'denied'; date: null }
  | { key: 'failed'; date: null };

export function statusWords(row: {
  status: Status;
  expectedPayoutDate: string | null;
  payoutDate: string | null;
}): StatusWords {
  switch (row.status) {
    case 'completed_invoice':
      return row.expectedPayoutDate
        ? { key: 'customerPaid', date: row.expectedPayoutDate }
        : { key: 'customerPaidNoAccount', date: null };
    case 'initiated':
      return { key: 'onItsWay', date: row.payoutDate ?? row.expectedPayoutDate };
    case 'completed_transaction':
      return { key: 'paidOut', date: row.payoutDate };
    case 'failed_after_complete':
      return { key: 'denied', date: null };
    case 'failed':
      return { key: 'failed', date: null };
  }
}

const TAG = { sv: 'sv-SE', en: 'en-GB' } as const;

/** A day as short as a status needs it: "2 dec." / "2 Dec", with the year only when it is not this year's. */
export function shortDay(iso: string, locale: 'sv' | 'en', today: string): string {
  const [year, month, date] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(TAG[locale], {
    day: 'numeric',
    month: 'short',
    ...(iso.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}
