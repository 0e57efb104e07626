import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '@frilo/ui/form/api-result';
import {
  getDashboardSummary,
  getPayoutSummary,
  listSalaryTransactions,
  type DashboardSummary,
  type PayoutSummary,
} from '../api/dashboard-summary.ts';
import { payoutLines, type PayoutLines } from '../state/payout-lines.ts';

export type SummaryState =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: ApiFailure }
  | { kind: 'loaded'; summary: DashboardSummary };

export function useDashboardSummary() {
  const [state, setState] = useState<SummaryState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    void getDashboardSummary(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(result.ok ? { kind: 'loaded', summary: result.data } : { kind: 'failed', failure: result });
    });
    return () => controller.abort();
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}

export type PayoutStatus = { summary: PayoutSummary; lines: PayoutLines };

/**
 * The payments module's payout summary and the salaries list's rows behind the card's words (the salaries waiting
 * for a payout, the latest payouts); null while loading or when any cannot be read (the estimate stands in).
 */
export function usePayoutStatus(): PayoutStatus | null {
  const [status, setStatus] = useState<PayoutStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.all([
      getPayoutSummary(signal),
      // A page of 100 salaries waiting is more than anyone has; the summary's figure is the total either way.
      listSalaryTransactions({ kind: 'salary', status: ['completed_invoice'], pageSize: 100 }, signal),
      listSalaryTransactions({ kind: 'payout', pageSize: 20 }, signal),
    ]).then(([summary, waiting, payouts]) => {
      if (signal.aborted || !summary.ok || !waiting.ok || !payouts.ok) return;
      setStatus({ summary: summary.data, lines: payoutLines(waiting.data.items, payouts.data.items) });
    });
    return () => controller.abort();
  }, []);
  return status;
}
