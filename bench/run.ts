// `npm run bench`: prints the product's speed figures, each beside its baseline where it has one.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchForgotPassword } from './forgot-password.ts';
import { benchFrontend } from './frontend.ts';
import { repoRoot, startProduct, table } from './lib.ts';
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

if (!existsSync(join(repoRoot, 'shell', 'dist', 'index.html'))) {
  console.log('Building the web app first (not timed) …');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

if (wanted('startup')) {
  console.log('\n## Start-up');
  table(await benchStartup());
}

if (wanted('session')) {
  console.log('\n## getSession under load');
  table(await benchSession());
}

if (wanted('forgot')) {
  console.log('\n## Forgotten password: a known and an unknown address, interleaved (the medians should match)');
  table(await benchForgotPassword());
}

if (wanted('frontend')) {
  console.log("\n## Frontend: /login first load and interactive time, each remote's first screen (Chromium)");
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-frontend-'));
  const product = await startProduct(['node', 'bff/src/server.ts'], { DATA_DIR: dataDir, RATE_LIMITS: 'false' });
  try {
    table(await benchFrontend(product.url));
  } finally {
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (wanted('documents')) {
  console.log('\n## Documents: invoice and payslip PDFs per CPU second, UBL e-invoices, BgMax, pain.001');
  table(await benchPdf());
  table(await benchEDocuments());
}

if (wanted('sending')) {
  console.log('\n## Sending: send to delivered through the job queue (real SMTP on loopback)');
  table(await benchSending());
}

if (wanted('payments')) {
  // Prints its own table: BgMax lines matched with the database, and a payout batch for 10 000 freelancers.
  await benchPayments();
}

if (wanted('customers')) {
  // Prints its own table: seeding a million rows takes about 40 s before the measurement.
  await benchCustomers();
}

if (wanted('invoices')) {
  // Prints its own tables: seeding two million invoices takes minutes before the measurement (BENCH_DATA_DIR keeps it).
  await benchInvoices();
}
