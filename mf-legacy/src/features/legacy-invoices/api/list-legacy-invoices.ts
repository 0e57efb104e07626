import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';
import type { ListQuery } from '../../legacy-list/list-query.ts';

export type LegacyInvoicePage = components['schemas']['LegacyInvoicePage'];
export type LegacyInvoice = components['schemas']['LegacyInvoice'];
export const INVOICE_SORTS = ['invoiceDate', 'dueDate', 'number', 'recipient', 'total', 'paid'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export const PAGE_SIZE = 20;

/** GET /api/legacy/invoices: one page of the user's old invoices and the totals of every year. */
export function listLegacyInvoices(query: ListQuery<InvoiceSort>, signal: AbortSignal) {
  return request(
    api.GET('/api/legacy/invoices', {
      params: { query: { page: query.page, pageSize: PAGE_SIZE, sort: query.sort, order: query.order } },
      cache: 'no-store',
      signal,
    }),
    { sessionRequired: true },
  );
}
