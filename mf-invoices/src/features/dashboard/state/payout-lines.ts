// The dashboard's payout card in the salaries list's own words (docs/product/payments.md#statuses-people-read): the
// payouts on their way, the salaries the customers have paid that wait for a payout day, and what happened to the
// latest payout (paid out, or denied by the bank). Built from the same rows as the salaries list
// (listSalaryTransactions), so the card and the list never disagree. Pure.
import type { StatusRow } from '@frilo/ui/salary-status';

/** The fields of a salary-transaction row the card reads. */
export type Row = StatusRow & { kind: 'salary' | 'payout'; amount: number };

export type PayoutLine = {
  /** What the words are made from: a row's status and days. */
  row: StatusRow;
  /** SEK öre. */
  amount: number;
  /** Salaries in it (a waiting group); null for a payout. */
  salaries: number | null;
};

export type PayoutLines = {
  /** What comes next, earliest first: payouts on their way, then salaries waiting (those without a day last). */
  upcoming: PayoutLine[];
  /** The newest payout that is done: paid out, denied by the bank, or not payable; null if none. */
  latest: PayoutLine | null;
};

const DONE = new Set<StatusRow['status']>(['completed_transaction', 'failed_after_complete', 'failed']);

/**
 * `waiting`: the salary rows with status `completed_invoice` (not in a payout yet); `payouts`: payout rows, newest
 * first (as the list gives them).
 */
export function payoutLines(waiting: readonly Row[], payouts: readonly Row[]): PayoutLines {
  const onItsWay = payouts
    .filter((row) => row.kind === 'payout' && row.status === 'initiated')
    .map((row) => ({ row: pick(row), amount: row.amount, salaries: null }));
  const byDay = new Map<string | null, PayoutLine>();
  for (const row of waiting) {
    if (row.kind !== 'salary' || row.status !== 'completed_invoice') continue;
    const day = row.expectedPayoutDate;
    const line = byDay.get(day);
    if (line) {
      line.amount += row.amount;
      line.salaries! += 1;
    } else byDay.set(day, { row: pick(row), amount: row.amount, salaries: 1 });
  }
  const dayOf = (line: PayoutLine) => line.row.payoutDate ?? line.row.expectedPayoutDate ?? '9999-12-31';
  const upcoming = [
    ...onItsWay.sort((a, b) => dayOf(a).localeCompare(dayOf(b))),
    ...[...byDay.values()].sort((a, b) => dayOf(a).localeCompare(dayOf(b))),
  ];
  const done = payouts.find((row) => row.kind === 'payout' && DONE.has(row.status));
  return { upcoming, latest: done ? { row: pick(done), amount: done.amount, salaries: null } : null };
}

const pick = ({ status, expectedPayoutDate, payoutDate }: StatusRow): StatusRow => ({
  status,
  expectedPayoutDate,
  payoutDate,
});
