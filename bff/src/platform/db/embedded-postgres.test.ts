// The embedded PostgreSQL as root (a container's default user): PostgreSQL runs as the `postgres` user, which must be
// able to reach DATA_DIR. A DATA_DIR inside a directory closed to it (such as /root, mode 0700) stops the start at
// once with a message naming the directory and the fix, instead of initdb's bare "Permission denied".
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { firstClosedDirectory, startEmbeddedPostgres } from './embedded-postgres.ts';

const asRoot = process.getuid?.() === 0;

describe('the embedded PostgreSQL and directories closed to it', () => {
  test('the first directory a user may not pass through, from / down', async () => {
    const base = await mkdtemp(join(tmpdir(), 'frilo-closed-'));
    try {
      await mkdir(join(base, 'open', 'closed', 'inner'), { recursive: true });
      await chmod(join(base, 'open'), 0o755);
      await chmod(join(base, 'open', 'closed'), 0o700);
      const stranger = { uid: 54321, gid: 54321 };
      await chmod(base, 0o755);
      assert.equal(firstClosedDirectory(join(base, 'open', 'closed', 'inner'), stranger), join(base, 'open', 'closed'));
      assert.equal(firstClosedDirectory(join(base, 'open'), stranger), undefined);
      // Its owner may pass; a directory not created yet is left to whoever creates it.
      assert.equal(
        firstClosedDirectory(join(base, 'open', 'closed', 'inner'), { uid: process.getuid!(), gid: 1 }),
        undefined,
      );
      assert.equal(firstClosedDirectory(join(base, 'open', 'missing', 'deeper'), stranger), undefined);
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });

  test('as root, a DATA_DIR inside a 0700 directory stops at once, naming the directory and the fix', {
    skip: !asRoot && 'needs root',
  }, async () => {
    const locked = await mkdtemp(join(tmpdir(), 'frilo-root-home-'));
    await chmod(locked, 0o700);
    const dataDir = join(locked, 'frilo', 'data');
    try {
      const started = performance.now();
      await assert.rejects(startEmbeddedPostgres(dataDir), (error: Error) => {
        assert.match(error.message, new RegExp(`DATA_DIR ${dataDir.replaceAll('/', '\\/')}`));
        assert.match(error.message, new RegExp(`may not enter ${locked.replaceAll('/', '\\/')} \\(mode 0700`));
        assert.match(error.message, /Set DATA_DIR to a directory outside it/);
        assert.match(error.message, new RegExp(`chmod o\\+x ${locked.replaceAll('/', '\\/')}`));
        return true;
      });
      assert.ok(performance.now() - started < 2000, 'no initdb was tried');
      assert.equal(existsSync(join(locked, 'frilo')), false, 'nothing is left behind');

      // The product itself: the server exits with the message instead of PostgreSQL's "Permission denied".
      const server = spawnSync(process.execPath, [resolve(import.meta.dirname, '../../server.ts')], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(server.status, 1);
      assert.match(server.stderr, /may not enter .* \(mode 0700/);
      assert.doesNotMatch(server.stderr, /Permission denied/);
    } finally {
      await rm(locked, { recursive: true, force: true });
    }
  });
});
