// The invoice list's state in the URL (`?q=volvo&status=paid&` or `status=overdue&customer=…&from=2026-01-01&to=…&sort=dueDate&order=asc&page=2&after=…`):
// what it filters by, its sort choices and its page size. Reading, writing and paging are the kit's
// (@frilo/ui/list/list-query).
import { dayParam, defineListQuery, oneOf, type ListQuery as KitListQuery } from '@frilo/ui/list/list-query';

/**
 * The named statuses the filter offers (the API filters by name; `drafted` holds drafts and changes requested), and
 * `overdue`: sent or partly paid and past the due date (the API's `overdue` filter, not a status of its own).
 */
export const STATUS_FILTERS = [
  'overdue',
  'drafted',
  'need_admin_approval',
  'quoted',
  'sending',
  'failed',
  'sent',
  'partially_paid',
  'paid',
  'credited',
  'deleted',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export type SortField = 'invoiceDate' | 'dueDate' | 'number' | 'updatedAt';

/** The sort choices offered, as one select: a field and a direction each (the first is the default). */
export const SORT_OPTIONS = [
  { value: 'invoiceDate-desc', sort: 'invoiceDate', order: 'desc' },
  { value: 'invoiceDate-asc', sort: 'invoiceDate', order: 'asc' },
  { value: 'dueDate-asc', sort: 'dueDate', order: 'asc' },
  { value: 'number-desc', sort: 'number', order: 'desc' },
  { value: 'updatedAt-desc', sort: 'updatedAt', order: 'desc' },
] as const;

type Filters = { status: StatusFilter; customerId: string; dateFrom: string; dateTo: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const invoiceList = defineListQuery<Filters, SortField>({
  filters: {
    status: oneOf('status', STATUS_FILTERS),
    customerId: { param: 'customer', read: (raw) => (UUID.test(raw) ? raw.toLowerCase() : null) },
    dateFrom: dayParam('from'),
    dateTo: dayParam('to'),
  },
  sortOptions: SORT_OPTIONS,
  pageSize: 20,
  // A range given backwards means the same days.
  normalize: (query) =>
    query.dateFrom && query.dateTo && query.dateFrom > query.dateTo
      ? { ...query, dateFrom: query.dateTo, dateTo: query.dateFrom }
      : query,
});

export type ListQuery = KitListQuery<Filters, SortField>;
