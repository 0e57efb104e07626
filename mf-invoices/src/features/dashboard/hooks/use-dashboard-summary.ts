import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '@frilo/ui/form/api-result';
import {
  getDashboardSummary,
  getPayoutSummary,
  type DashboardSummary,
  type PayoutSummary,
} from '../api/dashboard-summary.ts';

export type SummaryState =
  { kind: 'loading' } | { kind: 'failed'; failure: ApiFailure } | { kind: 'loaded'; summary: DashboardSummary };

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

/** The payments module's payout summary; null while loading or when it cannot be read (the estimate stands in). */
export function usePayoutSummary(): PayoutSummary | null {
  const [summary, setSummary] = useState<PayoutSummary | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void getPayoutSummary(controller.signal).then((result) => {
      if (!controller.signal.aborted && result.ok) setSummary(result.data);
    });
    return () => controller.abort();
  }, []);
  return summary;
}
