// A small driver to see where createInvoice's time goes: its own PostgreSQL, the BFF started as the invoices bench
// starts it (production mode) with a CPU profile and a statement counter, a few thousand creates at 20 connections.
// Read the profile with `node bench/read-profile.mjs <PROFILE_DIR>`.
// `node bench/profile-create.ts [seconds] [create|update|send|get|list|customers|session]`; writes the CPU profile, the
// measured window (window.json, on the profile's clock) and the statement counts under PROFILE_DIR (CPU_PROF=0: none).
// PROFILER=perf samples on-CPU time instead (`perf record -e cpu-clock` of the BFF, with V8's perf map for JavaScript
// frames): V8's own profiler samples wall time, so on a busy machine its samples pile up wherever the BFF waits to run
// (socket writes that wake PostgreSQL); read it with `node bench/read-perf.mjs <PROFILE_DIR>`.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '../bff/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../bff/src/platform/db/embedded-postgres.ts';
import { cpuMs, databaseCpuSince, headersFor, login } from './customers.ts';
import { BFF_NODE_FLAGS, load, productionBffEnv, startProduct } from './lib.ts';
import { drafts, makeSendable, ownDrafts, sends, updates } from './writes.ts';

const seconds = Number(process.argv[2] ?? 10);
const operation = process.argv[3] ?? 'create';
const out = process.env.PROFILE_DIR ?? (await mkdtemp(join(tmpdir(), 'frilo-profile-')));
const perf = process.env.PROFILER === 'perf';
const profile = process.env.CPU_PROF !== '0' && !perf;
const dataDir = await mkdtemp(join(tmpdir(), 'frilo-profile-db-'));
const database = await startEmbeddedPostgres(dataDir);
try {
  await ensureDatabase(database.url('postgres'), 'frilo');
  const databaseUrl = database.url('frilo');
  const statementsFile = join(out, 'statements.json');
  const bff = await startProduct(
    [
      process.execPath,
      ...BFF_NODE_FLAGS,
      '--import',
      './bench/count-statements.mjs',
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${out}`] : []),
      ...(perf ? ['--perf-basic-prof', '--interpreted-frames-native-stack'] : []),
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
    // What is sent: no receipt expense (a receipt must be uploaded before an invoice with one can go out).
    const { expenses: _expenses, ...sendBody } = createBody;
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
    if (operation === 'send') await makeSendable(client);
    if (operation === 'update') await updates(post, await ownDrafts(post, createBody), 3);
    else if (operation === 'send') await sends(post, await drafts(post, sendBody, 200));
    else await load({ ...options, duration: 3, requests }); // warm-up
    // Sends need drafts made before the window (about 60 sends a second per core on a quiet machine).
    const toSend = operation === 'send' ? await drafts(post, sendBody, seconds * 60) : [];
    const toUpdate = operation === 'update' ? await ownDrafts(post, createBody) : [];
    process.kill(bff.child.pid!, 'SIGUSR2');
    const postgresPid = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const databaseCpu = await databaseCpuSince(postgresPid);
    const bffBefore = await cpuMs([bff.child.pid!]);
    const recorder = perf
      ? spawn(
          'perf',
          ['record', '-e', 'cpu-clock', '-F', '1999', '-g', '-p', String(bff.child.pid), '-o', join(out, 'perf.data')],
          {
            stdio: ['ignore', 'ignore', 'inherit'],
          },
        )
      : undefined;
    if (recorder) await new Promise((r) => setTimeout(r, 500));
    const windowStart = process.hrtime.bigint() / 1000n;
    const result =
      operation === 'update'
        ? await updates(post, toUpdate, seconds)
        : operation === 'send'
          ? await sends(post, toSend)
          : await load({ ...options, duration: seconds, requests });
    if (recorder) {
      recorder.kill('SIGINT');
      await new Promise((r) => recorder.once('exit', r));
      await writeFile(join(out, 'pid'), String(bff.child.pid));
    }
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
