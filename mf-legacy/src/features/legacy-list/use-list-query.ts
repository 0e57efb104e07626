import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { listQuerySearch, readListQuery, type ListQuery } from './list-query.ts';

/** The list state of the current URL, and a way to move to another (a new history entry). */
export function useListQuery<S extends string>(sorts: readonly S[], defaultSort: S) {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params, sorts, defaultSort);
  const setQuery = useCallback(
    (next: ListQuery<S>) => {
      setParams(new URLSearchParams(listQuerySearch(next, defaultSort)));
      window.scrollTo({ top: 0 });
    },
    [setParams, defaultSort],
  );
  return { query, setQuery };
}
