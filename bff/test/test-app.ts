// createTestApp(): the real Koa app on a real PostgreSQL database of its own (copied from the migrated
// template), listening on a loopback port, with a cookie-keeping API client that checks every
// response against the contract.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import assert from 'node:assert/strict';
import pg from 'pg';
import contract from '@frilo/openapi/bundled.json' with { type: 'json' };
import { createApp } from '../src/app.ts';
import type { Metrics } from '../src/platform/metrics.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import type { AppServices } from '../src/platform/http/context.ts';
import { validateResponse, type OperationId } from '../src/platform/http/contract.ts';
import { entities } from '../src/entities.ts';
import { createOrm } from '../src/platform/db/orm.ts';
import { createJobs } from '../src/platform/jobs/jobs.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { LocalFileStorage } from '../src/platform/storage/local-storage.ts';

// Tests read response bodies loosely; the contract check on every response is what types them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A multipart form (file uploads) instead of a JSON body. */
  form?: FormData;
  /** Bytes sent as they are (a body no JSON.stringify could make), with their content type. */
  rawBody?: { data: string | Uint8Array; contentType: string };
  /** Skip the CSRF header, to test the protection itself. */
  noCsrf?: boolean;
  headers?: Record<string, string>;
}

/** A browser-like client: keeps cookies, sends the CSRF header on writes, validates every response. */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call<T = any>(operationId: OperationId, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const { method, path } = findOperation(operationId);
    let url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(options.params?.[name] ?? '')));
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) query.set(key, String(value));
    if ([...query].length) url += `?${query}`;
    const response = await this.request(method.toUpperCase(), url, options);
    const errors = validateResponse(operationId, response.status, response.body);
    assert.deepEqual(
      errors,
      [],
      `${operationId} answered ${response.status} outside the contract: ${JSON.stringify(response.body)}`,
    );
    return response as ApiResponse<T>;
  }

  async request(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse> {
    if (method !== 'GET' && !this.cookies.has('csrf_token') && !options.noCsrf)
      await this.request('GET', '/api/health');
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.rawBody) headers['content-type'] = options.rawBody.contentType;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && !options.noCsrf) headers['x-csrf-token'] = this.cookies.get('csrf_token') ?? '';
    const response = await fetch(this.baseUrl + url, {
      method,
      headers,
      redirect: 'manual',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.form ? { body: options.form } : {}),
      ...(options.rawBody
        ? {
            body:
              typeof options.rawBody.data === 'string' ? options.rawBody.data : new Uint8Array(options.rawBody.data),
          }
        : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const type = response.headers.get('content-type') ?? '';
    // Files (receipts, PDFs) arrive as bytes; everything else as text or JSON.
    if (/^(image|application\/(pdf|octet-stream))\b/.test(type)) {
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()), headers: response.headers };
    }
    const text = await response.text();
    let body: unknown = text;
    if (type.includes('json') && text) body = JSON.parse(text);
    if (text === '') body = undefined;
    return { status: response.status, body, headers: response.headers };
  }
}

const operations = new Map<string, { method: string; path: string }>();
for (const [path, item] of Object.entries(
  (contract as { paths: Record<string, Record<string, { operationId?: string }>> }).paths,
)) {
  for (const [method, op] of Object.entries(item))
    if (op?.operationId) operations.set(op.operationId, { method, path });
}
function findOperation(operationId: string) {
  const op = operations.get(operationId);
  if (!op) throw new Error(`No operation ${operationId} in the contract`);
  return op;
}

export interface TestApp {
  url: string;
  services: AppServices;
  config: Config;
  /** A fresh client with its own cookie jar (a new browser). */
  client: () => ApiClient;
  /** Runs SQL directly against this test's database. */
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  /** The app's metrics (what the scrape endpoint serves). */
  metrics: Metrics;
  /** Runs every module's demo seed, as the server does outside production. */
  seed: () => Promise<string[]>;
  /** Processes queued jobs (e.g. emails) until the queue is empty. */
  drainJobs: () => Promise<void>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Collects the BFF's log lines (JSON, level info and up) instead of discarding them. */
  logLines?: string[];
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = process.env.FRILO_TEST_ADMIN_URL;
  const template = process.env.FRILO_TEST_TEMPLATE;
  if (!adminUrl || !template)
    throw new Error('Run the BFF tests through `npm test -w bff` (the global setup starts PostgreSQL)');
  const name = `frilo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${process.env.FRILO_TEST_TEMPLATE}`);
  await admin.end();
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const databaseUrl = parsed.toString();

  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', PORT: '0' }),
    databaseUrl,
    seedDemoData: false,
    // As loadConfig: production runs behind one proxy unless told otherwise.
    trustedProxyHops: overrides.env === 'production' ? 1 : 0,
    ...overrides,
  };
  const lines = options.logLines;
  const log = lines
    ? createLogger('info', { write: (line: string) => void lines.push(line.trimEnd()) })
    : createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const orm = await createOrm(databaseUrl, entities, log, { poolMax: 5 });
  // No cron schedules here: a scheduled step firing on the wall clock mid-test made drains wait for its delayed jobs.
  const jobs = createJobs(databaseUrl, log, { schedules: false });
  const mailer = createMailer(config, orm, jobs, log);
  // Files go to a directory of this test file's own, removed with its database.
  const filesDir = await mkdtemp(join(tmpdir(), 'frilo-test-files-'));
  const files = new LocalFileStorage(filesDir);
  const services: AppServices = { config, orm, log, mailer, jobs, files };
  const { app, seed, metrics } = createApp(services);
  await jobs.start();
  const server: Server = createServer(app.callback());
  // As the server (server.ts): Node's default of 5 s races the client's reuse of an idle connection (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // pool.end() resolves before its clients have closed; the forced drop in close() can then kill one,
  // and an 'error' without a listener would crash the test file.
  pool.on('error', () => {});
  return {
    url,
    services,
    config,
    client: () => new ApiClient(url),
    sql: (text, values) => pool.query(text, values),
    seed,
    metrics,
    async drainJobs() {
      // Every queued job, retries waiting out their delay included (the delivery tests count on that). Up to 30 s: on a
      // loaded CI machine a worker's poll can lag well behind its 0.5 s interval.
      // The workers of the queues with runnable jobs are woken instead of waiting for their next poll: the suites
      // that drain after each of thousands of requests spent most of their time waiting here.
      const queued = `state in ('created','retry','active')`;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const pending = await pool.query(
          `select name, bool_or(state in ('created','retry') and start_after <= now()) as ready
             from pgboss.job where ${queued} group by name`,
        );
        if (pending.rows.length === 0) return;
        for (const row of pending.rows as { name: string; ready: boolean }[]) if (row.ready) jobs.wake(row.name);
        await new Promise((r) => setTimeout(r, 20));
      }
      const pending = await pool.query(
        `select name, state, retry_count, output, created_on, start_after, started_on from pgboss.job
         where ${queued} limit 5`,
      );
      throw new Error(`Jobs did not finish within 30 s: ${JSON.stringify(pending.rows)}`);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs.stop();
      mailer.close();
      await orm.close();
      await pool.end();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
