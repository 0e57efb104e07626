// DATABASE_POOL_SIZE: how many PostgreSQL connections one process's requests hold at once. A whole number from 1 to
// 500, 20 when unset; anything else stops the start with a message naming the variable (not a pool of NaN).
// JOB_WORKERS: whether the process works the job queues; true when unset, `false` for a process that only answers
// requests; anything else stops the start (a typo must not leave a deployment with no worker, or a web process with).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadConfig } from './config.ts';

describe('DATABASE_POOL_SIZE', () => {
  test('20 when unset or empty', () => {
    assert.equal(loadConfig({}).databasePoolSize, 20);
    assert.equal(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize, 20);
  });

  test('any whole number from 1 to 500 is taken as it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), (size) => {
        assert.equal(loadConfig({ DATABASE_POOL_SIZE: String(size) }).databasePoolSize, size);
      }),
    );
  });

  test('anything else is refused by name', () => {
    const refused = fc.oneof(
      fc.integer({ max: 0 }).map(String),
      fc.integer({ min: 501 }).map(String),
      fc
        .double({ noNaN: true })
        .filter((n) => !Number.isInteger(n))
        .map(String),
      // Text that is no number at all (what Number() reads as a whole number in range is one: " 10 ", "1e1").
      fc.string({ minLength: 1 }).filter((s) => Number.isNaN(Number(s))),
    );
    fc.assert(
      fc.property(refused, (raw) => {
        assert.throws(
          () => loadConfig({ DATABASE_POOL_SIZE: raw }),
          /DATABASE_POOL_SIZE must be a whole number from 1 to 500/,
        );
      }),
    );
  });
});

describe('JOB_WORKERS', () => {
  test('true when unset, empty or true; false only when false', () => {
    assert.equal(loadConfig({}).jobWorkers, true);
    assert.equal(loadConfig({ JOB_WORKERS: '' }).jobWorkers, true);
    assert.equal(loadConfig({ JOB_WORKERS: 'true' }).jobWorkers, true);
    assert.equal(loadConfig({ JOB_WORKERS: 'false' }).jobWorkers, false);
  });

  test('anything else is refused by name', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s !== 'true' && s !== 'false'),
        (raw) => {
          assert.throws(() => loadConfig({ JOB_WORKERS: raw }), /JOB_WORKERS must be true or false/);
        },
      ),
    );
  });
});
