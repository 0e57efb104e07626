// "Nothing was written": a fingerprint of everything the product stores (every table of the public schema and the jobs
// queued in pg-boss), so a suite can check that a refused request left the database as it found it, whatever table a
// module added since the suite was written.
import type { TestApp } from './test-app.ts';

/**
 * Columns that change without anyone writing data: a session's `last_seen_at` is touched (at most once a minute) by
 * any request carrying it, refused or not.
 */
const MOVING_COLUMNS: Record<string, string[]> = {
  'public.auth_session': ['last_seen_at'],
};

/** Tables whose rows are bookkeeping of the framework, not the product's data. */
const IGNORED_TABLES = new Set(['public.mikro_orm_migrations']);

export type Fingerprint = Map<string, string>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

let cachedQuery: { key: string; sql: string } | undefined;

async function fingerprintQuery(t: TestApp): Promise<string> {
  // The catalog, not information_schema: the same answer in a few milliseconds instead of ~45, and the suites ask
  // before every refused request.
  const columns = await t.sql(
    `select n.nspname as schema, c.relname as table, a.attname as column
       from pg_catalog.pg_attribute a
       join pg_catalog.pg_class c on c.oid = a.attrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
      order by n.nspname, c.relname, a.attnum`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns.rows as { schema: string; table: string; column: string }[]) {
    const name = `${row.schema}.${row.table}`;
    if (IGNORED_TABLES.has(name) || MOVING_COLUMNS[name]?.includes(row.column)) continue;
    byTable.set(name, [...(byTable.get(name) ?? []), row.column]);
  }
  const key = [...byTable].map(([table, cols]) => `${table}:${cols.join(',')}`).join(';');
  if (cachedQuery?.key === key) return cachedQuery.sql;
  const parts = [...byTable].map(([table, cols]) => {
    const [schema, name] = table.split('.') as [string, string];
    const row = `row(${cols.map(quote).join(', ')})::text`;
    return `select '${table}' as name, count(*)::text || ':' || md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as print from ${quote(schema)}.${quote(name)}`;
  });
  // Jobs queued by the product: not pg-boss's own maintenance queues (`__pgboss…`), nor the sweeps its clock queues on
  // a schedule (a queue with a schedule, empty data), which arrive every minute whatever a request does.
  parts.push(
    `select 'pgboss.job' as name, count(*)::text || ':' || md5(coalesce(string_agg(id::text || name || data::text, '|' order by id), '')) from pgboss.job
      where name not like '\\_\\_pgboss%'
        and not (name in (select name from pgboss.schedule) and coalesce(data, '{}'::jsonb) = '{}'::jsonb)`,
  );
  cachedQuery = { key, sql: parts.join('\nunion all\n') };
  return cachedQuery.sql;
}

/** Every table's row count and a hash of its rows. */
export async function fingerprint(t: TestApp): Promise<Fingerprint> {
  const result = await t.sql(await fingerprintQuery(t));
  return new Map((result.rows as { name: string; print: string }[]).map((row) => [row.name, row.print]));
}

