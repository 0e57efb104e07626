// Sustained load (issue 15; `npm run bench -- load`, not part of `npm test`): the real product in production mode (an
// embedded PostgreSQL of its own, a real SMTP server on loopback for the invoices it sends) under a mixed workload of
// 200 freelancers working at once for 60 s, each on a connection of their own: log in, then list, create, update and
// send invoices, logging in again every tenth round. Every answer must be a success (0 errors); p50 and p99 are
// reported per operation. LOAD_CONNECTIONS and LOAD_SECONDS change the size and the length. `benchLoad(2)` runs the
// same load against two BFF processes on one database (as a scaled-out deployment runs: the same PostgreSQL, secrets
// and files), the connections split between them; `npm run bench -- load` prints one process's run beside two's.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seedPayableFreelancers } from '../bff/test/payout-fixtures.ts';
import { startSmtpInbox } from '../bff/test/smtp-inbox.ts';
import { ApiClient, type ApiResponse, type CallOptions } from '../bff/test/test-app.ts';
import { hashPassword } from '../bff/src/modules/auth/passwords.ts';
import { DataCipher } from '../bff/src/platform/crypto/data-encryption.ts';
import { ensureDatabase } from '../bff/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../bff/src/platform/db/embedded-postgres.ts';
import { readFile } from 'node:fs/promises';
import { cpuMs, databaseCpuSince } from './customers.ts';
import { BFF_NODE_FLAGS, freePort, productionBffEnv, type Started, startProduct } from './lib.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
// LOAD_WARMUP_SECONDS: the same load run first for that long, unmeasured (none by default: the issue's figures are of a
// cold start). A busy hour runs on warm processes; two processes compile and warm up twice in the measured minute.
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 0);
const PASSWORD = 'load-bench-password';
const OPERATIONS = ['login', 'listInvoices', 'createInvoice', 'updateInvoice', 'sendInvoice'] as const;
type Operation = (typeof OPERATIONS)[number];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;

const CUSTOMER = {
  type: 'organization',
  name: 'Lastkund AB',
  governmentId: '5560360793',
  contactPersonEmail: 'kontakt@last.example',
  email: 'ap@last.example',
  invoiceLanguage: 'sv',
  address: { streetName: 'Testgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE' },
};
const row = (quantity: number) => ({
  description: 'Konsulttjänst',
  unitPrice: 95_000,
  quantity,
  unit: 'hour',
  vatPercentage: 25,
});

