import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api, SESSION } from '../admin-shared/api.ts';

export type EInvoiceRecipient = components['schemas']['EInvoiceRecipient'];
export type RecipientStatus = 'waiting' | 'reachable';
export const RECIPIENT_STATUSES: readonly RecipientStatus[] = ['waiting', 'reachable'];
export const RECIPIENTS_PAGE_SIZE = 20;

export function listEInvoiceRecipients(status: RecipientStatus, q: string, page: number, signal: AbortSignal) {
  return request(
    api.GET('/api/admin/e-invoice-recipients', {
      params: { query: { status, ...(q.trim() ? { q: q.trim() } : {}), page, pageSize: RECIPIENTS_PAGE_SIZE } },
      cache: 'no-store',
      signal,
    }),
    SESSION,
  );
}

export function markReachable(customerId: string, participantId: string) {
  return request(
    api.PUT('/api/admin/e-invoice-recipients/{customerId}/reachable', {
      params: { path: { customerId } },
      body: { participantId: participantId.trim() || null },
    }),
    SESSION,
  );
}

export function markUnreachable(customerId: string) {
  return request(
    api.DELETE('/api/admin/e-invoice-recipients/{customerId}/reachable', { params: { path: { customerId } } }),
    SESSION,
  );
}
