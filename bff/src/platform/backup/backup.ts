// Backups of everything Frilo keeps: the database (every table of the application and of its job queue, read in one
// snapshot with PostgreSQL's COPY) and the stored files (receipts, PDFs, payout files), with a manifest of what each
// file holds and its SHA-256. `npm run backup` / `npm run restore` (bff/scripts/) are the commands; decision 0017 says
// why COPY and not pg_dump (the embedded PostgreSQL ships no pg_dump, and the system's is older than the server).
//
// A backup directory:
//   manifest.json          format, time, the migrations the schema was at, every table and file with its SHA-256
//   tables/<schema>.<table>.copy   the rows, in COPY's text format
//   files/<key>            each stored file, byte for byte
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { checkStorageKey, type FileStorage } from '../storage/storage.ts';

export const BACKUP_FORMAT = 'frilo-backup-1';

/** The schemas that hold Frilo's data: the application's, and pg-boss's queued jobs (sends, emails, payouts). */
const SCHEMAS = ['public', 'pgboss'];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The migrations applied to the database when it was read: a restore needs the same code. */
  migrations: string[];
  /** Each table's stored columns (generated ones are computed again), in the order of its file's fields. */
  tables: { name: string; columns: string[]; rows: number; sha256: string }[];
  sequences: { name: string; value: string; called: boolean }[];
  files: { key: string; size: number; sha256: string }[];
}

/** Counts and hashes what flows through, unchanged. */
function digest(): Transform & { sha256: () => string; bytes: () => number } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(stream, { sha256: () => hash.digest('hex'), bytes: () => bytes });
}

const quoted = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

const quotedColumn = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables to copy: plain and partitioned tables, not the partitions themselves (their parent's COPY routes rows). */
async function tablesOf(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1)
      order by 1`,
    [SCHEMAS],
  );
  return rows.map((r) => r.name);
}

/** A table's columns that hold data: not dropped ones, not generated ones (PostgreSQL computes those again). */
async function storedColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [quoted(table)],
  );
  return rows.map((r) => r.name);
}

export async function backupTo(options: { databaseUrl: string; storage: FileStorage; dir: string }) {
  const { databaseUrl, storage, dir } = options;
  await mkdir(join(dir, 'tables'), { recursive: true });
  await mkdir(join(dir, 'files'), { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    migrations: [],
    tables: [],
    sequences: [],
    files: [],
  };
  try {
    // One snapshot for every table: the rows agree with each other as they did at one moment.
    await client.query('begin isolation level repeatable read, read only');
    manifest.migrations = (
      await client.query<{ name: string }>(`select name from mikro_orm_migrations order by id`)
    ).rows.map((r) => r.name);
    for (const table of await tablesOf(client)) {
      const columns = await storedColumns(client, table);
      const file = join(dir, 'tables', `${table}.copy`);
      const counter = digest();
      const list = columns.map(quotedColumn).join(', ');
      const source = client.query(copyTo(`copy (select ${list} from ${quoted(table)}) to stdout`));
      await pipeline(source, counter, createWriteStream(file));
      const rows = Number((source as unknown as { rowCount: number }).rowCount ?? 0);
      manifest.tables.push({ name: table, columns, rows, sha256: counter.sha256() });
    }
    const sequences = await client.query<{ name: string; value: string; called: boolean }>(
      `select s.schemaname || '.' || s.sequencename as name, coalesce(s.last_value, 1)::text as value,
              s.last_value is not null as called
         from pg_sequences s where s.schemaname = any($1) order by 1`,
      [SCHEMAS],
    );
    manifest.sequences = sequences.rows;
    await client.query('commit');
  } finally {
    await client.end();
  }
  // Files after the database: a file the rows name was stored before its row was committed, so every file the
  // snapshot names exists now (files stored since are kept too; they are harmless without rows).
  for await (const key of storage.keys()) {
    const stored = await storage.get(checkStorageKey(key));
    if (!stored) continue; // deleted meanwhile
    const target = join(dir, 'files', key);
    await mkdir(dirname(target), { recursive: true });
    const counter = digest();
    await pipeline(stored.body, counter, createWriteStream(target));
    manifest.files.push({ key, size: counter.bytes(), sha256: counter.sha256() });
  }
  manifest.files.sort((a, b) => a.key.localeCompare(b.key));
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch (error) {
    throw new Error(`${dir} is not a Frilo backup (no readable manifest.json): ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${dir}: unknown backup format ${manifest.format}`);
  return manifest;
}

/** Every file of the backup is there and is what the manifest says: checked before anything is written. */
export async function verifyBackup(dir: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = [];
  for (const table of manifest.tables) {
    const actual = await sha256Of(join(dir, 'tables', `${table.name}.copy`)).catch(() => 'missing');
    if (actual !== table.sha256)
      problems.push(`tables/${table.name}.copy ${actual === 'missing' ? 'is missing' : 'differs'}`);
  }
  for (const file of manifest.files) {
    const actual = await sha256Of(join(dir, 'files', checkStorageKey(file.key))).catch(() => 'missing');
    if (actual !== file.sha256) problems.push(`files/${file.key} ${actual === 'missing' ? 'is missing' : 'differs'}`);
  }
  if (problems.length) throw new Error(`The backup in ${dir} is damaged: ${problems.join('; ')}`);
}

/**
 * Restores a backup into a database whose schema is at the backup's migrations (the caller migrates it and lets the
 * job queue create its tables first) and holds no accounts yet, and its files into `storage`.
 */
export async function restoreFrom(options: { databaseUrl: string; storage: FileStorage; dir: string }) {
  const { databaseUrl, storage, dir } = options;
  const manifest = await readManifest(dir);
  await verifyBackup(dir, manifest);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const migrations = (await client.query<{ name: string }>(`select name from mikro_orm_migrations order by id`)).rows;
    const have = migrations.map((r) => r.name).join('\n');
    if (have !== manifest.migrations.join('\n'))
      throw new Error(
        'The backup was made by another version of Frilo (its migrations differ from this one’s): restore it with the version that made it, then upgrade.',
      );
    const users = await client.query<{ n: number }>(`select count(*)::int as n from app_user`);
    if (users.rows[0]!.n > 0)
      throw new Error('The target database already has accounts: restore into a fresh DATA_DIR or an empty database.');
    const present = new Set(await tablesOf(client));
    const missing = manifest.tables.filter((t) => !present.has(t.name)).map((t) => t.name);
    if (missing.length) throw new Error(`The target database lacks the tables ${missing.join(', ')}`);

    await client.query('begin');
    // Rows go in as they were, in any order: foreign keys and triggers were satisfied when they were read.
    await client.query(`set local session_replication_role = replica`);
    await client.query(`truncate ${manifest.tables.map((t) => quoted(t.name)).join(', ')}`);
    for (const table of manifest.tables) {
      const list = table.columns.map(quotedColumn).join(', ');
      const sink = client.query(copyFrom(`copy ${quoted(table.name)} (${list}) from stdin`));
      await pipeline(createReadStream(join(dir, 'tables', `${table.name}.copy`)), sink);
    }
    for (const sequence of manifest.sequences)
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [
        quoted(sequence.name),
        sequence.value,
        sequence.called,
      ]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  for (const file of manifest.files) {
    const data = await readFile(join(dir, 'files', checkStorageKey(file.key)));
    await storage.put(file.key, data, 'application/octet-stream');
  }
  return manifest;
}
