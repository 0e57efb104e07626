// A list's state in its URL (`?q=volvo&type=organization&sort=createdAt&order=desc&page=2&after=…`), so back/forward,
// reload and a shared link show the same list. A list says what it filters by, how it sorts and its page size
// (`defineListQuery`); reading, writing and changing the state is the same for every list. Pure.
import { readPageCursors, writePageCursors, type PageCursors } from '../table/page-cursors.ts';

export type SortOrder = 'asc' | 'desc';

/** One choice of the sort select: a field and a direction. */
export type SortOption<S extends string = string> = {
  readonly value: string;
  readonly sort: S;
  readonly order: SortOrder;
};

/** A filter's values are strings the API knows (a type, a status, an id, a day). */
export type FilterValues = Record<string, string>;

/** One filter in the URL: its parameter and what of it the API accepts (null: left out). */
export type FilterParam<V extends string> = { readonly param: string; readonly read: (raw: string) => V | null };

export type ListQuery<F extends FilterValues = FilterValues, S extends string = string> = { q: string } & {
  [K in keyof F]: F[K] | null;
} & { sort: S; order: SortOrder; page: number } & PageCursors;

/** What a change of what is listed may set: anything but the page and its cursor. */
export type ListChange<F extends FilterValues, S extends string> = Partial<
  Omit<ListQuery<F, S>, 'page' | 'after' | 'before'>
>;

export type ListQueryConfig<F extends FilterValues, S extends string> = {
  /** The filters, in the order their parameters stand in the URL (after `q`). */
  filters: { readonly [K in keyof F]: FilterParam<F[K]> };
  /** The sort select's choices; the first is the list's default. */
  sortOptions: readonly [SortOption<S>, ...SortOption<S>[]];
  pageSize: number;
  /** The contract's longest search (default 100). */
  maxSearchLength?: number;
  /** The contract's last page (default 10 000). */
  maxPage?: number;
  /** Filters that only mean something together (a date range given backwards): made consistent after reading. */
  normalize?: (query: ListQuery<F, S>) => ListQuery<F, S>;
};

export type EmptyKind = 'new-user' | 'no-results' | 'past-the-end';

export type ListDefinition<F extends FilterValues = FilterValues, S extends string = string> = {
  readonly pageSize: number;
  readonly maxSearchLength: number;
  readonly sortOptions: readonly SortOption<S>[];
  /** Page 1 of everything, in the default order. */
  readonly defaults: ListQuery<F, S>;
  /** Whatever the URL says, a query the API accepts: what it cannot accept falls back to the defaults. */
  parse(search: URLSearchParams | string): ListQuery<F, S>;
  /** The query string for a list state (`?…`, or '' for the defaults); defaults are left out. */
  toSearch(query: ListQuery<F, S>): string;
  /** A change of what is listed (search, filter, sort) starts again at page 1. */
  change(query: ListQuery<F, S>, change: ListChange<F, S>): ListQuery<F, S>;
  /** The sort select's value for a query. */
  sortOptionOf(query: Pick<ListQuery<F, S>, 'sort' | 'order'>): string;
  /** The sort and order of a sort select value (the default for an unknown one). */
  sortOf(value: string): Pick<ListQuery<F, S>, 'sort' | 'order'>;
  /** Whether a search or a filter narrows the list. */
  isFiltered(query: ListQuery<F, S>): boolean;
  lastPage(total: number): number;
  /** What an empty page means: a new user, a search or filter that found nothing, or a page past the end. */
  emptyKind(query: ListQuery<F, S>, total: number): EmptyKind;
  /** The API's query for a page, but for the filters (each list's API names and shapes them its own way). */
  pageQuery(query: ListQuery<F, S>): PageQuery<S>;
};

/** What every paged list endpoint takes. */
export type PageQuery<S extends string = string> = {
  q?: string;
  sort: S;
  order: SortOrder;
  page: number;
  pageSize: number;
  after?: string;
  before?: string;
};

