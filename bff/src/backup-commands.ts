// What `npm run backup` and `npm run restore` do, on the configuration the server uses (DATA_DIR or DATABASE_URL for
// the database, DATA_DIR/files or S3_* for the files). Beside server.ts because a restore builds the app (its job
// queues) from every module; the copying itself is platform/backup/backup.ts.
import type { Config } from './platform/config.ts';
import { createApp } from './app.ts';
import { entities } from './entities.ts';
import { ensureDatabase } from './platform/db/database.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './platform/db/embedded-postgres.ts';
import { createOrm, migrate } from './platform/db/orm.ts';
import { createJobs } from './platform/jobs/jobs.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createStorage } from './platform/storage/storage.ts';
import { backupTo, readManifest, restoreFrom, verifyBackup, type BackupManifest } from './platform/backup/backup.ts';

/** The product's database: DATABASE_URL, the embedded one a running Frilo serves, or the embedded one started here. */
async function withDatabase<T>(config: Config, work: (url: string) => Promise<T>): Promise<T> {
  if (config.databaseUrl) return work(config.databaseUrl);
  const running = runningEmbeddedUrl(config.dataDir, 'frilo');
  if (running) return work(running);
  const embedded = await startEmbeddedPostgres(config.dataDir);
  try {
    await ensureDatabase(embedded.url('postgres'), 'frilo');
    return await work(embedded.url('frilo'));
  } finally {
    await embedded.stop();
  }
}

export async function runBackup(config: Config, dir: string): Promise<BackupManifest> {
  const log = createLogger('warn');
  return withDatabase(config, (url) =>
    backupTo({ databaseUrl: url, storage: createStorage(config.storage, log), dir }),
  );
}

/**
 * Restores into the configured database and file storage, which must be new (a fresh DATA_DIR, an empty database):
 * the schema is made by this version's migrations and its job queue, then the backup's rows and files go in.
 */
export async function runRestore(config: Config, dir: string): Promise<BackupManifest> {
  const log = createLogger('warn');
  // A damaged backup is refused before the target is touched.
  await verifyBackup(dir, await readManifest(dir));
  return withDatabase(config, async (url) => {
    const orm = await createOrm(url, entities, log);
    try {
      await migrate(orm);
      // The job queue's tables are pg-boss's to make, with every queue the modules define.
      const jobs = createJobs(url, log);
      const files = createStorage(config.storage, log);
      createApp({ config, orm, log, mailer: createMailer(config, orm, jobs, log), jobs, files });
      await jobs.start();
      await jobs.stop();
      return await restoreFrom({ databaseUrl: url, storage: files, dir });
    } finally {
      await orm.close();
    }
  });
}
