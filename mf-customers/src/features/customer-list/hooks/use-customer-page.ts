import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '@frilo/ui/form/api-result';
import { listCustomers, type CustomerPage } from '../api/list-customers.ts';
import type { ListQuery } from '../state/list-query.ts';

export type CustomerPageState = {
  /** The last page that arrived; kept on screen while the next one loads, so the list does not jump. */
  page: CustomerPage | null;
  /** The query `page` answers. */
  answers: ListQuery | null;
  loading: boolean;
  failure: ApiFailure | null;
};

/** Loads the page of customers a list state asks for; a newer query cancels an older request. */
export function useCustomerPage(query: ListQuery) {
  const [state, setState] = useState<CustomerPageState>({ page: null, answers: null, loading: true, failure: null });
  const [attempt, setAttempt] = useState(0);
  const { q, type, sort, order, page, after, before } = query;

  useEffect(() => {
    const controller = new AbortController();
    const asked: ListQuery = { q, type, sort, order, page, after, before };
    setState((current) => ({ ...current, loading: true, failure: null }));
    void listCustomers(asked, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState((current) =>
        result.ok
          ? { page: result.data, answers: asked, loading: false, failure: null }
          : { ...current, loading: false, failure: result },
      );
    });
    return () => controller.abort();
  }, [q, type, sort, order, page, after, before, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
