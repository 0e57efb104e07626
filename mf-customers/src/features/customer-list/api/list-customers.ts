import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';
import { PAGE_SIZE, type ListQuery } from '../state/list-query.ts';

export type CustomerPage = components['schemas']['CustomerPage'];

/** GET /api/customers: one page of the user's customers for a list state. */
export function listCustomers(query: ListQuery, signal?: AbortSignal) {
  return request(
    api.GET('/api/customers', {
      params: {
        query: {
          ...(query.q ? { q: query.q } : {}),
          ...(query.type ? { type: query.type } : {}),
          sort: query.sort,
          order: query.order,
          page: query.page,
          pageSize: PAGE_SIZE,
        },
      },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}
