// A paged list screen's data: the list state from the URL, the page it asks for (a newer query cancels an older
// request; the last page stays on screen while the next loads, so the list does not jump), a cursor the API
// refuses asked again by page number, and a page past the end replaced by the last one. With `defineListQuery`
// and `PagedList`, a new list is its configuration, its API call and its rows.
import { useEffect } from 'react';
import type { ApiFailure, ApiResult } from '../form/api-result.ts';
import { useApiData } from '../hooks/use-api-data.ts';
import { withCursorFallback } from '../table/page-cursors.ts';
import type { FilterValues, ListDefinition, ListQuery } from './list-query.ts';
import { listView, pastTheEnd, type Answered, type ListPage, type ListView } from './list-view.ts';
import { useListQuery, type ListQueryState } from './use-list-query.ts';

export type FetchListPage<T, F extends FilterValues, S extends string> = (
  query: ListQuery<F, S>,
  signal: AbortSignal,
) => Promise<ApiResult<ListPage<T>>>;

export type PagedListState<T, F extends FilterValues, S extends string> = ListQueryState<F, S> & {
  definition: ListDefinition<F, S>;
  /** The last page that arrived and the query it answers; null until the first one has. */
  answered: Answered<T, F, S> | null;
  view: ListView;
  /** The total of the last page that arrived (0 before). */
  total: number;
  loading: boolean;
  failure: ApiFailure | null;
  reload: () => void;
};

export function usePagedList<T, F extends FilterValues, S extends string>(
  definition: ListDefinition<F, S>,
  fetchPage: FetchListPage<T, F, S>,
): PagedListState<T, F, S> {
  const state = useListQuery(definition);
  const { query, setQuery } = state;
  // One string for the whole state: a new request when anything in it changes, and only then.
  const key = definition.toSearch(query);
  const data = useApiData<Answered<T, F, S>>(async (signal) => {
    const asked = definition.parse(key);
    const result = await withCursorFallback(asked, (page) => fetchPage(page, signal));
    return result.ok ? { ...result, data: { result: result.data, answers: asked } } : result;
  }, key);

  const target = pastTheEnd(definition, data.data, data.loading);
  const targetSearch = target ? definition.toSearch(target) : null;
  useEffect(() => {
    if (targetSearch !== null) setQuery(definition.parse(targetSearch), { replace: true });
  }, [targetSearch, definition, setQuery]);

  return {
    ...state,
    definition,
    answered: data.data,
    view: listView(definition, query, data.data),
    total: data.data?.result.page.total ?? 0,
    loading: data.loading,
    failure: data.failure,
    reload: data.reload,
  };
}
