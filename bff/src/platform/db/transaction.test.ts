// sqlTransaction against a real PostgreSQL: the BEGIN that travels with the first statement, the statements prepared
// by SQL that outlive a rollback, the fallback for values without a literal, and what a failure leaves behind.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sqlRows } from './sql.ts';
import { sqlTransaction } from './transaction.ts';

describe('sqlTransaction', () => {
  let t: TestApp;
  const em = () => t.services.orm.em.fork() as EntityManager;

  before(async () => {
    t = await createTestApp();
    await sqlRows(em(), `create table "tx_probe" ("id" int primary key, "label" text not null, "at" timestamptz)`);
  });
  after(async () => t?.close());

  const labels = async () =>
    (await sqlRows<{ id: number; label: string }>(em(), `select "id", "label" from "tx_probe" order by "id"`)).map(
      (r) => `${r.id}:${r.label}`,
    );

  test('the first statement opens the transaction: a failure after it undoes it, and the connection serves again', async () => {
    await assert.rejects(
      sqlTransaction(em(), async (tx) => {
        await tx.rows(`insert into "tx_probe" ("id", "label") values (?, ?) returning "id"`, [1, 'first']);
        assert.deepEqual(await tx.rows(`select "label" from "tx_probe" where "id" = ?`, [1]), [{ label: 'first' }]);
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    assert.deepEqual(await labels(), []);
    // The same statements again (prepared on the connections by then): committed this time.
    for (let i = 0; i < 25; i++) {
      await sqlTransaction(em(), async (tx) => {
        await tx.rows(`insert into "tx_probe" ("id", "label") values (?, ?) returning "id"`, [1, 'first']);
        await tx.rows(`delete from "tx_probe" where "id" = ? returning "id"`, [1]);
      });
    }
    await sqlTransaction(em(), async (tx) => {
      await tx.rows(`insert into "tx_probe" ("id", "label") values (?, ?) returning "id"`, [1, 'first']);
    });
    assert.deepEqual(await labels(), ['1:first']);
  });

  test('a first statement that fails in the server (a duplicate key) rolls back; the next transaction runs', async () => {
    for (let i = 0; i < 25; i++) {
      await assert.rejects(
        sqlTransaction(em(), (tx) =>
          tx.rows(`insert into "tx_probe" ("id", "label") values (?, ?) returning "id"`, [1, 'again']),
        ),
        /duplicate key/,
      );
    }
    const inserted = await sqlTransaction(em(), (tx) =>
      tx.rows<{ id: number }>(`insert into "tx_probe" ("id", "label") values (?, ?) returning "id"`, [2, 'second']),
    );
    assert.deepEqual(inserted, [{ id: 2 }]);
    assert.deepEqual(await labels(), ['1:first', '2:second']);
  });

  test('a value without a literal (an object, as JSON) still runs, prepared by the protocol', async () => {
    const [row] = await sqlTransaction(em(), (tx) =>
      tx.rows<{ n: number }>(`select jsonb_array_length(?::jsonb -> 'list')::int as "n"`, [{ list: [1, 2] }]),
    );
    assert.equal(row?.n, 2);
  });

  test('any text, number, boolean, null or date as the first statement comes back as it went', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('\u0000')),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
        fc.boolean(),
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }),
        async (label, integer, real, flag, at) => {
          const [row] = await sqlTransaction(em(), (tx) =>
            tx.rows<{ label: string; integer: string; real: number; flag: boolean; none: null; at: string }>(
              `select ?::text as "label", ?::int8 as "integer", ?::float8 as "real",
                 ?::boolean as "flag", ?::text as "none", (extract(epoch from ?::timestamptz) * 1000)::int8 as "at"`,
              [label, integer, real, flag, null, at],
            ),
          );
          assert.equal(row?.label, label);
          assert.equal(Number(row?.integer), integer);
          // -0 is written 0, by this path as by node-postgres's own.
          assert.ok(row?.real === real, `${row?.real} for ${real}`);
          assert.equal(row?.flag, flag);
          assert.equal(row?.none, null);
          assert.equal(Number(row?.at), at.getTime());
        },
      ),
      { numRuns: 150 },
    );
  });

  test('commitWith as the only statement opens, runs and commits in one message', async () => {
    const { rows, committedAt } = await sqlTransaction(em(), (tx) =>
      tx.commitWith<{ id: number }>(
        `insert into "tx_probe" ("id", "label", "at") values (?, ?, now()) returning "id"`,
        [3, "it's third"],
      ),
    );
    assert.deepEqual(rows, [{ id: 3 }]);
    assert.ok(Number.isFinite(committedAt) && Math.abs(committedAt * 1000 - Date.now()) < 60_000);
    assert.deepEqual(await labels(), ['1:first', '2:second', "3:it's third"]);
  });

  test('a transaction that runs no statement sends none, and answers what its work returned', async () => {
    assert.equal(await sqlTransaction(em(), async () => 'nothing to do'), 'nothing to do');
    assert.deepEqual(await labels(), ['1:first', '2:second', "3:it's third"]);
  });
});
