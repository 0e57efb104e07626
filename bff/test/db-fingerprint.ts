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
