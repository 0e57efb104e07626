import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';
import type { ListQuery } from '../../legacy-list/list-query.ts';

export type LegacyPayoutPage = components['schemas']['LegacyPayoutPage'];
export type LegacyPayout = components['schemas']['LegacyPayout'];
export const PAYOUT_SORTS = [
  'createdDate',
  'transactionDate',
  'socialFees',
  'taxMoney',
  'netSalary',
  'pensionTax',
  'pensionDeposition',
] as const;
export type PayoutSort = (typeof PAYOUT_SORTS)[number];
export const PAGE_SIZE = 20;

/** GET /api/legacy/payouts: one page of the user's old payouts and the totals of every year. */
export function listLegacyPayouts(query: ListQuery<PayoutSort>, signal: AbortSignal) {
  return request(
    api.GET('/api/legacy/payouts', {
      params: { query: { page: query.page, pageSize: PAGE_SIZE, sort: query.sort, order: query.order } },
      cache: 'no-store',
      signal,
    }),
    { sessionRequired: true },
  );
}
