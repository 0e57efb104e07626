// The invoice list's state lives in the URL (`?q=volvo&status=paid&customer=…&from=2026-01-01&to=…&sort=dueDate&order=asc&page=2&after=…`),
// so back/forward, reload and a shared link all show the same list. Pure: parsed and written here.
import { readPageCursors, writePageCursors, type PageCursors } from '@frilo/ui/page-cursors';

/** The named statuses the filter offers (the API filters by name; `drafted` holds drafts and changes requested). */
export const STATUS_FILTERS = [
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

export const SORT_FIELDS = ['invoiceDate', 'dueDate', 'number', 'updatedAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export type ListQuery = {
  q: string;
  status: StatusFilter | null;
  customerId: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  sort: SortField;
  order: SortOrder;
  page: number;
} & PageCursors;

export const PAGE_SIZE = 20;
/** The contract's limits for `q` and `page`. */
export const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 10_000;

export const DEFAULT_QUERY: ListQuery = {
  q: '',
  status: null,
  customerId: null,
  dateFrom: null,
  dateTo: null,
  sort: 'invoiceDate',
  order: 'desc',
  page: 1,
  after: null,
  before: null,
};

/** The sort choices offered, as one select: a field and a direction each. */
export const SORT_OPTIONS = [
  { value: 'invoiceDate-desc', sort: 'invoiceDate', order: 'desc' },
  { value: 'invoiceDate-asc', sort: 'invoiceDate', order: 'asc' },
  { value: 'dueDate-asc', sort: 'dueDate', order: 'asc' },
  { value: 'number-desc', sort: 'number', order: 'desc' },
  { value: 'updatedAt-desc', sort: 'updatedAt', order: 'desc' },
] as const satisfies readonly { value: string; sort: SortField; order: SortOrder }[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar day `YYYY-MM-DD`, or null. */
export function isoDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

function isStatusFilter(value: unknown): value is StatusFilter {
  return (STATUS_FILTERS as readonly unknown[]).includes(value);
}

/** Whatever the URL says, a query the API accepts: unknown values fall back to the defaults. */
export function parseListQuery(search: URLSearchParams | string): ListQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const status = params.get('status');
  const customer = params.get('customer');
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 && asked <= MAX_PAGE ? asked : 1;
  const wanted = SORT_OPTIONS.find(
    (option) => option.sort === params.get('sort') && option.order === params.get('order'),
  );
  let dateFrom = isoDay(params.get('from'));
  let dateTo = isoDay(params.get('to'));
  // A range given backwards means the same days.
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  return {
    q,
    status: isStatusFilter(status) ? status : null,
    customerId: customer && UUID.test(customer) ? customer.toLowerCase() : null,
    dateFrom,
    dateTo,
    sort: wanted?.sort ?? DEFAULT_QUERY.sort,
    order: wanted?.order ?? DEFAULT_QUERY.order,
    page,
    ...readPageCursors(params, page),
  };
}

/** The query string for a list state (`?…`, or '' for the defaults); defaults are left out. */
export function listQueryToSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.customerId) params.set('customer', query.customerId);
  if (query.dateFrom) params.set('from', query.dateFrom);
  if (query.dateTo) params.set('to', query.dateTo);
  if (query.sort !== DEFAULT_QUERY.sort || query.order !== DEFAULT_QUERY.order) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  if (query.page > 1) params.set('page', String(query.page));
  writePageCursors(params, query);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A change of what is listed (search, filters, sort) starts again at page 1. */
export function changeListQuery(
  query: ListQuery,
  change: Partial<Omit<ListQuery, 'page' | 'after' | 'before'>>,
): ListQuery {
  return { ...query, ...change, page: 1, after: null, before: null };
}

export function sortOptionOf(query: Pick<ListQuery, 'sort' | 'order'>): string {
  return (
    SORT_OPTIONS.find((option) => option.sort === query.sort && option.order === query.order)?.value ??
    SORT_OPTIONS[0].value
  );
}

export function sortOf(value: string): Pick<ListQuery, 'sort' | 'order'> {
  const option = SORT_OPTIONS.find((candidate) => candidate.value === value) ?? SORT_OPTIONS[0];
  return { sort: option.sort, order: option.order };
}

export function lastPage(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Whether anything narrows the list (then an empty page is "no results", not a new user's empty list). */
export function isFiltered(query: ListQuery): boolean {
  return Boolean(query.q || query.status || query.customerId || query.dateFrom || query.dateTo);
}

/** What an empty page means: a new user (empty state), a search or filter that found nothing, or a page past the end. */
export function emptyKind(query: ListQuery, total: number): 'new-user' | 'no-results' | 'past-the-end' {
  if (total > 0) return 'past-the-end';
  return isFiltered(query) ? 'no-results' : 'new-user';
}