/** The tables whose rows differ between two fingerprints (with their `count:hash` before and after). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => before.get(name) !== after.get(name))
    .map(
      (name) => `${name} (rows ${before.get(name)?.split(':')[0] ?? '-'} → ${after.get(name)?.split(':')[0] ?? '-'})`,
    );
}

// ---------------------------------------------------------------------------------------------------------------
// A cheap "was anything written?" before the full fingerprint. The suites that check thousands of refused requests
// (the authorization matrix, the contract fuzzer) ask after each one; hashing every table each time was most of
// their run. A row trigger on every table of the product (and on pg-boss's job table) counts the rows changed, in a
// sequence of the test database's own: when the count has not moved, no row changed, so the fingerprint taken
// before still holds; when it moved (a session's moving column does not move it), the full fingerprint decides, as
// before. Sequences are not transactional: a write rolled back still moves the count, which only costs a fingerprint.

const WATCH_SCHEMA = 'frilo_write_watch';

/** Installs the counting triggers on every table `fingerprint` reads (run once, after the migrations). */
export async function installWriteWatch(t: TestApp): Promise<void> {
  const tables = await t.sql(
    `select n.nspname as schema, c.relname as table
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where ((c.relkind in ('r', 'p') and n.nspname = 'public') or (n.nspname = 'pgboss' and c.relname = 'job'))
        and not c.relispartition`,
  );
  const statements = [
    `create schema if not exists ${WATCH_SCHEMA}`,
    `create sequence if not exists ${WATCH_SCHEMA}.writes`,
    // The trigger's arguments are the columns that move without anyone writing data (MOVING_COLUMNS).
    `create or replace function ${WATCH_SCHEMA}.count_write() returns trigger language plpgsql as $$
     begin
       if tg_op = 'UPDATE' and (to_jsonb(old) - tg_argv) = (to_jsonb(new) - tg_argv) then return null; end if;
       perform nextval('${WATCH_SCHEMA}.writes');
       return null;
     end $$`,
  ];
  for (const { schema, table } of tables.rows as { schema: string; table: string }[]) {
    const name = `${schema}.${table}`;
    if (IGNORED_TABLES.has(name)) continue;
    const moving = (MOVING_COLUMNS[name] ?? []).map((column) => `'${column}'`).join(', ');
    statements.push(
      `create or replace trigger frilo_write_watch after insert or update or delete on ${quote(schema)}.${quote(table)}
         for each row execute function ${WATCH_SCHEMA}.count_write(${moving})`,
    );
  }
  await t.sql(statements.join(';\n'));
}

const WRITE_COUNT = `select last_value::text || ':' || is_called::text as n from ${WATCH_SCHEMA}.writes`;

export interface Snapshot {
  count: string;
  print: Fingerprint;
}

/**
 * The database as it was before a request, and what changed since. Needs `installWriteWatch`. Keeps the last full
 * fingerprint with the count it was taken at, so a run of refused requests takes one fingerprint, not one each.
 */
export class WriteWatch {
  #cached: Snapshot | undefined;
  #lastRead: string | undefined;
  readonly t: TestApp;
  constructor(t: TestApp) {
    this.t = t;
  }

  /** The write count as this watch last read it (by any of its methods). */
  get lastRead(): string | undefined {
    return this.#lastRead;
  }

  /**
   * The state now, once the queued jobs have run, reused while no row has changed since it was taken. A snapshot is only
   * ever taken with no job waiting, and queueing or running a job writes a row, so an unchanged count also means no job
   * is waiting: then neither the drain nor the fingerprint is needed again.
   */
  async snapshot(): Promise<Snapshot> {
    for (;;) {
      if (this.#cached?.count === (await this.count())) return this.#cached;
      await this.t.drainJobs();
      const count = await this.count();
      const print = await fingerprint(this.t);
      // Taken while nothing wrote (a scheduled job could land in between): else take it again.
      if ((await this.count()) === count) return (this.#cached = { count, print });
    }
  }

  /** How many rows have been written so far: equal counts mean no row of the product changed in between. */
  async count(): Promise<string> {
    const result = await this.t.sql(WRITE_COUNT);
    return (this.#lastRead = (result.rows[0] as { n: string }).n);
  }

  /** Whether any row was written since `before` (the count alone; a row put back as it was counts). */
  async rowsWrittenSince(before: Snapshot): Promise<boolean> {
    return (await this.count()) !== before.count;
  }

  /**
   * The tables changed since `before` (as `changedTables` says them), after the jobs queued since have run: none when no
   * row was written at all (then no job was queued either, and none is waited for).
   */
  async changedSince(before: Snapshot): Promise<string[]> {
    if ((await this.count()) === before.count) return [];
    return changedTables(before.print, (await this.snapshot()).print);
  }
}