export async function benchLoad(processes: 1 | 2 = 1): Promise<Record<string, string | number>[]> {
  const smtp = await startSmtpInbox();
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-load-'));
  const metricsPort = await freePort();
  // LOAD_CPU_PROF=DIR: the (first) BFF writes a V8 CPU profile there when it stops (read it with read-profile.mjs);
  // LOAD_PERF=DIR: `perf record` samples its on-CPU time during the load (read it with read-perf.mjs).
  const profile = process.env.LOAD_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`]
    : process.env.LOAD_PERF
      ? ['--perf-basic-prof', '--interpreted-frames-native-stack']
      : [];
  // LOAD_NODE_ARGS: node flags for both BFF processes instead of the product's own (BFF_NODE_FLAGS), to measure one.
  // Two processes (as many as this machine's cores): one garbage-collector helper thread each (README, Several
  // processes).
  const flags =
    process.env.LOAD_NODE_ARGS?.split(' ').filter(Boolean) ??
    (processes === 2 ? [...BFF_NODE_FLAGS, '--v8-pool-size=1'] : BFF_NODE_FLAGS);
  // The database's connections shared between the processes (20 for one, 10 each for two), as a deployment sizes its
  // pools; LOAD_POOL_SIZE sets each process's instead.
  const poolSize = Number(process.env.LOAD_POOL_SIZE ?? 20 / processes);
  // In production mode, as a busy hour runs (no response validation, no dev mailbox), on one PostgreSQL of its own.
  const database = await startEmbeddedPostgres(dataDir);
  const databaseUrl = database.url('frilo');
  const environment = (port: number) =>
    productionBffEnv(databaseUrl, {
      DATA_DIR: dataDir,
      FILES_DIR: join(dataDir, 'files'),
      DATABASE_POOL_SIZE: String(poolSize),
      SEED_DEMO_DATA: 'false',
      SMTP_URL: smtp.url,
      METRICS_PORT: String(port),
      // A busy hour delivers what it sends: every process works the queues (each send's email reaches the inbox).
      JOB_WORKERS: 'true',
    });
  let product: Started;
  try {
    await ensureDatabase(database.url('postgres'), 'frilo');
    product = await startProduct(['node', ...flags, ...profile, 'bff/src/server.ts'], environment(metricsPort));
  } catch (error) {
    // No PostgreSQL left running behind a product that did not start (the finally below stops it otherwise).
    await database.stop();
    throw error;
  }
  const latencies = new Map<Operation, number[]>(OPERATIONS.map((op) => [op, []]));
  const errors: string[] = [];
  const secondMetricsPort = await freePort();
  let second: Started | undefined;
  try {
    if (processes === 2) {
      second = await startProduct(['node', ...flags, 'bff/src/server.ts'], environment(secondMetricsPort));
    }
    const servers = second ? [product, second] : [product];
    const metricsPorts = second ? [metricsPort, secondMetricsPort] : [metricsPort];
    // Freelancers who can send (a personal identity number and sealed bank details), made in the database.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const cipher = new DataCipher(Buffer.from(productionBffEnv('').DATA_ENCRYPTION_KEY!, 'base64'));
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
    const { userIds } = await seedPayableFreelancers(client, cipher, {
      count: CONNECTIONS,
      registeredOn: today,
      tag: 'load',
    });
    await client.query(`update app_user set password_hash = $2 where id = any($1)`, [
      userIds,
      await hashPassword(PASSWORD),
    ]);
    const emails = (
      await client.query<{ email: string }>(`select email from app_user where id = any($1) order by email`, [userIds])
    ).rows.map((r) => r.email);
    await client.end();

    let measuring = WARMUP_SECONDS === 0;
    const timed = async (op: Operation, call: () => Promise<{ status: number; body: unknown }>) => {
      const started = performance.now();
      try {
        const res = await call();
        const ms = performance.now() - started;
        if (res.status >= 300) errors.push(`${op} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        else if (measuring) latencies.get(op)!.push(ms);
        return res;
      } catch (error) {
        errors.push(`${op} ${(error as Error).message}`);
        return undefined;
      }
    };

    let end = Date.now() + SECONDS * 1000;
    // The BFF's resident memory every 5 s: its peak, and whether it grows after the first minute.
    const rss: { at: number; mib: number }[] = [];
    const loadStarted = Date.now();
    const sampler = setInterval(() => {
      void Promise.all(servers.map((server) => residentMiB(server.child.pid!))).then(
        (mibs) => mibs.every(Boolean) && rss.push({ at: Date.now() - loadStarted, mib: Math.max(...mibs) }),
      );
    }, 5000);
    const worker = async (email: string, index: number) => {
      const api = new BehindTlsProxy(servers[index % servers.length]!.url);
      await timed('login', () => api.call('login', { body: { email, password: PASSWORD } }));
      const customer = await api.call('createCustomer', { body: CUSTOMER });
      for (let round = 1; Date.now() < end; round++) {
        if (round % 10 === 0) await timed('login', () => api.call('login', { body: { email, password: PASSWORD } }));
        await timed('listInvoices', () => api.call('listInvoices', { query: { pageSize: 20 } }));
        const created = await timed('createInvoice', () =>
          api.call('createInvoice', { body: { recipientId: customer.body.id, rows: [row(8)] } }),
        );
        const draft = created?.body as { id: string; version: number } | undefined;
        if (!draft?.id) continue;
        await timed('updateInvoice', () =>
          api.call('updateInvoice', {
            params: { invoiceId: draft.id },
            body: { version: draft.version, recipientId: customer.body.id, rows: [row(10)] },
          }),
        );
        await timed('sendInvoice', () => api.call('sendInvoice', { params: { invoiceId: draft.id } }));
      }
    };
    // CPU during the load: the BFF process(es) (argon2's threads included), PostgreSQL's processes, this generator.
    const bffPids = servers.map((server) => server.child.pid!);
    const postmasterPid = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    let holdBefore = new Map<number, number>();
    if (WARMUP_SECONDS > 0) {
      end = Date.now() + WARMUP_SECONDS * 1000;
      await Promise.all(emails.map(worker));
      measuring = true;
      end = Date.now() + SECONDS * 1000;
      holdBefore = await holdBuckets(metricsPorts);
    }
    const recorder = process.env.LOAD_PERF
      ? spawn(
          'perf',
          [
            'record',
            '-e',
            'cpu-clock',
            '-F',
            '999',
            '-g',
            '-p',
            String(product.child.pid),
            '-o',
            join(process.env.LOAD_PERF, 'perf.data'),
          ],
          { stdio: ['ignore', 'ignore', 'inherit'] },
        )
      : undefined;
    const bffBefore = await cpuMs(bffPids);
    const databaseCpu = await databaseCpuSince(postmasterPid);
    const generatorBefore = process.cpuUsage();
    const started = performance.now();
    const startedAt = new Date();
    await Promise.all(emails.map(worker));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (recorder) {
      recorder.kill('SIGINT');
      await new Promise((r) => recorder.once('exit', r));
    }
    const bffCpu = (await cpuMs(bffPids)) - bffBefore;
    const dbCpu = await databaseCpu();
    const delivery = await deliveryPace(databaseUrl, startedAt);
    const generator = process.cpuUsage(generatorBefore);
    const generatorCpu = (generator.user + generator.system) / 1000;

    const rows: Record<string, string | number>[] = [];
    let total = 0;
    for (const op of OPERATIONS) {
      const sorted = latencies.get(op)!.sort((a, b) => a - b);
      total += sorted.length;
      rows.push({
        operation: op,
        requests: sorted.length,
        'per second': Math.round(sorted.length / seconds),
        'p50 ms': Math.round(percentile(sorted, 0.5)),
        'p99 ms': Math.round(percentile(sorted, 0.99)),
      });
    }
    rows.push({
      operation: `all (${CONNECTIONS} connections, ${SECONDS} s${WARMUP_SECONDS ? ` after ${WARMUP_SECONDS} s unmeasured` : ''}, ${processes} BFF process${processes === 2 ? 'es' : ''}, ${poolSize} database connections each)`,
      requests: total,
      'per second': Math.round(total / seconds),
      'p50 ms': '',
      'p99 ms': '',
    });
    rows.push({ operation: 'errors', requests: errors.length, 'per second': '', 'p50 ms': '', 'p99 ms': '' });
    const perRequest = (ms: number) => `${Math.round((ms * 1000) / total)} µs per request (${Math.round(ms / 1000)} s)`;
    rows.push({
      operation: `CPU: BFF ${perRequest(bffCpu)}; PostgreSQL ${perRequest(dbCpu)}; load generator ${perRequest(generatorCpu)}`,
      requests: '',
      'per second': '',
      'p50 ms': '',
      'p99 ms': '',
    });
    // The send's critical section: how long each send held the one number series (the BFF's histogram, read from its
    // metrics endpoint; a percentile is the upper bound of its bucket). Target p99 < 2 ms.
    const hold = await seriesHold(metricsPorts, holdBefore);
    rows.push({
      operation: `number series held per send (${hold.count} sends, ${hold.within2ms} of them ≤ 2 ms; target p99 < 2 ms)`,
      requests: hold.count,
      'per second': '',
      'p50 ms': hold.p50,
      'p99 ms': hold.p99,
    });
    // Whether the deliveries keep pace with the sends: what the job workers (the PDF, the email to the inbox) had
    // delivered of the documents sent in the measured seconds by their end, and how long from send to delivery.
    rows.push({
      operation: `emails delivered by the end of the run: ${delivery.delivered} of ${delivery.sent} sent (${delivery.pending} still pending); time from send to delivery p50 / p99 ms`,
      requests: delivery.sent,
      'per second': '',
      'p50 ms': delivery.p50,
      'p99 ms': delivery.p99,
    });
    const p99 = (op: Operation) => percentile(latencies.get(op)!, 0.99);
    const sendOverCreate = Math.round((p99('sendInvoice') / p99('createInvoice')) * 100) / 100;
    rows.push({
      operation: `sendInvoice p99 / createInvoice p99: ${sendOverCreate}× (target ≤ 1.5×, ${sendOverCreate <= 1.5 ? 'met' : 'missed'})`,
      requests: '',
      'per second': '',
      'p50 ms': '',
      'p99 ms': '',
    });
    const peak = Math.max(...rss.map((r) => r.mib));
    // Growth: the peak of the run's last minute against the peak of its second minute. One sample against another
    // measures where the garbage collector stood at each (the young generation alone is up to 192 MiB); peaks over a
    // minute each compare what the heap keeps. RSS_SAMPLES=1 prints every sample.
    const peakBetween = (from: number, to: number) =>
      Math.max(...rss.filter((r) => r.at >= from && r.at < to).map((r) => r.mib));
    const lastMs = rss.at(-1)?.at ?? 0;
    const growth = lastMs >= 120_000 ? peakBetween(lastMs - 60_000, Infinity) - peakBetween(60_000, 120_000) : NaN;
    if (process.env.RSS_SAMPLES) console.error(JSON.stringify(rss));
    rows.push({
      operation: `BFF peak RSS ${peak} MiB${second ? ' (the larger process)' : ''}; growth (last minute's peak against the second's) ${Number.isNaN(growth) ? 'n/a (run under 2 min)' : `${growth} MiB`}`,
      requests: '',
      'per second': '',
      'p50 ms': '',
      'p99 ms': '',
    });
    if (errors.length) console.error(`First errors:\n${errors.slice(0, 10).join('\n')}`);
    return rows;
  } finally {
    await second?.stop();
    await product.stop();
    await database.stop();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The client of a production BFF behind its TLS proxy (which it trusts, and sets secure cookies only behind). */
class BehindTlsProxy extends ApiClient {
  override request(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse> {
    return super.request(method, url, { ...options, headers: { 'x-forwarded-proto': 'https', ...options.headers } });
  }
}

/**
 * The invoices' documents made since `since` and how many of them the job workers had delivered, with p50 / p99 of the
 * time from the document's creation to its delivery (ms; of the delivered).
 */
async function deliveryPace(
  databaseUrl: string,
  since: Date,
): Promise<{ sent: number; delivered: number; pending: number; p50: number | string; p99: number | string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string; ms: number | null }>(
      `select "delivery_state" as "state", extract(epoch from ("delivered_at" - "created_at")) * 1000 as "ms"
         from "outgoing_document" where "kind" = 'invoice' and "created_at" >= $1`,
      [since],
    );
    const delivered = rows.flatMap((row) => (row.state === 'delivered' && row.ms !== null ? [Number(row.ms)] : []));
    delivered.sort((a, b) => a - b);
    return {
      sent: rows.length,
      delivered: delivered.length,
      pending: rows.filter((row) => row.state === 'pending').length,
      p50: delivered.length ? Math.round(percentile(delivered, 0.5)) : '',
      p99: delivered.length ? Math.round(percentile(delivered, 0.99)) : '',
    };
  } finally {
    await client.end();
  }
}

