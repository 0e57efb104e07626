import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';

export type Invoice = components['schemas']['Invoice'];
export type InvoiceEvent = components['schemas']['InvoiceEvent'];

const path = (invoiceId: string) => ({ path: { invoiceId } });

/** GET /api/invoices/{id}: the invoice with its rows, expenses, totals and (once sent) the recipient as sent. */
export function getInvoice(invoiceId: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/invoices/{invoiceId}', { params: path(invoiceId), cache: 'no-store', ...(signal ? { signal } : {}) }),
    {
      sessionRequired: true,
    },
  );
}

/** GET /api/invoices/{id}/events: the status history, oldest first. */
export function getInvoiceEvents(invoiceId: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/invoices/{invoiceId}/events', {
      params: path(invoiceId),
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
    { sessionRequired: true },
  );
}

/** DELETE /api/invoices/{id}: a draft becomes 0 Deleted (kept, hidden from the list). */
export function deleteInvoice(invoiceId: string) {
  return request(api.DELETE('/api/invoices/{invoiceId}', { params: path(invoiceId) }), { sessionRequired: true });
}

/**
 * POST /api/invoices/{id}/credit. The key is made once per confirmation dialog, so a double click or a retry after a
 * lost answer credits the invoice once.
 */
export function creditInvoice(invoiceId: string, idempotencyKey: string, reason: string) {
  return request(
    api.POST('/api/invoices/{invoiceId}/credit', {
      params: { ...path(invoiceId), header: { 'Idempotency-Key': idempotencyKey } },
      body: reason ? { reason } : {},
    }),
    { sessionRequired: true },
  );
}

/**
 * POST /api/invoices/{id}/interest-invoice: the interest invoice for a late payment, made and sent in one action. The
 * key is made once per confirmation dialog, so a double click or a retry sends one.
 */
export function sendInterestInvoice(invoiceId: string, idempotencyKey: string) {
  return request(
    api.POST('/api/invoices/{invoiceId}/interest-invoice', {
      params: { ...path(invoiceId), header: { 'Idempotency-Key': idempotencyKey } },
    }),
    { sessionRequired: true },
  );
}

/** POST /api/bank-details/registrations: the provider page where the bank details are registered. */
export function startBankRegistration(locale: 'sv' | 'en') {
  return request(api.POST('/api/bank-details/registrations', { body: { locale } }), { sessionRequired: true });
}

/** The documents that left (the PDF and the UBL e-invoice), downloaded with the session cookie. */
export function documentUrl(invoiceId: string, format: 'pdf' | 'xml', kind: 'invoice' | 'credit_note') {
  const id = encodeURIComponent(invoiceId);
  const document = kind === 'credit_note' ? 'document=credit_note' : '';
  if (format === 'pdf') return `/api/invoices/${id}/pdf?download=true${document ? `&${document}` : ''}`;
  return `/api/invoices/${id}/e-invoice${document ? `?${document}` : ''}`;
}
