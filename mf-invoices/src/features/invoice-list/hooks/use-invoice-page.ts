import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '@frilo/ui/form/api-result';
import { listCustomerOptions, listInvoices, type CustomerOption, type InvoicePage } from '../api/list-invoices.ts';
import { listQueryToSearch, parseListQuery, type ListQuery } from '../state/list-query.ts';

export type InvoicePageState = {
  /** The last page that arrived; kept on screen while the next one loads, so the list does not jump. */
  page: InvoicePage | null;
  /** The query `page` answers. */
  answers: ListQuery | null;
  loading: boolean;
  failure: ApiFailure | null;
};

/** Loads the page of invoices a list state asks for; a newer query cancels an older request. */
export function useInvoicePage(query: ListQuery) {
  const [state, setState] = useState<InvoicePageState>({ page: null, answers: null, loading: true, failure: null });
  const [attempt, setAttempt] = useState(0);
  // One string for the whole state: the effect runs when anything in it changes, and only then.
  const key = listQueryToSearch(query);

  useEffect(() => {
    const controller = new AbortController();
    const asked = parseListQuery(key);
    setState((current) => ({ ...current, loading: true, failure: null }));
    void listInvoices(asked, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState((current) =>
        result.ok
          ? { page: result.data, answers: asked, loading: false, failure: null }
          : { ...current, loading: false, failure: result },
      );
    });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

/** The customers for the filter; an empty list when they cannot be read (the filter is then left out). */
export function useCustomerOptions(): CustomerOption[] {
  const [customers, setCustomers] = useState<CustomerOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void listCustomerOptions(controller.signal).then((result) => {
      if (!controller.signal.aborted && result.ok)
        setCustomers(result.data.items.map((customer) => ({ id: customer.id, name: customer.name })));
    });
    return () => controller.abort();
  }, []);
  return customers;
}
