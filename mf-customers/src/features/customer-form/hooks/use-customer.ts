import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '@frilo/ui/form/api-result';
import type { Customer } from '../../../lib/customer-types.ts';
import { fetchCustomer } from '../api/customers.ts';

export type CustomerState =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'ready'; customer: Customer };

/** Loads a customer to edit; `replace` takes the one a save answered with; `reload` reads it again. */
export function useCustomer(id: string | undefined) {
  const [state, setState] = useState<CustomerState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    void fetchCustomer(id, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(result.ok ? { status: 'ready', customer: result.data } : { status: 'failed', failure: result });
    });
    return () => controller.abort();
  }, [id, attempt]);

  const replace = useCallback((customer: Customer) => setState({ status: 'ready', customer }), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, replace, reload };
}
