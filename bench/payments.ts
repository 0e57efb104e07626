// Money in and out, in-process against a real (embedded) PostgreSQL:
// - BgMax lines parsed and matched per second: a file paying 2 000 sent invoices of 40 freelancers, parsed alone, then
//   imported whole (parse, match by OCR, each invoice's state through the status machine, its salary item computed
//   and stored, the freelancer's email queued) in its one transaction;
// - a payout batch for 10 000 freelancers: the payouts computed, the pain.001 file written and stored, all committed
//   (target under 10 s with the file's XSD validation), and the validation itself.
//
// Run alone: `npm run bench -- payments` (or `node bench/payments.ts`).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { nextBankDay } from '../bff/src/domain/bank-days.ts';
import { parseBgMax } from '../bff/src/domain/bgmax.ts';
import { writeBgMax } from '../bff/src/domain/bgmax-writer.ts';
import { ocrReferenceFor } from '../bff/src/domain/ocr.ts';
import { loadConfig } from '../bff/src/platform/config.ts';
import { DataCipher } from '../bff/src/platform/crypto/data-encryption.ts';
import { entities } from '../bff/src/entities.ts';
import { ensureDatabase } from '../bff/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../bff/src/platform/db/embedded-postgres.ts';
import { createOrm, migrate } from '../bff/src/platform/db/orm.ts';
import { createJobs } from '../bff/src/platform/jobs/jobs.ts';
import { createLogger } from '../bff/src/platform/logger.ts';
import { createMailer } from '../bff/src/platform/mail/mailer.ts';
import { LocalFileStorage } from '../bff/src/platform/storage/local-storage.ts';
import { Translations } from '../bff/src/platform/i18n/translations.ts';
import { createBankingService } from '../bff/src/modules/banking/public.ts';
import { createInvoiceServices } from '../bff/src/modules/invoices/public.ts';
import { createPaymentServices } from '../bff/src/modules/payments/module.ts';
import { PAYOUT_NOTIFY_QUEUE } from '../bff/src/modules/payments/payouts.ts';
import { seedPayableFreelancers } from '../bff/test/payout-fixtures.ts';
import { validatePain001 } from '../bff/test/fixtures/edocs/xsd.ts';
import { repoRoot, table } from './lib.ts';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 2_000);
const OWNERS = 40;
const PAYEES = 10_000;

/** `INVOICES` sent invoices (one row each, numbered, with their OCR) of `OWNERS` freelancers with personal numbers. */
async function seedSentInvoices(client: pg.Client): Promise<{ ocr: string; total: number }[]> {
  const owners = await client.query<{ id: string }>(
    `insert into app_user (email, password_hash, first_name, last_name, email_confirmed_at, government_id)
     select 'bench-payer-' || g || '@example.com', 'x', 'Frida', 'Nr ' || g, now(), '198112189876'
     from generate_series(1, $1::int) g returning id`,
    [OWNERS],
  );
  const customers = await client.query<{ id: string; owner_id: string }>(
    `insert into customer (owner_id, type, name, contact_person_email, invoice_language, address_street_name,
       address_postal_code, address_city, address_country)
     select id, 'organization', 'Kund AB', 'kund@example.com', 'sv', 'Gatan 1', '11122', 'Stockholm', 'SE'
     from unnest($1::uuid[]) id returning id, owner_id`,
    [owners.rows.map((r) => r.id)],
  );
  const invoices = Array.from({ length: INVOICES }, (_v, i) => {
    const customer = customers.rows[i % OWNERS]!;
    const net = 100_000 + (i % 97) * 1_000;
    return {
      owner_id: customer.owner_id,
      customer_id: customer.id,
      number: 500_000 + i,
      ocr: ocrReferenceFor(500_000 + i),
      net,
    };
  });
  const ids = await client.query<{ id: string; net: string }>(
    `insert into invoice (owner_id, customer_id, state, number, ocr_number, invoice_date, due_date, late_payment_interest,
       total_excl_vat, total_vat, total_incl_vat, sent_at)
     select v.owner_id, v.customer_id, 'sent', v.number, v.ocr, current_date, current_date + 30, 10, v.net, v.net / 4,
       v.net + v.net / 4, now()
     from jsonb_to_recordset($1::jsonb) as v(owner_id uuid, customer_id uuid, number bigint, ocr text, net bigint)
     returning id, total_excl_vat as net`,
    [JSON.stringify(invoices)],
  );
  await client.query(
    `insert into invoice_row (invoice_id, position, description, unit_price, quantity, unit, vat_percentage)
     select id, 0, 'Konsultarvode', total_excl_vat, 1, 'pcs', 25 from invoice where id = any($1::uuid[])`,
    [ids.rows.map((r) => r.id)],
  );
  return invoices.map((invoice) => ({ ocr: invoice.ocr, total: invoice.net + invoice.net / 4 }));
}

