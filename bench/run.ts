// `npm run bench`: prints the product's speed figures, each beside its baseline where it has one.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchFloors } from './floors.ts';
import { benchForgotPassword } from './forgot-password.ts';
import { benchFrontend } from './frontend.ts';
import { BFF_COMMAND, collectedSections, repoRoot, section, startProduct, table } from './lib.ts';
import { benchLoad } from './load.ts';
import { writeReport } from './report.ts';
import { benchCustomers } from './customers.ts';
import { benchInvoices } from './invoices.ts';
import { benchSession } from './session.ts';
import { benchStartup } from './startup.ts';
import { benchEDocuments } from '../bff/src/domain/edocs.bench.ts';
import { benchPdf } from '../bff/src/platform/pdf/pdf.bench.ts';
import { benchPayments } from './payments.ts';
import { benchSending } from './sending.ts';

const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

// Only the benches that load the web app need it built.
if ((wanted('frontend') || wanted('startup')) && !existsSync(join(repoRoot, 'shell', 'dist', 'index.html'))) {
  console.log('Building the web app first (not timed) …');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

if (wanted('startup')) {
  section('Start-up');
  table(await benchStartup());
}

if (wanted('session')) {
  section('getSession under load');
  table(await benchSession());
}

if (wanted('forgot')) {
  section('Forgotten password: a known and an unknown address, interleaved (the medians should match)');
  table(await benchForgotPassword());
}

if (wanted('frontend')) {
  section("Frontend: /login first load and interactive time, each remote's first screen (Chromium)");
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-frontend-'));
  const product = await startProduct(BFF_COMMAND, { DATA_DIR: dataDir, RATE_LIMITS: 'false' });
  try {
    table(await benchFrontend(product.url));
  } finally {
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (wanted('documents')) {
  section('Documents: invoice and payslip PDFs per CPU second, UBL e-invoices, BgMax, pain.001');
  table(await benchPdf());
  table(await benchEDocuments());
}

if (wanted('sending')) {
  section('Sending: send to delivered through the job queue (real SMTP on loopback)');
  table(await benchSending());
}

if (wanted('payments')) {
  section('Payments: BgMax import and the payout batch');
  // Prints its own table: BgMax lines matched with the database, and a payout batch for 10 000 freelancers.
  await benchPayments();
}

if (wanted('customers')) {
  section('Customers: list and search, a million rows');
  // Prints its own table: seeding a million rows takes about 40 s before the measurement.
  await benchCustomers();
}

if (wanted('invoices')) {
  section('Invoices: listInvoices and createInvoice among two million invoices');
  // Prints its own tables: seeding two million invoices takes minutes before the measurement (BENCH_DATA_DIR keeps it).
  await benchInvoices();
}

if (wanted('floors')) {
  section('Floors of the writes: updateInvoice and sendInvoice beside a bare handler with the same statements');
  const floors = await benchFloors();
  table(floors.figures);
  table(floors.ratios);
}

if (wanted('load')) {
  section('Load: login, list, create, update, send at 200 connections for 60 s');
  table(await benchLoad(1));
  section(
    'Load: the same against two BFF processes on one database (target: 0 errors, throughput not below one process)',
  );
  table(await benchLoad(2));
}

const report = await writeReport(collectedSections(), only);
console.log(`\nReport: ${report.markdown} (and ${report.json})`);
