// What the next-salary card can truthfully say: a day only when there is paid money to pay out,
// "waiting for payment" when invoices are out, "nothing invoiced yet" before the first one; the
// rule it states follows the user's payout preference (the 20th, or the next bank day after payment).
import type { DashboardSummary } from '../api/dashboard-summary.ts';
import type { Profile } from '../api/start-data.ts';

export type NextSalary =
  | { kind: 'date'; date: string; amount: number; invoices: number; preference: Profile['payoutPreference'] }
  | { kind: 'waiting'; preference: Profile['payoutPreference'] }
  | { kind: 'nothing'; preference: Profile['payoutPreference'] };

export function nextSalary(summary: DashboardSummary, preference: Profile['payoutPreference']): NextSalary {
  const { nextPayout } = summary;
  if (nextPayout.invoiceCount > 0) {
    return {
      kind: 'date',
      date: nextPayout.date,
      amount: nextPayout.estimatedAmount,
      invoices: nextPayout.invoiceCount,
      preference,
    };
  }
  if (summary.outstanding.some((amount) => amount.amount > 0)) return { kind: 'waiting', preference };
  return { kind: 'nothing', preference };
}
