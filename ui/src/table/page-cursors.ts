// Keyset pages in a list's URL (`?page=3&after=…`): the API's cursor of the page beside the one asked for, so a page
// far down the list is found on the index as fast as the first (the lists of invoices and customers give them in
// `page.next` / `page.previous`). `page` stays the number shown. Pure, shared by every list that pages by cursor.

export type PageCursors = { after: string | null; before: string | null };
export type CursorPaged = { page: number } & PageCursors;

export const NO_CURSORS: PageCursors = { after: null, before: null };

/** The contract's cursor: base64url, at most 1 200 characters. */
const CURSOR = /^[A-Za-z0-9_-]{1,1200}$/;

/** The cursor of a URL: one at most, never on page 1, never one the API could not have given. */
export function readPageCursors(params: URLSearchParams, page: number): PageCursors {
  if (page <= 1) return NO_CURSORS;
  const after = params.get('after');
  const before = params.get('before');
  if (after && CURSOR.test(after)) return { after, before: null };
  if (before && CURSOR.test(before)) return { after: null, before };
  return NO_CURSORS;
}

export function writePageCursors(params: URLSearchParams, query: CursorPaged): void {
  if (query.page <= 1) return;
  if (query.after) params.set('after', query.after);
  else if (query.before) params.set('before', query.before);
}

/**
 * The page beside this one: by the API's cursor when it gave one (`next` going forward, `previous` going back),
 * by number where it gave none (a sort without keyset); page 1 always by number.
 */
export function neighbourPage<Q extends CursorPaged>(
  query: Q,
  page: number,
  cursors: { next?: string | null | undefined; previous?: string | null | undefined },
): Q {
  if (page <= 1) return { ...query, page: 1, ...NO_CURSORS };
  const forward = page > query.page;
  const cursor = (forward ? cursors.next : cursors.previous) ?? null;
  return {
    ...query,
    page,
    after: forward ? cursor : null,
    before: forward ? null : cursor,
  };
}

/** The same list with the page found by its number: for a cursor the API refused (an old link). */
export function withoutCursor<Q extends CursorPaged>(query: Q): Q {
  return { ...query, ...NO_CURSORS };
}

/**
 * Loads a page with `fetchPage`. A cursor the API refuses (a 400: a link from before a change of order, or edited by
 * hand) is not an error to show: the same page is then asked for by its number.
 */
export async function withCursorFallback<Q extends CursorPaged, R extends { ok: boolean; status: number }>(
  query: Q,
  fetchPage: (query: Q) => Promise<R>,
): Promise<R> {
  const result = await fetchPage(query);
  if (!result.ok && result.status === 400 && (query.after || query.before)) return fetchPage(withoutCursor(query));
  return result;
}
