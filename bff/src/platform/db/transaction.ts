// A transaction in plain SQL on one pooled connection, for the paths where a lock must be held for the least time: its
// statements are prepared (PostgreSQL plans them once per connection), and its last statement can travel with the
// COMMIT in one message, so a row lock that statement takes is released by PostgreSQL itself as soon as the commit is
// durable, without waiting for this process to read the answer and send the COMMIT (under load, that wait is where
// a lock's time goes). docs/decisions/0035-number-taken-last.md. The BEGIN travels with the first statement too, each
// prepared by SQL PREPARE and run by EXECUTE: docs/decisions/0053-begin-and-commit-travel-with-a-statement.md.
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { nativePool, numbered, statementName, type SqlTransaction } from './sql.ts';

export type { SqlTransaction };

/**
 * Runs `work` in a transaction on a connection of `em`'s pool: committed when it returns (unless it committed with
 * `commitWith`), rolled back when it throws.
 */
export async function sqlTransaction<T>(em: EntityManager, work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
  const pool = await nativePool(em);
  const client = await pool.connect();
  let open = true;
  // The BEGIN travels with the transaction's first statement (one round trip fewer for every transaction), or alone
  // before a statement that cannot (pg-boss's, or one with a value that has no literal here).
  let begun = false;
  let broken: Error | undefined;
  const prepared = preparedOn.get(client) ?? new Set<string>();
  preparedOn.set(client, prepared);

  /**
   * `text` prepared by SQL (PREPARE, once per connection) and the EXECUTE of it with `values` as literals: the simple
   * protocol takes several statements in one message (the extended one does not), and PostgreSQL plans the statement
   * once per connection instead of at every call. PREPARE is not undone by a rollback, so once prepared it stays.
   */
  async function executeOf(text: string, values: unknown[]): Promise<string> {
    const name = `${statementName(text)}_c`;
    if (!prepared.has(name)) {
      await client.query(`prepare ${name} as ${text}`);
      prepared.add(name);
    }
    return values.length
      ? `execute ${name}(${values.map((value) => literal(client, value)).join(', ')})`
      : `execute ${name}`;
  }
  async function begin(): Promise<void> {
    if (begun) return;
    begun = true;
    await client.query('begin');
  }

  const tx: SqlTransaction = {
    async rows<R extends object>(text: string, params: unknown[] = []) {
      if (!open) throw new Error('The transaction has ended');
      const statement = numbered(text, params);
      if (!begun && statement.values.every(hasLiteral)) {
        const execute = await executeOf(statement.text, statement.values);
        begun = true;
        const results = (await client.query(`begin;\n${execute}`)) as unknown as pg.QueryResult<R>[];
        return results[1]?.rows ?? [];
      }
      await begin();
      const result = await client.query<R>({ name: statementName(statement.text), ...statement });
      return result.rows;
    },
    async query<R extends object>(text: string, values: unknown[] = []) {
      if (!open) throw new Error('The transaction has ended');
      await begin();
      const result = await client.query<R>(text, values);
      return { rows: result.rows };
    },
    async commitWith<R extends object>(text: string, params: unknown[]) {
      if (!open) throw new Error('The transaction has ended');
      const statement = numbered(text, params);
      const execute = await executeOf(statement.text, statement.values);
      const opening = begun ? [] : ['begin'];
      begun = true;
      // The statement, the COMMIT and a read of the clock run one after the other in the server.
      const results = (await client.query(
        [...opening, execute, 'commit', `select extract(epoch from clock_timestamp())::float8 as "committedAt"`].join(
          ';\n',
        ),
      )) as unknown as pg.QueryResult[];
      open = false;
      const [statementResult, , clock] = results.slice(opening.length);
      const committed = clock?.rows[0] as { committedAt: number } | undefined;
      return { rows: (statementResult?.rows ?? []) as R[], committedAt: Number(committed?.committedAt) };
    },
  };
  try {
    const result = await work(tx);
    if (open) {
      open = false;
      if (begun) await client.query('commit');
    }
    return result;
  } catch (error) {
    // Also after a failed commitWith: the server skipped the rest of that message and the block is aborted.
    open = false;
    if (begun) {
      try {
        await client.query('rollback');
      } catch (rollbackError) {
        broken = rollbackError as Error;
      }
    }
    throw error;
  } finally {
    // A connection whose rollback failed is closed rather than handed to the next request.
    client.release(broken);
  }
}

/** The statements `commitWith` has prepared (by SQL PREPARE) on each connection of the pool. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/** Whether `literal` writes `value`. */
function hasLiteral(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'bigint' ||
    typeof value === 'boolean' ||
    typeof value === 'string' ||
    value instanceof Date
  );
}

/** A value as a literal, for an EXECUTE (see `executeOf`). */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('commitWith: a number must be finite');
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return client.escapeLiteral(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  throw new Error(`commitWith: no literal for ${typeof value}`);
}
