import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listQueryToSearch, parseListQuery, type ListQuery } from '../state/list-query.ts';

/**
 * The list state from the URL, and a way to change it. `replace` for typing in the search box (one
 * history entry per search, not per pause); a new entry for filters, sort and page, so back undoes them.
 */
export function useListQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => parseListQuery(location.search), [location.search]);
  const setQuery = useCallback(
    (next: ListQuery, options: { replace?: boolean } = {}) => {
      const search = listQueryToSearch(next);
      if (search === location.search) return;
      navigate({ pathname: location.pathname, search }, { replace: options.replace ?? false });
    },
    [location.pathname, location.search, navigate],
  );
  return { query, setQuery };
}
