import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';
import { invoiceList, type ListQuery } from '../state/list-query.ts';

export type InvoicePage = components['schemas']['InvoicePage'];
export type InvoiceSummary = components['schemas']['InvoiceSummary'];
export type CustomerOption = { id: string; name: string };

/** GET /api/invoices: one page for a list state. */
export function listInvoices(query: ListQuery, signal: AbortSignal) {
  return request(
    api.GET('/api/invoices', {
      params: {
        query: {
          ...invoiceList.pageQuery(query),
          ...(query.status === 'overdue' ? { overdue: true } : query.status ? { status: [query.status] } : {}),
          ...(query.customerId ? { customerId: query.customerId } : {}),
          ...(query.dateFrom ? { dateFrom: query.dateFrom } : {}),
          ...(query.dateTo ? { dateTo: query.dateTo } : {}),
        },
      },
      cache: 'no-store',
      signal,
    }),
    { sessionRequired: true },
  );
}

/** The customers the filter offers: the first hundred by name (the search box finds the rest by name). */
export function listCustomerOptions(signal?: AbortSignal) {
  return request(
    api.GET('/api/customers', {
      params: { query: { sort: 'name', order: 'asc', page: 1, pageSize: 100 } },
      ...(signal ? { signal } : {}),
    }),
    { sessionRequired: true },
  );
}
