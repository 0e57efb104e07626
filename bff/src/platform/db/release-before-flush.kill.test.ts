// A commit that lets go of its locks before its WAL is flushed (commitWith's releaseBeforeFlush, decision 0055) still
// answers only once it is durable: PostgreSQL is killed hard (every process, SIGKILL) the moment the answer arrives,
// started again, and the row is there. The same kill after a plain asynchronous commit loses the row, so the test can
// tell: the WAL writer is told to wait 10 s between flushes, and nothing else flushes the WAL in between.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { entities } from '../../entities.ts';
import { createLogger } from '../logger.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';
import { createOrm } from './orm.ts';
import { sqlTransaction } from './transaction.ts';

/** SIGKILL to the postmaster and every process it started: nothing gets to write or flush anything on the way out. */
function killPostgres(dataDir: string): void {
  const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent's pid is the fourth field of /proc/PID/stat, after the command in parentheses.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  for (const pid of [postmaster, ...children]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

describe('a commit released before its flush, then a hard kill of PostgreSQL', () => {
  let dataDir: string;
  let database: EmbeddedDatabase;

  const query = async <R extends object>(text: string, values: unknown[] = []): Promise<R[]> => {
    const client = new pg.Client({ connectionString: database.url('postgres') });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const restart = async () => {
    database = await startEmbeddedPostgres(dataDir);
  };

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'frilo-flush-kill-'));
    database = await startEmbeddedPostgres(dataDir);
    await query(`create table "flush_probe" ("id" int primary key)`);
    await query(`alter system set wal_writer_delay = '10s'`);
    await query(`select pg_reload_conf()`);
  });
  after(async () => {
    await database?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a plain asynchronous commit is lost by the kill (the test can tell)', async () => {
    const client = new pg.Client({ connectionString: database.url('postgres') });
    await client.connect();
    await client.query(`begin; insert into "flush_probe" values (1); set local synchronous_commit = off; commit`);
    assert.deepEqual((await client.query(`select "id" from "flush_probe"`)).rows, [{ id: 1 }], 'committed');
    // Closed before the kill, as the other test closes its pool: a connection's end flushes nothing.
    await client.end();
    killPostgres(dataDir);
    await restart();
    assert.deepEqual(await query(`select "id" from "flush_probe"`), [], 'lost: it was never flushed');
  });

  test('commitWith releasing before the flush answers once the commit is durable', async () => {
    for (const id of [2, 3, 4]) {
      const orm = await createOrm(database.url('postgres'), entities, createLogger('silent'));
      try {
        const { rows } = await sqlTransaction(orm.em.fork() as EntityManager, async (tx) => {
          await tx.rows(`select 1 as "one"`);
          return tx.commitWith<{ id: number }>(`insert into "flush_probe" values (?) returning "id"`, [id], {
            releaseBeforeFlush: true,
          });
        });
        assert.deepEqual(rows, [{ id }]);
      } finally {
        await orm.close();
      }
      killPostgres(dataDir);
      await restart();
      assert.deepEqual(
        (await query<{ id: number }>(`select "id" from "flush_probe" where "id" = $1`, [id])).map((r) => r.id),
        [id],
        `row ${id} survived the kill`,
      );
    }
  });
});
