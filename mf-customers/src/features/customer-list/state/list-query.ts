// The customer list's state lives in the URL (`?q=volvo&type=organization&sort=createdAt&order=desc&page=2&after=…`),
// so back/forward, reload and a shared link all show the same list. Pure: parsed and written here.
import { readPageCursors, writePageCursors, type PageCursors } from '@frilo/ui/page-cursors';
import { isCustomerType, type CustomerType } from '../../../lib/customer-types.ts';

export const SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export type ListQuery = {
  q: string;
  type: CustomerType | null;
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
  type: null,
  sort: 'name',
  order: 'asc',
  page: 1,
  after: null,
  before: null,
};

/** The sort choices offered, as one select: a field and a direction each. */
export const SORT_OPTIONS = [
  { value: 'name-asc', sort: 'name', order: 'asc' },
  { value: 'name-desc', sort: 'name', order: 'desc' },
  { value: 'createdAt-desc', sort: 'createdAt', order: 'desc' },
  { value: 'createdAt-asc', sort: 'createdAt', order: 'asc' },
  { value: 'updatedAt-desc', sort: 'updatedAt', order: 'desc' },
] as const satisfies readonly { value: string; sort: SortField; order: SortOrder }[];

/** Whatever the URL says, a query the API accepts: unknown values fall back to the defaults. */
export function parseListQuery(search: URLSearchParams | string): ListQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const type = params.get('type');
  const sort = params.get('sort');
  const order = params.get('order');
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 && asked <= MAX_PAGE ? asked : 1;
  const sortField = (SORT_FIELDS as readonly unknown[]).includes(sort) ? (sort as SortField) : DEFAULT_QUERY.sort;
  // Without an order, each field's usual one: names A–Ö, dates newest first.
  const sortOrder: SortOrder = order === 'asc' || order === 'desc' ? order : sortField === 'name' ? 'asc' : 'desc';
  // Only the orders the sort select offers, so the select always shows what is listed.
  const offered = SORT_OPTIONS.some((option) => option.sort === sortField && option.order === sortOrder);
  return {
    q,
    type: isCustomerType(type) ? type : null,
    sort: offered ? sortField : DEFAULT_QUERY.sort,
    order: offered ? sortOrder : DEFAULT_QUERY.order,
    page,
    ...readPageCursors(params, page),
  };
}

/** The query string for a list state (`?…`, or '' for the defaults); defaults are left out. */
export function listQueryToSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.type) params.set('type', query.type);
  if (query.sort !== DEFAULT_QUERY.sort || query.order !== DEFAULT_QUERY.order) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  if (query.page > 1) params.set('page', String(query.page));
  writePageCursors(params, query);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A change of what is listed (search, type, sort) starts again at page 1. */
export function changeListQuery(
  query: ListQuery,
  change: Partial<Omit<ListQuery, 'page' | 'after' | 'before'>>,
): ListQuery {
  return { ...query, ...change, page: 1, after: null, before: null };
}

export function sortOptionOf(query: Pick<ListQuery, 'sort' | 'order'>): string {
  return SORT_OPTIONS.find((option) => option.sort === query.sort && option.order === query.order)?.value ?? 'name-asc';
}

export function sortOf(value: string): Pick<ListQuery, 'sort' | 'order'> {
  const option = SORT_OPTIONS.find((candidate) => candidate.value === value) ?? SORT_OPTIONS[0];
  return { sort: option.sort, order: option.order };
}

export function lastPage(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** What an empty page means: a new user (empty state), a search or filter that found nothing, or a page past the end. */
export function emptyKind(query: ListQuery, total: number): 'new-user' | 'no-results' | 'past-the-end' {
  if (total > 0) return 'past-the-end';
  return query.q || query.type ? 'no-results' : 'new-user';
}
