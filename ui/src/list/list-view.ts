// What a paged list shows, decided from the page that last arrived and the query it answers. Pure, so the rules
// are tested without React; `usePagedList` and `PagedList` follow them.
import { neighbourPage, withoutCursor } from '../table/page-cursors.ts';
import type { FilterValues, ListDefinition, ListQuery } from './list-query.ts';

/** The contract's `Page`: the total, and the cursors of the pages beside this one (keyset lists). */
export type PageInfo = { total: number; next?: string | null | undefined; previous?: string | null | undefined };

/** One page of a list, as every list endpoint answers it. */
export type ListPage<T> = { items: T[]; page: PageInfo };

/** A page and the query it answers (the URL may already ask for the next one). */
export type Answered<T, F extends FilterValues, S extends string> = { result: ListPage<T>; answers: ListQuery<F, S> };

/**
 * - `pending`: nothing has arrived yet (loading, or the first load failed);
 * - `new-user`: nothing to list and nothing narrows it: the invitation to add the first, without a toolbar;
 * - `no-results`: a search or filter found nothing;
 * - `rows`: a page to show (also while a page past the end is being replaced by the last one).
 */
export type ListView = 'pending' | 'new-user' | 'no-results' | 'rows';

export function listView<T, F extends FilterValues, S extends string>(
  definition: ListDefinition<F, S>,
  query: ListQuery<F, S>,
  answered: Answered<T, F, S> | null,
): ListView {
  if (!answered) return 'pending';
  const { result, answers } = answered;
  if (result.items.length > 0) return 'rows';
  const kind = definition.emptyKind(answers, result.page.total);
  // The invitation only while the URL asks for everything too: a search typed meanwhile keeps the toolbar (and the
  // empty page stays until its answer arrives).
  if (kind === 'new-user') return definition.isFiltered(query) ? 'rows' : 'new-user';
  return kind === 'no-results' ? 'no-results' : 'rows';
}

/**
 * A page past the end (its last row was deleted, an old link): the last page, asked for by its number. Null while
 * loading or when the page has rows.
 */
export function pastTheEnd<T, F extends FilterValues, S extends string>(
  definition: ListDefinition<F, S>,
  answered: Answered<T, F, S> | null,
  loading: boolean,
): ListQuery<F, S> | null {
  if (loading || !answered) return null;
  const { result, answers } = answered;
  if (result.items.length > 0 || result.page.total === 0) return null;
  return { ...withoutCursor(answers), page: definition.lastPage(result.page.total) };
}

/** Previous and next of the page shown: its URL (by the API's cursor where it gave one), or null at either end. */
export function neighbourSearches<F extends FilterValues, S extends string>(
  definition: ListDefinition<F, S>,
  answers: ListQuery<F, S>,
  page: PageInfo,
): { page: number; last: number; previous: string | null; next: string | null } {
  const last = definition.lastPage(page.total);
  const current = Math.min(answers.page, last);
  const at = { ...answers, page: current };
  const search = (n: number) => (n >= 1 && n <= last ? definition.toSearch(neighbourPage(at, n, page)) : null);
  return { page: current, last, previous: search(current - 1), next: search(current + 1) };
}
