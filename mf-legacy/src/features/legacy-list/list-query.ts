// A legacy list's page and sort as URL search parameters (so back, reload and links keep them). Pure.

export type ListQuery<S extends string> = { page: number; sort: S; order: 'asc' | 'desc' };

export function readListQuery<S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
  defaultSort: S,
): ListQuery<S> {
  const sort = sorts.find((candidate) => candidate === params.get('sort')) ?? defaultSort;
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const page = Number(params.get('page'));
  return { sort, order, page: Number.isInteger(page) && page >= 1 && page <= 10000 ? page : 1 };
}

export function listQuerySearch<S extends string>(query: ListQuery<S>, defaultSort: S): string {
  const params = new URLSearchParams();
  if (query.sort !== defaultSort) params.set('sort', query.sort);
  if (query.order !== 'desc') params.set('order', query.order);
  if (query.page !== 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Clicking a column: the same column turns the order around, another starts descending; both go to page 1. */
export function sortBy<S extends string>(query: ListQuery<S>, column: S): ListQuery<S> {
  if (query.sort === column) return { sort: column, order: query.order === 'asc' ? 'desc' : 'asc', page: 1 };
  return { sort: column, order: 'desc', page: 1 };
}

/** The column header's `aria-sort`: only the column the list is sorted by has one. */
export function ariaSort<S extends string>(query: ListQuery<S>, column: S): 'ascending' | 'descending' | undefined {
  if (query.sort !== column) return undefined;
  return query.order === 'asc' ? 'ascending' : 'descending';
}
