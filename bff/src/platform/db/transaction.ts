// A transaction in plain SQL on one pooled connection, for the paths where a lock must be held for the least time: its
// statements are prepared (PostgreSQL plans them once per connection), and its last statement can travel with the
// COMMIT in one message, so a row lock that statement takes is released by PostgreSQL itself as soon as the commit is
// durable (or, asked to, as soon as it is written, the answer still waiting for the flush: decision 0055), without
// waiting for this process to read the answer and send the COMMIT (under load, that wait is where a lock's time goes).
// docs/decisions/0035-number-taken-last.md. The BEGIN travels with the first statement too, each
// prepared by SQL PREPARE and run by EXECUTE: docs/decisions/0053-begin-and-commit-travel-with-a-statement.md.
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import {
  type CommitOptions,
  executedName,
  executeOf,
  literalsOf,
  nativePool,
  numbered,
  queryNamed,
  rememberingQuery,
  type SqlTransaction,
} from './sql.ts';

export type { SqlTransaction };

/** The database's clock (epoch seconds), read right after a commit. */
const CLOCK = `select extract(epoch from clock_timestamp())::float8 as "committedAt"`;

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
  async function begin(): Promise<void> {
    if (begun) return;
    begun = true;
    await client.query('begin');
  }

  const tx: SqlTransaction = {
    async rows<R extends object>(text: string, params: unknown[] = []) {
      if (!open) throw new Error('The transaction has ended');
      const statement = numbered(text, params);
      const literals = begun ? undefined : literalsOf(statement.values);
      if (literals) {
        const execute = await executeOf(client, statement.text, literals);
        begun = true;
        const results = (await rememberingQuery(client, { text: `begin;\n${execute}` }, [
          undefined,
          executedName(statement.text),
        ])) as pg.QueryResult<R>[];
        return results[1]?.rows ?? [];
      }
      await begin();
      return (await queryNamed<R>(client, statement.text, statement.values)).rows;
    },
    async query<R extends object>(text: string, values: unknown[] = []) {
      if (!open) throw new Error('The transaction has ended');
      await begin();
      // Named, so PostgreSQL plans it once per connection (pg-boss's insert of a job is the same text for a queue).
      return { rows: (await queryNamed<R>(client, text, values)).rows };
    },
    async commitWith<R extends object>(text: string, params: unknown[], options: CommitOptions = {}) {
      if (!open) throw new Error('The transaction has ended');
      const statement = numbered(text, params);
      const literals = literalsOf(statement.values);
      if (!literals) throw new Error('commitWith: a value has no literal (a number must be finite)');
      const execute = await executeOf(client, statement.text, literals);
      const opening = begun ? [] : ['begin'];
      begun = true;
      // The statement, the COMMIT and a read of the clock run one after the other in the server. Released before the
      // flush (decision 0055): the commit lets go of its locks without waiting for its WAL to reach the disk; then a
      // transaction of its own writes a record to the WAL (a logical message, which nothing reads) and commits
      // synchronously, so it waits until the WAL is flushed past that record, and so past this commit: the message
      // is answered only once the commit is durable. (A transaction that writes nothing, even with an id, does not
      // wait for a flush.)
      const early = options.releaseBeforeFlush === true;
      const statements = [
        ...opening,
        execute,
        ...(early ? ['set local synchronous_commit = off'] : []),
        'commit',
        CLOCK,
        ...(early ? ['begin', `select pg_logical_emit_message(true, 'frilo', 'flush')`, 'commit'] : []),
      ];
      // The names of the statements whose row descriptions are kept: the statement's, the clock's, the flush's.
      const names = statements.map((text) =>
        text === execute ? executedName(statement.text) : text.startsWith('select ') ? text : undefined,
      );
      const results = (await rememberingQuery(client, { text: statements.join(';\n') }, names)) as pg.QueryResult[];
      open = false;
      const statementResult = results[opening.length];
      const clock = results[statements.indexOf(CLOCK)];
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
