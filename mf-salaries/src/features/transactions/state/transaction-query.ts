// The transaction list's filters as URL search parameters (so back, reload and a shared link keep them). Pure.

export const PAGE_SIZE = 20;
export const KINDS = ['salary', 'payout'] as const;
export const STATUSES = [
  'completed_invoice',
  'initiated',
  'completed_transaction',
  'failed_after_complete',
  'failed',
] as const;

export type Kind = (typeof KINDS)[number];
export type Status = (typeof STATUSES)[number];

export type TransactionQuery = {
  kind: Kind | null;
  status: Status | null;
  dateFrom: string | null;
  dateTo: string | null;
  page: number;
};

export const DEFAULT_QUERY: TransactionQuery = { kind: null, status: null, dateFrom: null, dateTo: null, page: 1 };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reads the filters; anything unreadable (an old or edited link) is left out rather than refused. */
export function readQuery(search: URLSearchParams): TransactionQuery {
  const day = (name: string) => {
    const value = search.get(name);
    return value && DAY.test(value) ? value : null;
  };
  const page = Number(search.get('page'));
  return {
    kind: oneOf(KINDS, search.get('kind')),
    status: oneOf(STATUSES, search.get('status')),
    dateFrom: day('from'),
    dateTo: day('to'),
    page: Number.isInteger(page) && page >= 1 && page <= 10000 ? page : 1,
  };
}

export function writeQuery(query: TransactionQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.kind) search.set('kind', query.kind);
  if (query.status) search.set('status', query.status);
  if (query.dateFrom) search.set('from', query.dateFrom);
  if (query.dateTo) search.set('to', query.dateTo);
  if (query.page > 1) search.set('page', String(query.page));
  return search;
}

/** A changed filter starts again at the first page. */
export function changeQuery(
  query: TransactionQuery,
  change: Partial<Omit<TransactionQuery, 'page'>>,
): TransactionQuery {
  return { ...query, ...change, page: 1 };
}

export function isFiltered(query: TransactionQuery): boolean {
  return Boolean(query.kind || query.status || query.dateFrom || query.dateTo);
}

export function lastPage(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
