import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';
import { customerList, type ListQuery } from '../state/list-query.ts';

export type CustomerPage = components['schemas']['CustomerPage'];

/** GET /api/customers: one page for a list state. */
export function listCustomers(query: ListQuery, signal: AbortSignal) {
  return request(
    api.GET('/api/customers', {
      params: { query: { ...customerList.pageQuery(query), ...(query.type ? { type: query.type } : {}) } },
      cache: 'no-store',
      signal,
    }),
  );
}
