// Benchmark: getSession of the real BFF beside a bare Koa + pg handler running the same SQL, both in
// child processes on one embedded PostgreSQL, 50 connections each (autocannon). Prints the figures.
//   node bff/src/modules/auth/get-session.bench.ts [seconds]
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Koa from 'koa';
import pg from 'pg';
import { openDatabase } from '../../platform/db/database.ts';
import { freePort } from '../../platform/db/embedded-postgres.ts';
import { createLogger } from '../../platform/logger.ts';
import { SESSION_LOOKUP_SQL } from './sessions.ts';
import { hashToken } from './tokens.ts';

interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// autocannon ships no types (and @types/autocannon is not installed); this is all the bench needs of it.
const specifier: string = 'autocannon';
const autocannon = ((await import(specifier)) as { default: (options: object) => Promise<LoadResult> }).default;

const serverEntry = resolve(import.meta.dirname, '../../server.ts');

/** The baseline: the same lookup through plain pg with as many pooled connections as the BFF's ORM. */
async function serveBare(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  const sql = SESSION_LOOKUP_SQL.replace('?', '$1');
  const app = new Koa();
  app.use(async (ctx) => {
    const token = ctx.cookies.get('user_auth_token');
    const { rows } = token ? await pool.query(sql, [hashToken(token)]) : { rows: [] };
    if (!rows[0]) {
      ctx.status = 401;
      return;
    }
    ctx.body = rows[0];
  });
  app.listen(Number(process.env.PORT), '127.0.0.1');
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${url} did not answer`);
}

async function start(args: string[], env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return { url, child };
}

async function demoCookie(url: string): Promise<string> {
  const first = await fetch(`${url}/api/health`);
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1]!;
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const token = /user_auth_token=([^;]+)/.exec(login.headers.getSetCookie().join(';'))![1]!;
  return `user_auth_token=${token}; csrf_token=${csrf}`;
}

/** CPU time (user + system) the process has used, in ms: steadier than wall-clock figures on a busy machine. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 100 Hz ticks
}

async function measure(name: string, server: { url: string; child: ChildProcess }, cookie: string, seconds: number) {
  const options = { url: `${server.url}/api/auth/session`, connections: 50, headers: { cookie } };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, pools
  const cpuBefore = await cpuMs(server.child.pid!);
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = (await cpuMs(server.child.pid!)) - cpuBefore;
  return {
    handler: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'server CPU µs/req': Math.round((cpu * 1000) / Math.max(1, result.requests.total)),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-session-bench-'));
  // As root, embedded PostgreSQL runs as its own user, which must reach the directory.
  await chmod(dataDir, 0o755);
  const database = await openDatabase({ dataDir, log: createLogger('warn') });
  const children: ChildProcess[] = [];
  try {
    const env = {
      DATABASE_URL: database.url,
      NODE_ENV: 'development',
      VALIDATE_RESPONSES: 'false',
      RATE_LIMITS: 'false',
    };
    const bff = await start([serverEntry], env);
    children.push(bff.child);
    const cookie = await demoCookie(bff.url);
    const bare = await start([import.meta.filename, 'bare'], env);
    children.push(bare.child);
    // Interleaved rounds, so a busy moment on the machine does not favour one side.
    const rows: ({ round: number } & Awaited<ReturnType<typeof measure>>)[] = [];
    for (let round = 1; round <= 2; round++) {
      rows.push({ round, ...(await measure('bare Koa + pg (same SQL)', bare, cookie, seconds)) });
      rows.push({ round, ...(await measure('getSession (BFF)', bff, cookie, seconds)) });
    }
    console.table(rows);
    const total = (name: string) => rows.filter((r) => r.handler === name).reduce((sum, r) => sum + r['req/s'], 0);
    const share = total('getSession (BFF)') / total('bare Koa + pg (same SQL)');
    console.log(`getSession reaches ${Math.round(share * 100)}% of the bare handler's throughput.`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'bare') await serveBare();
else if (import.meta.main) await main();
