// A "value valid from a date" table: every figure that changes by date (rates, limits) is one, never an inline constant.

import { formatIsoDate, parseIsoDate, toCalendarDate } from './calendar-date.ts';

export type DatedEntry<T> = {
  /** First day (`YYYY-MM-DD`) the value applies; it applies until the next entry's `validFrom`. */
  readonly validFrom: string;
  readonly value: T;
};

export type DatedTable<T> = {
  /** Names the table in errors, e.g. "employer contribution rules". */
  readonly name: string;
  /** Sorted by `validFrom`, strictly increasing. */
  readonly entries: readonly DatedEntry<T>[];
  /**
   * Last day (`YYYY-MM-DD`) the table is known to be right for, when the rules are known to change after it (the
   * older-worker birth years move every year): a lookup after it throws instead of silently using stale rules.
   */
  readonly knownUntil: string | null;
};

/** Builds a table, checking its dates. Throws a RangeError on an empty table, a bad date or entries out of order. */
export function datedTable<T>(
  name: string,
  entries: readonly DatedEntry<T>[],
  options: { knownUntil?: string } = {},
): DatedTable<T> {
  if (entries.length === 0) {
    throw new RangeError(`${name}: a dated table needs at least one entry`);
  }
  entries.forEach((entry, index) => {
    if (!parseIsoDate(entry.validFrom)) {
      throw new RangeError(`${name}: not a date: ${entry.validFrom}`);
    }
    const previous = entries[index - 1];
    if (previous && previous.validFrom >= entry.validFrom) {
      throw new RangeError(`${name}: entries must be in strictly increasing date order (${entry.validFrom})`);
    }
  });
  const knownUntil = options.knownUntil ?? null;
  if (knownUntil !== null && !parseIsoDate(knownUntil)) {
    throw new RangeError(`${name}: not a date: ${knownUntil}`);
  }
  return Object.freeze({ name, entries: Object.freeze([...entries]), knownUntil });
}

function isoDay(date: Date | string): string {
  return formatIsoDate(toCalendarDate(date));
}

/** The entry in force on `date` (a `YYYY-MM-DD` day, or a `Date`/date-time taken as its Swedish day); undefined outside the table. */
export function findDatedEntry<T>(table: DatedTable<T>, date: Date | string): DatedEntry<T> | undefined {
  const day = isoDay(date);
  if (table.knownUntil !== null && day > table.knownUntil) {
    return undefined;
  }
  // Binary search for the last entry with validFrom ≤ day (ISO dates compare as strings).
  let low = 0;
  let high = table.entries.length - 1;
  let found: DatedEntry<T> | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const entry = table.entries[middle];
    if (entry && entry.validFrom <= day) {
      found = entry;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The entry in force on `date`. Throws a RangeError before the first entry or after `knownUntil`: a missing rate is a bug, never a guess. */
export function datedEntryAt<T>(table: DatedTable<T>, date: Date | string): DatedEntry<T> {
  const entry = findDatedEntry(table, date);
  if (!entry) {
    const first = table.entries[0]?.validFrom ?? '';
    const range = table.knownUntil === null ? `from ${first}` : `from ${first} to ${table.knownUntil}`;
    throw new RangeError(`${table.name}: no value for ${isoDay(date)} (the table covers ${range})`);
  }
  return entry;
}

/** The value in force on `date`; throws like `datedEntryAt`. */
export function datedValueAt<T>(table: DatedTable<T>, date: Date | string): T {
  return datedEntryAt(table, date).value;
}
