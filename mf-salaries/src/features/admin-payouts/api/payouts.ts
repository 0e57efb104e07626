import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { fileBody, request } from '../../../lib/api-result.ts';

export type PayoutBatch = components['schemas']['PayoutBatch'];
export type PayoutBatchResult = components['schemas']['PayoutBatchResult'];
export type PaymentStatusReportResult = components['schemas']['PaymentStatusReportResult'];
export type HeldPayoutAccount = components['schemas']['HeldPayoutAccount'];

export const BATCHES_PAGE_SIZE = 20;

export function listPayoutBatches(page: number, signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/payout-batches', {
      params: { query: { page, pageSize: BATCHES_PAGE_SIZE } },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}

/** createPayoutBatch: the file of the given bank day, or of the first bank day from today without one. */
export function createPayoutBatch(executionDate: string | null) {
  return request(api.POST('/api/admin/payout-batches', { body: executionDate ? { executionDate } : {} }));
}

/** The pain.001 file as it was made, saved by the browser (a same-origin link: the session cookie goes with it). */
export function batchFileUrl(batchId: string): string {
  return `/api/admin/payout-batches/${encodeURIComponent(batchId)}/file`;
}

export function importPaymentStatusReport(file: File) {
  return request(api.POST('/api/admin/payment-status-reports', fileBody(file)));
}

export type UpcomingPayouts = components['schemas']['UpcomingPayouts'];
export type UpcomingPayoutDay = components['schemas']['UpcomingPayoutDay'];
export type VacationPayOwed = components['schemas']['VacationPayOwed'];
export type AdminPayout = components['schemas']['AdminPayout'];

/** listUpcomingPayouts: what each coming bank day's file will pay. */
export function listUpcomingPayouts(signal?: AbortSignal) {
  return request(api.GET('/api/admin/payouts/upcoming', { cache: 'no-store', ...(signal ? { signal } : {}) }));
}

/** getVacationPayOwed: the saved vacation pay the platform owes. */
export function getVacationPayOwed(signal?: AbortSignal) {
  return request(api.GET('/api/admin/vacation-pay', { cache: 'no-store', ...(signal ? { signal } : {}) }));
}

/** The payouts of one file (at most 100 a page), each with its freelancer and salary items. */
export function listBatchPayouts(batchId: string, page: number, signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/payouts', {
      params: { query: { batchId, page, pageSize: 100 } },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}

/** listPayoutHolds: the freelancers whose payouts are held after a salary account change, and what waits for them. */
export function listPayoutHolds(signal?: AbortSignal) {
  return request(api.GET('/api/admin/payout-holds', { cache: 'no-store', ...(signal ? { signal } : {}) }));
}