async function queueIdle(client: pg.Client): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const { rows } = await client.query(
      `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`,
    );
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function benchPayments(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-payments-'));
  const database = await startEmbeddedPostgres(dataDir);
  const log = createLogger('warn');
  try {
    await ensureDatabase(database.url('postgres'), 'frilo');
    const databaseUrl = database.url('frilo');
    const orm = await createOrm(databaseUrl, entities, log);
    await migrate(orm);
    const config = {
      ...loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir }),
      databaseUrl,
      staticRoot: repoRoot,
    };
    const jobs = createJobs(databaseUrl, log);
    const mailer = createMailer(config, orm, jobs, log);
    jobs.define({ name: PAYOUT_NOTIFY_QUEUE, retryLimit: 0, retryDelaySeconds: 1, handle: async () => {} });
    await jobs.start();
    const services = { config, orm, log, mailer, jobs, files: new LocalFileStorage(join(dataDir, 'files')) };
    const translations = new Translations(repoRoot);
    // The fixtures seal the accounts with the key the banking service opens them with.
    const cipher = new DataCipher(config.dataEncryptionKey);
    const payments = createPaymentServices(
      services,
      translations,
      createInvoiceServices(services, translations),
      createBankingService(services),
    );
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const em = () => orm.em.fork() as EntityManager;
    try {
      const rows: Record<string, string | number>[] = [];
      const admin = await client.query<{ id: string }>(
        `insert into app_user (email, password_hash, is_admin, email_confirmed_at) values ('bench-admin@example.com', 'x', true, now()) returning id`,
      );
      const by = { adminId: admin.rows[0]!.id, actor: { type: 'admin' as const, userId: admin.rows[0]!.id }, ip: null };

      const invoices = await seedSentInvoices(client);
      const today = payments.payouts.today();
      const file = writeBgMax({
        timestamp: `${today.replaceAll('-', '')}000000000001`,
        receivingBankgiro: '50501238',
        deposits: [
          {
            paymentDate: today,
            serialNumber: '00001',
            payments: invoices.map((invoice, i) => ({
              reference: invoice.ocr,
              amountMinor: invoice.total,
              serialNumber: String(700_000_000_000 + i),
              payerName: 'Kund AB',
            })),
          },
        ],
      });
      const lines = parseBgMax(file).lineCount;
      let parsed = 0;
      const parseStart = performance.now();
      while (performance.now() - parseStart < 2000) {
        parseBgMax(file);
        parsed += lines;
      }
      rows.push({
        measure: `BgMax lines parsed (${lines.toLocaleString('en')}-line file)`,
        value: Math.round(parsed / ((performance.now() - parseStart) / 1000)),
        unit: 'lines/s',
      });
      const importStart = performance.now();
      const result = await payments.incoming.importBgMax(em(), by, { fileName: 'bench.bgmax', bytes: file });
      const importSeconds = (performance.now() - importStart) / 1000;
      if (result.counts.paid !== INVOICES)
        throw new Error(`expected ${INVOICES} paid, got ${JSON.stringify(result.counts)}`);
      rows.push(
        {
          measure: `BgMax lines parsed and matched, with the database (${INVOICES.toLocaleString('en')} payments booked)`,
          value: Math.round(lines / importSeconds),
          unit: 'lines/s',
        },
        {
          measure: '  of which payments booked (state, salary item, email)',
          value: Math.round(INVOICES / importSeconds),
          unit: 'payments/s',
        },
      );
      await queueIdle(client);

      const seedStart = performance.now();
      await seedPayableFreelancers(client, cipher, { count: PAYEES, registeredOn: today, tag: 'bench' });
      const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);
      const day = nextBankDay(today);
      const batchStart = performance.now();
      const batch = await payments.payouts.createBatch(em(), day, by);
      const batchSeconds = (performance.now() - batchStart) / 1000;
      if (batch.batch?.number_of_transactions !== PAYEES) throw new Error(`expected ${PAYEES} payouts in the file`);
      const { bytes } = await payments.payouts.batchFile(em(), batch.batch.id);
      const validateStart = performance.now();
      const xsd = await validatePain001(Buffer.from(bytes).toString('utf8'));
      const validateSeconds = (performance.now() - validateStart) / 1000;
      if (!xsd.valid) throw new Error(`the file is not valid: ${xsd.errors.slice(0, 3).join('; ')}`);
      const total = batchSeconds + validateSeconds;
      rows.push(
        {
          measure: `payout batch, ${PAYEES.toLocaleString('en')} freelancers: computed, written, stored, committed`,
          value: batchSeconds.toFixed(2),
          unit: 's',
        },
        {
          measure: `  its pain.001 file (${(bytes.length / 1e6).toFixed(1)} MB) validated against the XSD`,
          value: validateSeconds.toFixed(2),
          unit: 's',
        },
        { measure: `  together (target < 10 s): ${total < 10 ? 'met' : 'missed'}`, value: total.toFixed(2), unit: 's' },
      );
      console.log(
        `\n## Payments (in-process, embedded PostgreSQL; ${PAYEES.toLocaleString('en')} payees seeded in ${seedSeconds} s)`,
      );
      table(rows);
    } finally {
      await client.end();
      await jobs.stop();
      mailer.close();
      await orm.close();
    }
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPayments();
