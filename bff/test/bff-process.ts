// The real server as a child process, for tests that need what one process cannot show: two BFFs on one database (as
// a scaled-out deployment runs), a SIGKILL in the middle of work and a restart, a backup taken while it runs. Each
// process is `node bff/src/server.ts` with the environment it is given; `database()` gives a test a database of its own
// (a copy of the migrated template, as createTestApp does) that several processes can share.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { ApiClient } from './test-app.ts';

const BFF = resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * What a BFF child inherits from the test process: PATH, and Node's compile cache (scripts/validate.ts sets it) so a
 * child that loads the whole app reuses the code compiled by the ones before it instead of compiling it again (about
 * 0.5 s of CPU per start; the kill and two-process tests start about fifteen).
 */
export function inheritedEnvironment(): Record<string, string> {
  const inherited: Record<string, string> = { PATH: process.env.PATH ?? '' };
  if (process.env.NODE_COMPILE_CACHE) inherited.NODE_COMPILE_CACHE = process.env.NODE_COMPILE_CACHE;
  // The test runner's cheap hashes (decision 0050), in the servers the tests start too.
  if (process.env.PASSWORD_HASH_COST) inherited.PASSWORD_HASH_COST = process.env.PASSWORD_HASH_COST;
  return inherited;
}

export interface TestDatabase {
  url: string;
  /** Runs SQL on it. */
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  /** Runs `statement` (a lock, say) in a transaction of its own that stays open until `release()` commits it (once). */
  hold: (statement: string) => Promise<{ release: () => Promise<void> }>;
  drop: () => Promise<void>;
}

/** A database of the test's own, migrated (copied from the global setup's template). */
export async function database(): Promise<TestDatabase> {
  const adminUrl = process.env.FRILO_TEST_ADMIN_URL;
  const template = process.env.FRILO_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error('Run the BFF tests through `npm test -w bff` (the global setup)');
  const name = `frilo_proc_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
  pool.on('error', () => {});
  return {
    url: url.toString(),
    sql: (text, values) => pool.query(text, values),
    async hold(statement) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query('begin');
      await client.query(statement);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await client.query('commit');
          await client.end();
        },
      };
    },
    async drop() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface BffProcess {
  readonly url: string;
  readonly port: number;
  /** The running child, or undefined once it has exited. */
  readonly child: ChildProcess | undefined;
  /** What it wrote to stderr (and stdout), for a failure's message. */
  readonly output: string[];
  /** A browser-like client of this process (cookies, CSRF, responses checked against the contract). */
  client(): ApiClient;
  /** Starts it (again) on the same port and environment and waits until /api/health answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown at all, as a crash or an OOM kill. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and a clean shutdown. */
  stop(): Promise<void>;
}

export interface BffOptions {
  /** Environment of the process besides PATH, PORT and the defaults below (DATABASE_URL, SMTP_URL…). */
  env: Record<string, string>;
  /** How long start() waits for health. */
  startTimeoutMs?: number;
}

/** A BFF child process on a port of its own (started by `start()`, not here). */
export async function bffProcess(options: BffOptions): Promise<BffProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  let child: ChildProcess | undefined;
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;
  const gone = (running: ChildProcess) =>
    new Promise<void>((done) => {
      if (running.exitCode !== null || running.signalCode !== null) done();
      else running.once('exit', () => done());
    });

  const processHandle: BffProcess = {
    url,
    port,
    get child() {
      return exited() ? undefined : child;
    },
    output,
    client: () => new ApiClient(url),
    async start() {
      if (!exited()) throw new Error('The BFF is already running');
      child = spawn(process.execPath, ['src/server.ts'], {
        cwd: BFF,
        env: {
          ...inheritedEnvironment(),
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          RATE_LIMITS: 'false',
          SEED_DEMO_DATA: 'false',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [child.stdout!, child.stderr!])
        stream.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
      const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
      while (Date.now() < deadline) {
        if (exited()) throw new Error(`The BFF exited while starting:\n${output.join('')}`);
        try {
          if ((await fetch(`${url}/api/health`)).ok) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(
        `The BFF did not become healthy within ${options.startTimeoutMs ?? 60_000} ms:\n${output.join('')}`,
      );
    },
    async kill() {
      if (exited()) return;
      const running = child!;
      running.kill('SIGKILL');
      await gone(running);
    },
    async stop() {
      if (exited()) return;
      const running = child!;
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
      await gone(running);
      clearTimeout(timer);
    },
  };
  return processHandle;
}

/** Polls `check` until it is true (or throws after `timeoutMs`, naming `what`). */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
