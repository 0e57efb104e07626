// getSession under load (autocannon, 50 connections) beside a bare Koa + pg handler running the same
// SQL on the same database, in the same run.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDatabase } from '../bff/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../bff/src/platform/db/embedded-postgres.ts';
import {
  BFF_COMMAND,
  freePort,
  load,
  productionBffEnv,
  ratioRows,
  repoRoot,
  startProduct,
  type Measured,
  waitForHealth,
} from './lib.ts';

async function login(url: string): Promise<string> {
  const headers = { 'x-forwarded-proto': 'https' };
  const first = await fetch(`${url}/api/health`, { headers });
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const jsonHeaders = {
    ...headers,
    'content-type': 'application/json',
    cookie: `csrf_token=${csrf}`,
    'x-csrf-token': csrf,
  };
  // Production seeds no demo account: sign one up (an unconfirmed user still has a session).
  const signUp = await fetch(`${url}/api/auth/sign-up`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({
      email: 'bench@example.com',
      password: 'bench-password',
      passwordConfirmation: 'bench-password',
      firstName: 'Bench',
      lastName: 'Mark',
      acceptTerms: true,
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const token = /user_auth_token=([^;]+)/.exec(response.headers.getSetCookie().join(';'))?.[1];
  if (!token) throw new Error('login set no session cookie');
  // Login binds a new CSRF token to the session; a browser keeps it, so every later answer leaves it alone.
  const bound = /csrf_token=([^;]+)/.exec(response.headers.getSetCookie().join(';'))?.[1];
  if (!bound) throw new Error('login set no CSRF cookie bound to the session');
  return `user_auth_token=${token}; csrf_token=${bound}`;
}

export async function benchSession(): Promise<Record<string, string | number>[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-session-'));
  const database = await startEmbeddedPostgres(dataDir);
  try {
    await ensureDatabase(database.url('postgres'), 'frilo');
    const databaseUrl = database.url('frilo');
    // Production settings: no response validation, secure cookies (behind a TLS proxy), info logs.
    const bff = await startProduct(BFF_COMMAND, productionBffEnv(databaseUrl, { LOG_LEVEL: 'info' }));
    const rows: Record<string, string | number>[] = [];
    try {
      const cookie = await login(bff.url);
      const basePort = await freePort();
      const bare = spawn('node', ['bench/bare-session-server.ts'], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(basePort) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const bareUrl = `http://127.0.0.1:${basePort}`;
      try {
        await waitForHealthOrSession(bareUrl, cookie);
        const request = { headers: { cookie, 'x-forwarded-proto': 'https' }, connections: 50 };
        const bffPid = bff.child.pid!;
        // Warm both (JIT, pools), then interleave rounds so a busy moment does not favour one side.
        await load({ url: `${bff.url}/api/auth/session`, ...request, duration: 3 });
        await load({ url: `${bareUrl}/api/auth/session`, ...request, duration: 3 });
        for (let round = 1; round <= 2; round++) {
          for (const [label, url, pid] of [
            ['getSession (BFF)', bff.url, bffPid],
            ['bare Koa + pg, same SQL', bareUrl, bare.pid!],
          ] as const) {
            const cpuBefore = await cpuMs(pid);
            const result = await load({ url: `${url}/api/auth/session`, ...request, duration: 10 });
            const cpu = (await cpuMs(pid)) - cpuBefore;
            rows.push({
              round,
              handler: label,
              'req/s': result.rps,
              'p50 ms': result.p50,
              'p99 ms': result.p99,
              'server CPU µs/req': Math.round((cpu * 1000) / Math.max(1, result.requests)),
              non2xx: result.non2xx,
              errors: result.errors,
            });
          }
        }
        const avg = (handler: string) => {
          const mine = rows.filter((r) => r.handler === handler).map((r) => Number(r['req/s']));
          return mine.reduce((a, b) => a + b, 0) / mine.length;
        };
        rows.push({
          round: '',
          handler: 'BFF / bare throughput (target ≥ 50 %, p99 < 30 ms)',
          'req/s': `${Math.round((avg('getSession (BFF)') / avg('bare Koa + pg, same SQL')) * 100)} %`,
        });
        // Issue 23's targets: the ratios to the floor (the bare handler) of the rounds' means.
        const mean = (handler: string): Measured => {
          const mine = rows.filter((r) => r.handler === handler);
          const of = (key: string) => mine.reduce((sum, r) => sum + Number(r[key]), 0) / mine.length;
          return { rps: of('req/s'), p99: of('p99 ms'), cpuMicros: of('server CPU µs/req') };
        };
        rows.push(...ratioRows('getSession', mean('getSession (BFF)'), mean('bare Koa + pg, same SQL')));
      } finally {
        bare.kill('SIGTERM');
      }
    } finally {
      await bff.stop();
    }
    return rows;
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** CPU time (user + system) a process has used, in ms: steadier than wall-clock figures on a busy machine. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function waitForHealthOrSession(url: string, cookie: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const response = await fetch(`${url}/api/auth/session`, { headers: { cookie } });
      if (response.status === 200) return;
      throw new Error(`bare handler answered ${response.status}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('bare handler')) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  void waitForHealth;
  throw new Error('the bare handler did not start');
}
