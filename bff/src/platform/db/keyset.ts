// Keyset pages for the lists (invoices, customers): a page names where it starts by the sort key and id of the row
// before it (`after`) or after it (`before`), so page 2 500 is found on the index as cheaply as page 2, where an
// OFFSET reads and throws away every row before it. The cursor is opaque to clients: base64url of
// `[scope, key, id]`, where the scope (the sort and order) makes a cursor of another ordering a 400, not a wrong page.
// It only positions within the owner's own rows: every query keeps its owner filter, whatever a cursor says.
import { ValidationError, fieldError } from '../errors.ts';

export type SeekDirection = 'after' | 'before';

export interface Seek {
  direction: SeekDirection;
  /** The sort key as PostgreSQL writes it as text (a timestamp with its microseconds). */
  key: string;
  id: string;
}

/** How one sort column is compared: the SQL of the column and the cast that reads a cursor's key back. */
export interface SeekColumn {
  column: string;
  cast: string;
  /** Whether a key is one this column can have, as text; anything else is a cursor nobody gave out. */
  pattern: KeyCheck;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export type KeyCheck = (key: string) => boolean;

/** A calendar day that exists (PostgreSQL would refuse 2026-02-30 with an error, not a 400). */
export const DATE_KEY: KeyCheck = (key) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return false;
  const day = new Date(`${key}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === key;
};
/** As PostgreSQL writes a timestamptz: `2026-11-24 12:00:00.123456+00`, its day and time real. */
export const TIMESTAMP_KEY: KeyCheck = (key) => {
  const match = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-4])(:[0-5]\d)?$/.exec(
    key,
  );
  return match !== null && DATE_KEY(match[1]!);
};
export const TEXT_KEY: KeyCheck = (key) => key.length <= 400 && !key.includes('\0');
/** For a sort without keyset: no cursor is one of its. */
export const NO_KEY: KeyCheck = () => false;

export function encodeCursor(scope: string, key: string, id: string): string {
  return Buffer.from(JSON.stringify([scope, key, id])).toString('base64url');
}

function decodeCursor(value: string, field: string, scope: string, pattern: KeyCheck): { key: string; id: string } {
  const refuse = () =>
    new ValidationError([fieldError(field, 'invalid_format', 'Not a cursor this list gave for this order')]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw refuse();
  const [cursorScope, key, id] = parsed as unknown[];
  if (cursorScope !== scope || typeof key !== 'string' || typeof id !== 'string') throw refuse();
  if (!UUID.test(id) || !pattern(key)) throw refuse();
  return { key, id };
}

/** The seek a list query asks for, or null for a page by number. Both at once is a 400. */
export function seekOf(
  cursors: { after?: string | undefined; before?: string | undefined },
  scope: string,
  pattern: KeyCheck,
): Seek | null {
  if (cursors.after && cursors.before) {
    throw new ValidationError([
      fieldError('query.before', 'conflict', 'Give either after or before, not both', { other: 'after' }),
    ]);
  }
  if (cursors.after) return { direction: 'after', ...decodeCursor(cursors.after, 'query.after', scope, pattern) };
  if (cursors.before) return { direction: 'before', ...decodeCursor(cursors.before, 'query.before', scope, pattern) };
  return null;
}

/** The order the page is read in: reversed when reading backwards from a `before` cursor. */
export function readOrder(order: 'asc' | 'desc', seek: Seek | null): 'asc' | 'desc' {
  if (seek?.direction !== 'before') return order;
  return order === 'asc' ? 'desc' : 'asc';
}

/** The condition that starts the page at the cursor (on `alias`'s columns), and its parameters. */
export function seekCondition(
  column: SeekColumn,
  order: 'asc' | 'desc',
  seek: Seek,
  alias = '',
): { sql: string; params: unknown[] } {
  const forward = seek.direction === 'after';
  const greater = (order === 'asc') === forward;
  return {
    sql: `(${alias}${column.column}, ${alias}"id") ${greater ? '>' : '<'} (?::${column.cast}, ?::uuid)`,
    params: [seek.key, seek.id],
  };
}

/**
 * The page's rows (read with one extra to learn whether more lie beyond) and the cursors of its neighbours.
 * `rows` arrive in the list's order, whichever direction they were read in.
 */
export function keysetPage<R>(
  rows: R[],
  options: {
    pageSize: number;
    seek: Seek | null;
    /** The page number asked for (used when there is no cursor: page 1 has nothing before it). */
    page: number;
    scope: string;
    keyOf: (row: R) => { key: string | null; id: string };
  },
): { rows: R[]; next: string | null; previous: string | null } {
  const { pageSize, seek, page, scope, keyOf } = options;
  const more = rows.length > pageSize;
  let kept: R[];
  if (seek?.direction === 'before') kept = more ? rows.slice(1) : rows;
  else kept = rows.slice(0, pageSize);
  const hasNext = seek?.direction === 'before' ? true : more;
  const hasPrevious = seek?.direction === 'before' ? more : seek !== null || page > 1;
  const cursor = (row: R | undefined) => {
    if (!row) return null;
    const { key, id } = keyOf(row);
    return key === null ? null : encodeCursor(scope, key, id);
  };
  return {
    rows: kept,
    next: hasNext ? cursor(kept.at(-1)) : null,
    previous: hasPrevious ? cursor(kept[0]) : null,
  };
}

/**
 * `limit … offset …` as SQL text (both are integers the contract bounds): one row more than the page tells whether
 * another lies beyond it, and a cursor replaces the offset. `prepared`: whether the statement can be a prepared one
 * (`preparedRows`): only without an offset, so the cached plan never guesses at one.
 */
export function pageLimit(pageSize: number, offset: number): { sql: string; prepared: boolean } {
  if (!Number.isSafeInteger(pageSize) || !Number.isSafeInteger(offset) || pageSize < 1 || offset < 0) {
    throw new Error(`pageLimit: ${pageSize}, ${offset}`);
  }
  return { sql: `limit ${pageSize + 1} offset ${offset}`, prepared: offset === 0 };
}
