import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '@frilo/ui/form/api-result';
import { getInvoice, getInvoiceEvents, type Invoice, type InvoiceEvent } from '../api/invoice-detail.ts';

export type InvoiceState =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: ApiFailure }
  | { kind: 'loaded'; invoice: Invoice; events: InvoiceEvent[] | null };

/** The invoice and its history (the history may fail alone: the invoice is still shown). */
export function useInvoice(invoiceId: string) {
  const [state, setState] = useState<InvoiceState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    void Promise.all([getInvoice(invoiceId, controller.signal), getInvoiceEvents(invoiceId, controller.signal)]).then(
      ([invoice, events]) => {
        if (controller.signal.aborted) return;
        setState(
          invoice.ok
            ? { kind: 'loaded', invoice: invoice.data, events: events.ok ? events.data.items : null }
            : { kind: 'failed', failure: invoice },
        );
      },
    );
    return () => controller.abort();
  }, [invoiceId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  /** After a change the answer is the new invoice: show it at once, and read the history again. */
  const replace = useCallback((invoice: Invoice) => {
    setState((current) => (current.kind === 'loaded' ? { ...current, invoice } : current));
    setAttempt((n) => n + 1);
  }, []);
  return { state, reload, replace };
}
