// A small driver to see where createInvoice's time goes: its own PostgreSQL, the BFF started as the invoices bench
// starts it (production mode) with a CPU profile and a statement counter, a few thousand creates at 20 connections.
// Read the profile with `node bench/read-profile.mjs <PROFILE_DIR>`.
// `node bench/profile-create.ts [seconds] [create|update|get|list|customers|session]`; writes the CPU profile, the
// measured window (window.json, on the profile's clock) and the statement counts under PROFILE_DIR (CPU_PROF=0: none).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '../bff/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../bff/src/platform/db/embedded-postgres.ts';
import { cpuMs, databaseCpuSince, headersFor, login } from './customers.ts';
import { load, productionBffEnv, startProduct } from './lib.ts';

const seconds = Number(process.argv[2] ?? 10);
const operation = process.argv[3] ?? 'create';
const out = process.env.PROFILE_DIR ?? (await mkdtemp(join(tmpdir(), 'frilo-profile-')));
const profile = process.env.CPU_PROF !== '0';
const dataDir = await mkdtemp(join(tmpdir(), 'frilo-profile-db-'));
const database = await startEmbeddedPostgres(dataDir);
try {
  await ensureDatabase(database.url('postgres'), 'frilo');
  const databaseUrl = database.url('frilo');
  const statementsFile = join(out, 'statements.json');
  const bff = await startProduct(
    [
      process.execPath,
      '--import',
      './bench/count-statements.mjs',
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${out}`] : []),
      'bff/src/server.ts',
    ],
    productionBffEnv(databaseUrl, { FILES_DIR: join(dataDir, 'files'), COUNT_STATEMENTS_FILE: statementsFile }),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const cookie = await login(bff.url, client);
    const headers = headersFor(cookie);
    const post = async (path: string, body: unknown, method = 'POST') => {
      const r = await fetch(`${bff.url}${path}`, { method, headers, body: JSON.stringify(body) });
      if (r.status >= 300) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as Record<string, unknown>;
    };
    const customer = await post('/api/customers', {
      type: 'organization',
      name: 'Bench Probe AB',
      governmentId: '5560360793',
      contactPersonEmail: 'probe@example.com',
      email: 'probe@example.com',
      invoiceLanguage: 'sv',
      address: { streetName: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm', country: 'SE' },
    });
    const createBody = {
      recipientId: customer.id,
      reference: 'Bench',
      rows: [
        { description: 'Utveckling', unitPrice: 95000, quantity: 7.5, unit: 'hour', vatPercentage: 25 },
        { description: 'Resdag', unitPrice: 450000, quantity: 1, unit: 'day', vatPercentage: 25 },
      ],
      expenses: [{ type: 'receipt', description: 'Tåg', amount: 45900, vatPercentage: 6 }],
    };
    const draft = await post('/api/invoices', createBody);
    const paths: Record<string, string> = {
      get: `/api/invoices/${draft.id}`,
      list: '/api/invoices',
      customers: '/api/customers',
      session: '/api/auth/session',
    };
    const requests =
      operation === 'create'
        ? [{ method: 'POST' as const, path: '/api/invoices', body: JSON.stringify(createBody), headers }]
        : [{ method: 'GET' as const, path: paths[operation] ?? paths.session!, headers }];
    const options = { url: bff.url, connections: 20 };
    if (operation === 'update') await updates(post, createBody, 3);
    else await load({ ...options, duration: 3, requests }); // warm-up
    process.kill(bff.child.pid!, 'SIGUSR2');
    const postgresPid = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const databaseCpu = await databaseCpuSince(postgresPid);
    const bffBefore = await cpuMs([bff.child.pid!]);
    const windowStart = process.hrtime.bigint() / 1000n;
    const result =
      operation === 'update'
        ? await updates(post, createBody, seconds)
        : await load({ ...options, duration: seconds, requests });
    // The measured window on the monotonic clock the CPU profile's timestamps use (µs), to read only its samples.
    await writeFile(
      join(out, 'window.json'),
      JSON.stringify([Number(windowStart), Number(process.hrtime.bigint() / 1000n)]),
    );
    const bffMs = (await cpuMs([bff.child.pid!])) - bffBefore;
    const dbMs = await databaseCpu();
    process.kill(bff.child.pid!, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 300));
    const counted = JSON.parse(await readFile(statementsFile, 'utf8')) as [string, number][];
    const n = result.requests;
    const statements = counted.reduce((sum, [, c]) => sum + c, 0);
    console.log(
      JSON.stringify({
        operation,
        requests: n,
        'req/s': result.rps,
        p50: result.p50,
        p99: result.p99,
        non2xx: result.non2xx,
        'BFF CPU µs/req': Math.round((bffMs * 1000) / n),
        'PG CPU µs/req': Math.round((dbMs * 1000) / n),
        'statements/req': Math.round((statements / n) * 100) / 100,
      }),
    );
    for (const [text, c] of counted) console.log(`${(c / n).toFixed(2)}  ${text.replace(/\s+/g, ' ').slice(0, 220)}`);
  } finally {
    await client.end();
    // SIGINT-like stop lets --cpu-prof write its file (it writes on a normal exit).
    await bff.stop();
  }
} finally {
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`profile dir: ${out}`);

/**
 * updateInvoice as the wizard sends it (the rows changed, with the version the last answer gave), from 20 workers that
 * each edit their own draft for `seconds`. Autocannon cannot carry a version from one answer to the next request.
 */
async function updates(
  post: (path: string, body: unknown, method?: string) => Promise<Record<string, unknown>>,
  createBody: Record<string, unknown>,
  seconds: number,
) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      let invoice = await post('/api/invoices', createBody);
      for (let i = 0; performance.now() < deadline; i++) {
        const started = performance.now();
        invoice = await post(
          `/api/invoices/${invoice.id}`,
          {
            version: invoice.version,
            reference: `Bench ${i}`,
            rows: [{ description: 'Utveckling', unitPrice: 95000 + i, quantity: 7.5, unit: 'hour', vatPercentage: 25 }],
          },
          'PATCH',
        );
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))]!);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    non2xx: 0,
  };
}
