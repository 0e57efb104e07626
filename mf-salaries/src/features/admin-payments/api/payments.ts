import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { fileBody, request } from '../../../lib/api-result.ts';

export type IncomingPayment = components['schemas']['IncomingPayment'];
export type IncomingPaymentPage = components['schemas']['IncomingPaymentPage'];
export type BgMaxImport = components['schemas']['BgMaxImport'];
export type PayableInvoice = components['schemas']['PayableInvoice'];
export type RegisterPaymentRequest = components['schemas']['RegisterPaymentRequest'];

export const PAYMENTS_PAGE_SIZE = 20;

export type PaymentQuery = { status: 'matched' | 'unmatched' | null; overpaid: boolean; q: string; page: number };

export function listPayments(query: PaymentQuery, signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/payments', {
      params: {
        query: {
          ...(query.status ? { status: query.status } : {}),
          ...(query.overpaid ? { overpaid: true } : {}),
          ...(query.q.trim() ? { q: query.q.trim() } : {}),
          page: query.page,
          pageSize: PAYMENTS_PAGE_SIZE,
        },
      },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}

export function importBgMax(file: File) {
  return request(api.POST('/api/admin/bgmax-imports', fileBody(file)));
}

export function findPayableInvoice(reference: string) {
  return request(api.GET('/api/admin/payable-invoices/{reference}', { params: { path: { reference } } }));
}

export function matchPayment(paymentId: string, invoiceId: string, invoiceAmount?: number) {
  return request(
    api.POST('/api/admin/payments/{paymentId}/match', {
      params: { path: { paymentId } },
      body: { invoiceId, ...(invoiceAmount ? { invoiceAmount } : {}) },
    }),
  );
}

export function registerPayment(body: RegisterPaymentRequest, key: string) {
  return request(api.POST('/api/admin/payments', { params: { header: { 'Idempotency-Key': key } }, body }));
}
