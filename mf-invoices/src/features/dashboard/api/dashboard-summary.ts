import type { components, operations } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';

export type DashboardSummary = components['schemas']['DashboardSummary'];
export type CurrencyAmount = components['schemas']['CurrencyAmount'];

/** GET /api/dashboard/summary: outstanding, paid this month, drafts, the latest invoices (and a payout estimate). */
export function getDashboardSummary(signal?: AbortSignal) {
  return request(api.GET('/api/dashboard/summary', { cache: 'no-store', ...(signal ? { signal } : {}) }), {
    sessionRequired: true,
  });
}

export type PayoutSummary = components['schemas']['PayoutSummary'];

/** GET /api/salaries/payout-summary (payments module): the next real payout, and what is available now. */
export function getPayoutSummary(signal?: AbortSignal) {
  return request(api.GET('/api/salaries/payout-summary', { cache: 'no-store', ...(signal ? { signal } : {}) }), {
    sessionRequired: true,
  });
}

export type SalaryTransactionPage = components['schemas']['SalaryTransactionPage'];
type TransactionQuery = NonNullable<operations['listSalaryTransactions']['parameters']['query']>;

/** GET /api/salaries/transactions (payments module): the salaries list's own rows, newest first. */
export function listSalaryTransactions(query: TransactionQuery, signal?: AbortSignal) {
  return request(
    api.GET('/api/salaries/transactions', { params: { query }, cache: 'no-store', ...(signal ? { signal } : {}) }),
    { sessionRequired: true },
  );
}
