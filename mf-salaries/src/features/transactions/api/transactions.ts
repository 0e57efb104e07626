import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { idempotencyKey, request } from '../../../lib/api-result.ts';
import { PAGE_SIZE, type TransactionQuery } from '../state/transaction-query.ts';

export type SalaryTransaction = components['schemas']['SalaryTransaction'];
export type SalaryTransactionPage = components['schemas']['SalaryTransactionPage'];
export type SalaryTransactionDetail = components['schemas']['SalaryTransactionDetail'];
export type PayoutSummary = components['schemas']['PayoutSummary'];
export type Payout = components['schemas']['Payout'];
export type PaymentItemStatus = components['schemas']['PaymentItemStatus'];

/** listSalaryTransactions for the filters on screen. */
export function listTransactions(query: TransactionQuery, signal?: AbortSignal) {
  return request(
    api.GET('/api/salaries/transactions', {
      params: {
        query: {
          ...(query.kind ? { kind: query.kind } : {}),
          ...(query.status ? { status: [query.status] } : {}),
          ...(query.dateFrom ? { dateFrom: query.dateFrom } : {}),
          ...(query.dateTo ? { dateTo: query.dateTo } : {}),
          page: query.page,
          pageSize: PAGE_SIZE,
        },
      },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}

export function getTransaction(id: string) {
  return request(api.GET('/api/salaries/transactions/{transactionId}', { params: { path: { transactionId: id } } }));
}

export function getPayoutSummary(signal?: AbortSignal) {
  return request(api.GET('/api/salaries/payout-summary', { cache: 'no-store', ...(signal ? { signal } : {}) }));
}

/**
 * requestPayout. The caller keeps `key` for one intended payout and sends it again on a retry (a lost answer), so
 * the payout is made once.
 */
export function requestPayout(key = idempotencyKey()) {
  return request(api.POST('/api/salaries/payouts', { params: { header: { 'Idempotency-Key': key } } }));
}

/** The payslip PDF, saved by the browser (a plain same-origin link: the session cookie goes with it). */
export function payslipUrl(payoutId: string): string {
  return `/api/salaries/payouts/${encodeURIComponent(payoutId)}/payslip?download=true`;
}
