import { SalaryStatusLabel, type StatusRow } from '@frilo/ui/salary-status-label';

/**
 * A salary's or a payout's status in words that say what happened and what comes next ("Kunden har betalat ·
 * utbetalning 2 dec", "På väg till ditt konto · 2 dec", "Utbetald 2 dec"): the kit's, the same words as the dashboard.
 */
export function StatusLabel({ row }: { row: StatusRow }) {
  return <SalaryStatusLabel row={row} />;
}
