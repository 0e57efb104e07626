// The words a person reads for a salary or a payout (docs/product/payments.md#statuses-people-read): what happened and
// what comes next, with the day, never "Paid" while the money has not left the bank. The API keeps the spec's status
// values; this turns one into words. One rule for every screen that shows a salary's state (the salaries list and
// detail in mf-salaries, the dashboard's payout card in mf-invoices). Pure, so every status is tested.
import type { components } from '@frilo/openapi/client';

/** A payment item's status as the API gives it (spec §4). */
export type Status = components['schemas']['PaymentItemStatus'];

export type StatusWords =
  /** The customer paid; the salary waits for its payout (on `date`; null while no bank details are registered). */
  | { key: 'customerPaid'; date: string }
  | { key: 'customerPaidNoAccount'; date: null }
  /** A payout is made: it leaves the platform's bank on `date` (or left, waiting for the bank's answer). */
  | { key: 'onItsWay'; date: string | null }
  | { key: 'paidOut'; date: string | null }
  | { key: 'denied'; date: null }
  | { key: 'failed'; date: null };

/** What the words are made from: a salary or payout row's status and its days (listSalaryTransactions' fields). */
export type StatusRow = { status: Status; expectedPayoutDate: string | null; payoutDate: string | null };

export function statusWords(row: StatusRow): StatusWords {
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

/** Today in Sweden, `YYYY-MM-DD` (whether a day needs its year). */
export function swedishToday(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(now);
}
