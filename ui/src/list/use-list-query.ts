// A list's state from the URL, and a way to change it (react-router). `replace` for typing in the search box (one
// history entry per search, not per pause); a new entry for filter, sort and page, so back undoes them.
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FilterValues, ListChange, ListDefinition, ListQuery } from './list-query.ts';

export type SetListQuery<F extends FilterValues, S extends string> = (
  next: ListQuery<F, S>,
  options?: { replace?: boolean },
) => void;

export type ListQueryState<F extends FilterValues, S extends string> = {
  query: ListQuery<F, S>;
  /** Another list state (a page, the defaults): written to the URL unless it is already there. */
  setQuery: SetListQuery<F, S>;
  /** A change of what is listed (search, filter, sort): back to page 1. */
  change: (change: ListChange<F, S>, options?: { replace?: boolean }) => void;
};

export function useListQuery<F extends FilterValues, S extends string>(
  definition: ListDefinition<F, S>,
): ListQueryState<F, S> {
  const location = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => definition.parse(location.search), [definition, location.search]);
  const setQuery = useCallback<SetListQuery<F, S>>(
    (next, options = {}) => {
      const search = definition.toSearch(next);
      if (search === location.search) return;
      navigate({ pathname: location.pathname, search }, { replace: options.replace ?? false });
    },
    [definition, location.pathname, location.search, navigate],
  );
  const change = useCallback(
    (changes: ListChange<F, S>, options?: { replace?: boolean }) =>
      setQuery(definition.change(query, changes), options),
    [definition, query, setQuery],
  );
  return { query, setQuery, change };
}
