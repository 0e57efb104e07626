// The send dialog's calls (typed from the contract): where the invoice goes, the preview of its PDF, the send with its
// message, and sending a waiting e-invoice as a PDF by email instead.
import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';

export type Invoice = components['schemas']['Invoice'];
export type InvoiceDelivery = components['schemas']['InvoiceDelivery'];
export type InvoiceProblem = components['schemas']['InvoiceProblem'];

const path = (invoiceId: string) => ({ path: { invoiceId } });

/** GET /api/invoices/{id}/delivery: the channel and address, what it will wait for, the e-invoice wait. */
export function getDelivery(invoiceId: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/invoices/{invoiceId}/delivery', {
      params: path(invoiceId),
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
    { sessionRequired: true },
  );
}

/**
 * The PDF as it will go (GET /api/invoices/{id}/preview-pdf), shown in a frame of the page: the BFF lets only this
 * site frame it, and the browser's viewer draws it.
 */
export function previewUrl(invoiceId: string): string {
  return `/api/invoices/${encodeURIComponent(invoiceId)}/preview-pdf`;
}

/** Sends once: the same `idempotencyKey` for retries of one click makes the BFF answer the first result again. */
export function sendInvoice(invoiceId: string, version: number, idempotencyKey: string, message: string) {
  return request(
    api.POST('/api/invoices/{invoiceId}/send', {
      params: { ...path(invoiceId), header: { 'Idempotency-Key': idempotencyKey } },
      body: { version, ...(message.trim() ? { message } : {}) },
    }),
    { sessionRequired: true },
  );
}

/** POST /api/invoices/{id}/send-by-email: a waiting e-invoice goes as a PDF by email now, once. */
export function sendInvoiceByEmail(invoiceId: string, version: number, idempotencyKey: string) {
  return request(
    api.POST('/api/invoices/{invoiceId}/send-by-email', {
      params: { ...path(invoiceId), header: { 'Idempotency-Key': idempotencyKey } },
      body: { version },
    }),
    { sessionRequired: true },
  );
}
