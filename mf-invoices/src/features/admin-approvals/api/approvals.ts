import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api, SESSION } from '../../admin-shared/api.ts';

export type ApprovalQueueItem = components['schemas']['ApprovalQueueItem'];
export type ApprovalInvoice = components['schemas']['ApprovalInvoice'];
export const QUEUE_PAGE_SIZE = 20;

export function listApprovalQueue(page: number, signal: AbortSignal) {
  return request(
    api.GET('/api/admin/approval-queue', {
      params: { query: { page, pageSize: QUEUE_PAGE_SIZE } },
      cache: 'no-store',
      signal,
    }),
    SESSION,
  );
}

export function getApprovalInvoice(invoiceId: string, signal: AbortSignal) {
  return request(
    api.GET('/api/admin/approval-queue/{invoiceId}', { params: { path: { invoiceId } }, cache: 'no-store', signal }),
    SESSION,
  );
}

/** Where the browser opens the PDF the customer would get (the BFF forbids framing it). */
export function approvalPdfUrl(invoiceId: string): string {
  return `/api/admin/approval-queue/${encodeURIComponent(invoiceId)}/pdf`;
}

/** Approve at the version the admin reviewed: a changed or already handled invoice is a conflict, never sent twice. */
export function approveInvoice(invoiceId: string, version: number) {
  return request(
    api.POST('/api/admin/approval-queue/{invoiceId}/approve', {
      params: { path: { invoiceId } },
      body: { version },
    }),
    SESSION,
  );
}

export function requestInvoiceChanges(invoiceId: string, version: number, comment: string) {
  return request(
    api.POST('/api/admin/approval-queue/{invoiceId}/request-changes', {
      params: { path: { invoiceId } },
      body: { version, comment: comment.trim() },
    }),
    SESSION,
  );
}
