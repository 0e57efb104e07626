// The invoice the wizard edits: loaded by id (none yet for a new invoice), replaced by every save's answer.
import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '@frilo/ui/form/api-result';
import { fetchInvoice, type Invoice } from '../api/wizard-api.ts';

export type InvoiceState =
  | { status: 'new' }
  | { status: 'loading' }
  | { status: 'ready'; invoice: Invoice }
  | { status: 'failed'; failure: ApiFailure };

export function useInvoice(invoiceId: string | undefined) {
  const [state, setState] = useState<InvoiceState>(invoiceId ? { status: 'loading' } : { status: 'new' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!invoiceId) {
      setState({ status: 'new' });
      return;
    }
    // A save already answered with this invoice: nothing to load.
    setState((current) =>
      current.status === 'ready' && current.invoice.id === invoiceId ? current : { status: 'loading' },
    );
    const controller = new AbortController();
    void fetchInvoice(invoiceId, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(result.ok ? { status: 'ready', invoice: result.data } : { status: 'failed', failure: result });
    });
    return () => controller.abort();
  }, [invoiceId, attempt]);

  const replace = useCallback((invoice: Invoice) => setState({ status: 'ready', invoice }), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, replace, reload };
}