export function defineListQuery<F extends FilterValues, S extends string>(
  config: ListQueryConfig<F, S>,
): ListDefinition<F, S> {
  const { filters, sortOptions, pageSize, maxSearchLength = 100, maxPage = 10_000 } = config;
  const normalize = config.normalize ?? ((query: ListQuery<F, S>) => query);
  const filterKeys = Object.keys(filters) as (keyof F & string)[];
  const [first] = sortOptions;
  const noFilters = Object.fromEntries(filterKeys.map((key) => [key, null])) as { [K in keyof F]: null };
  const defaults = {
    q: '',
    ...noFilters,
    sort: first.sort,
    order: first.order,
    page: 1,
    after: null,
    before: null,
  } as ListQuery<F, S>;

  const optionOf = (sort: unknown, order: unknown) =>
    sortOptions.find((option) => option.sort === sort && option.order === order);
  const isFiltered = (query: ListQuery<F, S>) => Boolean(query.q) || filterKeys.some((key) => Boolean(query[key]));

  return {
    pageSize,
    maxSearchLength,
    sortOptions,
    defaults,

    parse(search) {
      const params = typeof search === 'string' ? new URLSearchParams(search) : search;
      const asked = Number(params.get('page') ?? '1');
      const page = Number.isInteger(asked) && asked >= 1 && asked <= maxPage ? asked : 1;
      const sort = params.get('sort');
      const order = params.get('order');
      // Only the pairs the sort select offers, so it always shows what is listed. Without an order, the field's
      // first pair (its usual direction: names A–Ö, dates newest first).
      const wanted =
        order === 'asc' || order === 'desc'
          ? optionOf(sort, order)
          : sortOptions.find((option) => option.sort === sort);
      const read = Object.fromEntries(
        filterKeys.map((key) => {
          const raw = params.get(filters[key].param);
          return [key, raw === null ? null : filters[key].read(raw)];
        }),
      );
      return normalize({
        q: (params.get('q') ?? '').trim().slice(0, maxSearchLength),
        ...read,
        sort: (wanted ?? first).sort,
        order: (wanted ?? first).order,
        page,
        ...readPageCursors(params, page),
      } as ListQuery<F, S>);
    },

    toSearch(query) {
      const params = new URLSearchParams();
      if (query.q) params.set('q', query.q);
      for (const key of filterKeys) {
        const value = query[key];
        if (value) params.set(filters[key].param, value);
      }
      if (query.sort !== first.sort || query.order !== first.order) {
        params.set('sort', query.sort);
        params.set('order', query.order);
      }
      if (query.page > 1) params.set('page', String(query.page));
      writePageCursors(params, query);
      const text = params.toString();
      return text ? `?${text}` : '';
    },

    change(query, change) {
      return { ...query, ...change, page: 1, after: null, before: null };
    },

    sortOptionOf(query) {
      return (optionOf(query.sort, query.order) ?? first).value;
    },

    sortOf(value) {
      const option = sortOptions.find((candidate) => candidate.value === value) ?? first;
      return { sort: option.sort, order: option.order } as Pick<ListQuery<F, S>, 'sort' | 'order'>;
    },

    isFiltered,

    lastPage(total) {
      return Math.max(1, Math.ceil(total / pageSize));
    },

    emptyKind(query, total) {
      if (total > 0) return 'past-the-end';
      return isFiltered(query) ? 'no-results' : 'new-user';
    },

    pageQuery(query) {
      return {
        ...(query.q ? { q: query.q } : {}),
        sort: query.sort,
        order: query.order,
        page: query.page,
        pageSize,
        ...(query.after ? { after: query.after } : {}),
        ...(query.before ? { before: query.before } : {}),
      };
    },
  };
}

/** A filter that takes one of a list of values (a type, a status). */
export function oneOf<V extends string>(param: string, values: readonly V[]): FilterParam<V> {
  return { param, read: (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : null) };
}

/** A real calendar day `YYYY-MM-DD`, or null. */
export function isoDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** A filter by a calendar day (`from`, `to`). */
export function dayParam(param: string): FilterParam<string> {
  return { param, read: isoDay };
}
