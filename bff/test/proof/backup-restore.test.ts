// Backups (issue 15): everything a running Frilo keeps (accounts, invoices sent and draft, receipts and the files
// behind them, queued jobs) is backed up from its database and file storage, and restored into a fresh data dir with
// an embedded PostgreSQL of its own, where every user, invoice and receipt is found again, byte for byte.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFile, chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { createTestApp, type TestApp } from '../test-app.ts';
import { fileForm, tinyPdf, tinyPng } from '../../src/modules/invoices/test-files.ts';
import { freelancer, sentInvoice } from '../../src/modules/payments/test-helpers.ts';
import { swedishCompany } from '../../src/modules/customers/test-data.ts';
import type { Config } from '../../src/platform/config.ts';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded-postgres.ts';
import { LocalFileStorage } from '../../src/platform/storage/local-storage.ts';
import { backupTo } from '../../src/platform/backup/backup.ts';
import { runBackup, runRestore } from '../../src/backup-commands.ts';

const sha256 = async (stream: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** What must survive: every account, invoice and receipt as the database has them, and each receipt's file. */
async function inventory(query: (sql: string) => Promise<pg.QueryResult>, files: LocalFileStorage) {
  const users = (await query(`select id, email, password_hash, government_id from app_user order by id`)).rows;
  const invoices = (
    await query(`select id, owner_id, state, number, ocr_number, total_incl_vat from invoice order by id`)
  ).rows;
  const receipts = (await query(`select id, owner_id, storage_key from receipt order by id`)).rows;
  const receiptFiles = [];
  for (const receipt of receipts) {
    const file = await files.get(receipt.storage_key as string);
    receiptFiles.push(file ? await sha256(file.body) : 'missing');
  }
  const series = (await query(`select next_number from invoice_number_series`)).rows;
  // Sequences go on from where they were, so a new row never collides with a restored one.
  const sequences = (
    await query(`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`)
  ).rows;
  return { users, invoices, receipts, receiptFiles, series, sequences };
}

describe('backup and restore', () => {
  let t: TestApp;
  let work: string;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
    work = await mkdtemp(join(tmpdir(), 'frilo-backup-test-'));
    // The fresh data dir's PostgreSQL runs as `postgres` when the tests run as root: it must pass through (0711).
    await chmod(work, 0o711);
    // Two freelancers with sent and draft invoices and receipts (images and a PDF).
    for (const locale of ['sv', 'en'] as const) {
      const user = await freelancer(t, { locale });
      await sentInvoice(t, user.api);
      const customer = await user.api.call('createCustomer', { body: swedishCompany });
      const row = { description: 'Utkast', unitPrice: 50_000, quantity: 2, unit: 'hour', vatPercentage: 25 };
      const draft = await user.api.call('createInvoice', { body: { recipientId: customer.body.id, rows: [row] } });
      assert.equal(draft.status, 201);
      for (const [data, name, type] of [
        [tinyPng(), 'kvitto.png', 'image/png'],
        [tinyPdf(), 'kvitto.pdf', 'application/pdf'],
      ] as const) {
        const receipt = await user.api.call('uploadReceipt', { form: fileForm(data, name, type) });
        assert.equal(receipt.status, 201, JSON.stringify(receipt.body));
      }
    }
  });
  after(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  const filesOf = (t: TestApp) => t.services.files as LocalFileStorage;

  test('a backup restored into a fresh data dir has every user, invoice and receipt', async () => {
    const source = await inventory((sql) => t.sql(sql), filesOf(t));
    assert.equal(source.users.length, 2);
    assert.equal(source.invoices.length, 4);
    assert.equal(source.receipts.length, 4);
    assert.ok(!source.receiptFiles.includes('missing'));

    const dir = join(work, 'backup');
    const config: Config = { ...t.config, storage: { kind: 'local', directory: filesOf(t).directory } };
    const manifest = await runBackup(config, dir);
    assert.ok(manifest.tables.some((table) => table.name === 'public.invoice' && table.rows === 4));
    assert.ok(
      manifest.tables.some((table) => table.name.startsWith('pgboss.')),
      'the job queue is backed up too',
    );
    // Every stored file: the receipts and the sent invoices' PDFs.
    assert.ok(manifest.files.length >= 6, `${manifest.files.length} files`);

    const fresh = join(work, 'fresh-data');
    const target: Config = {
      ...t.config,
      databaseUrl: undefined,
      dataDir: fresh,
      storage: { kind: 'local', directory: join(fresh, 'files') },
    };
    await runRestore(target, dir);

    // The restored data dir, opened as the product would open it.
    const embedded = await startEmbeddedPostgres(fresh);
    const client = new pg.Client({ connectionString: embedded.url('frilo') });
    await client.connect();
    try {
      const restored = await inventory((sql) => client.query(sql), new LocalFileStorage(join(fresh, 'files')));
      assert.deepEqual(restored, source);
      for (const table of manifest.tables) {
        const count = await client.query(`select count(*)::int as n from ${table.name}`);
        assert.equal(count.rows[0].n, table.rows, table.name);
      }
      // Restoring again into the now-populated database is refused, and changes nothing.
      await client.end();
      await embedded.stop();
      await assert.rejects(runRestore(target, dir), /already has accounts/);
    } finally {
      await client.end().catch(() => undefined);
      await embedded.stop().catch(() => undefined);
    }
  });

  test('a damaged backup is refused before anything is restored', async () => {
    const dir = join(work, 'damaged');
    const manifest = await backupTo({ databaseUrl: t.config.databaseUrl!, storage: filesOf(t), dir });
    await appendFile(join(dir, 'files', manifest.files[0]!.key), 'x');
    const fresh = join(work, 'never-created');
    const target: Config = {
      ...t.config,
      databaseUrl: undefined,
      dataDir: fresh,
      storage: { kind: 'local', directory: join(fresh, 'files') },
    };
    await assert.rejects(runRestore(target, dir), new RegExp(`damaged: files/${manifest.files[0]!.key} differs`));
    await assert.rejects(runRestore(target, join(work, 'nothing-here')), /not a Frilo backup/);
  });
});
