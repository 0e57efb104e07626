// Chooses the database: DATABASE_URL when set, else the embedded PostgreSQL under the data dir.
import pg from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';

export interface Database {
  url: string;
  embedded?: EmbeddedDatabase;
  stop: () => Promise<void>;
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string; log: Logger }): Promise<Database> {
  if (options.databaseUrl) return { url: options.databaseUrl, stop: async () => {} };
  const embedded = await startEmbeddedPostgres(options.dataDir, options.log);
  await ensureDatabase(embedded.url('postgres'), 'frilo');
  return { url: embedded.url('frilo'), embedded, stop: () => embedded.stop() };
}
