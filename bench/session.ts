// getSession under load (autocannon, 50 connections) beside a bare Koa + pg handler running the same
// SQL on the same database, in the same run.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDatabase } from '../bff/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../bff/src/platform/db/embedded-postgres.ts';
import { freePort, load, repoRoot, startProduct, waitForHealth } from './lib.ts';

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
  return `user_auth_token=${token}; csrf_token=${csrf}`;
}

export async function benchSession(): Promise<Record<string, string | number>[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-session-'));
  const database = await startEmbeddedPostgres(dataDir);
  try {
    await ensureDatabase(database.url('postgres'), 'frilo');
    const databaseUrl = database.url('frilo');
    // Production settings: no response validation, secure cookies (behind a TLS proxy), info logs.
    const bff = await startProduct(['node', 'bff/src/server.ts'], {
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'info',
    });
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
        const request = { headers: { cookie, 'x-forwarded-proto': 'https' }, connections: 50, duration: 10 };
        // Warm both (JIT, pools), then measure each alone on the machine.
        await load({ url: `${bff.url}/api/auth/session`, ...request, duration: 3 });
        await load({ url: `${bareUrl}/api/auth/session`, ...request, duration: 3 });
        const app = await load({ url: `${bff.url}/api/auth/session`, ...request });
        const base = await load({ url: `${bareUrl}/api/auth/session`, ...request });
        rows.push({
          measure: 'getSession (BFF, 50 connections)',
          'req/s': app.rps,
          'p50 ms': app.p50,
          'p99 ms': app.p99,
          non2xx: app.non2xx,
          errors: app.errors,
        });
        rows.push({
          measure: 'bare Koa + pg, same SQL',
          'req/s': base.rps,
          'p50 ms': base.p50,
          'p99 ms': base.p99,
          non2xx: base.non2xx,
          errors: base.errors,
        });
        rows.push({
          measure: 'BFF / bare throughput',
          'req/s': `${Math.round((app.rps / base.rps) * 100)} % (target ≥ 50 %)`,
          'p50 ms': '',
          'p99 ms': `target < 30`,
          non2xx: '',
          errors: '',
        });
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
