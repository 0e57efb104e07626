import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';
import { withoutCursor } from '@frilo/ui/page-cursors';
import { PAGE_SIZE, type ListQuery } from '../state/list-query.ts';

export type CustomerPage = components['schemas']['CustomerPage'];

/**
 * GET /api/customers: one page of the user's customers for a list state. A cursor the API refuses (a link from
 * before a change of order, or edited by hand) is not an error to show: the page is then found by its number.
 */
export async function listCustomers(query: ListQuery, signal?: AbortSignal) {
  const result = await fetchPage(query, signal);
  if (!result.ok && result.status === 400 && (query.after || query.before)) {
    return fetchPage(withoutCursor(query), signal);
  }
  return result;
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