/** A process's resident memory in MiB (VmRSS), or 0 when it is gone. */
async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

/**
 * p50 and p99 (ms, the upper bound of the bucket) of frilo_invoice_number_series_hold_seconds from each process's
 * /metrics, the processes' buckets added up, and the share of sends that held it 2 ms or less. HOLD_BUCKETS=1 prints
 * the buckets themselves.
 */
async function seriesHold(
  ports: number[],
  before = new Map<number, number>(),
): Promise<{ count: number; p50: number | string; p99: number | string; within2ms: string }> {
  const byBound = await holdBuckets(ports);
  const buckets = [...byBound].map(([le, n]) => ({ le, n: n - (before.get(le) ?? 0) })).sort((a, b) => a.le - b.le);
  const count = buckets.at(-1)?.n ?? 0;
  const at = (q: number) => {
    const bucket = buckets.find((b) => b.n >= q * count);
    if (!count || !bucket) return 'n/a';
    return bucket.le === Infinity ? '> 1000' : `≤ ${Math.round(bucket.le * 100_000) / 100}`;
  };
  if (process.env.HOLD_BUCKETS) console.error(JSON.stringify(buckets));
  const within = buckets.find((b) => b.le === 0.002)?.n ?? 0;
  return {
    count,
    p50: at(0.5),
    p99: at(0.99),
    within2ms: count ? `${Math.round((within / count) * 1000) / 10} %` : 'n/a',
  };
}

/** The processes' frilo_invoice_number_series_hold_seconds buckets added up: upper bound (s) → sends so far. */
async function holdBuckets(ports: number[]): Promise<Map<number, number>> {
  const byBound = new Map<number, number>();
  for (const port of ports) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    for (const m of text.matchAll(/^frilo_invoice_number_series_hold_seconds_bucket\{le="([^"]+)"\} (\d+)/gm)) {
      const le = m[1] === '+Inf' ? Infinity : Number(m[1]);
      byBound.set(le, (byBound.get(le) ?? 0) + Number(m[2]));
    }
  }
  return byBound;
}

if (import.meta.main) console.table(await benchLoad(process.env.LOAD_PROCESSES === '2' ? 2 : 1));
