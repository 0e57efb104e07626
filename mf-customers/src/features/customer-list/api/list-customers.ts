import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';
import { withCursorFallback } from '@frilo/ui/page-cursors';
import { PAGE_SIZE, type ListQuery } from '../state/list-query.ts';

export type CustomerPage = components['schemas']['CustomerPage'];

/** GET /api/customers: one page for a list state (a refused cursor falls back to the page number). */
export function listCustomers(query: ListQuery, signal?: AbortSignal) {
  return withCursorFallback(query, (asked) => fetchPage(asked, signal));
}

function fetchPage(query: ListQuery, signal?: AbortSignal) {
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
          ...(query.after ? { after: query.after } : {}),
          ...(query.before ? { before: query.before } : {}),
        },
      },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}
