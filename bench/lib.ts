// Helpers shared by the benchmark scripts: start the product as a child process, wait for health, measure.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { DEMO_SELLER_ENV } from '../bff/src/platform/seller.ts';

export const repoRoot = resolve(import.meta.dirname, '..');

/**
 * The node flags the product starts its BFF with: those of bff/package.json's start script (the root's `npm start`
 * passes the same; decision 0051), so a bench measures the process a deployment runs.
 */
export const BFF_NODE_FLAGS: string[] = (
  JSON.parse(readFileSync(resolve(repoRoot, 'bff', 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/** The BFF as a bench starts it (from the repository's root). */
export const BFF_COMMAND = ['node', ...BFF_NODE_FLAGS, 'bff/src/server.ts'];

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForHealth(url: string, timeoutMs = 120_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
}

/**
 * The environment of a BFF started in production mode for a bench: the demo seller and a fixed encryption key (a
 * throw-away data dir; production requires both), no mail server, no rate limits, and no job workers
 * (`JOB_WORKERS=false`): a bench that sets a request against its floor measures the request's own work, as the floor
 * does, not documents rendered and deliveries tried in the background meanwhile (what a send queues is delivered by a
 * worker after its answer: decision 0060). The load bench, a busy hour as a whole, works its queues (`JOB_WORKERS`).
 */
export function productionBffEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    ...DEMO_SELLER_ENV,
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SMTP_URL: 'smtp://127.0.0.1:9',
    RATE_LIMITS: 'false',
    JOB_WORKERS: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export interface Started {
  url: string;
  child: ChildProcess;
  ms: number;
  /** True when every process stopped on SIGTERM without being killed. */
  stop: () => Promise<boolean>;
}

/** Runs a command that starts the product and measures the time until /api/health answers 200. */
export async function startProduct(command: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: `npm start` runs node as a grandchild, and a stop must reach both,
    // as Ctrl-C in a terminal does.
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, 120_000, child);
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  const ms = performance.now() - started;
  return {
    url,
    child,
    ms,
    stop: () => stopGroup(child),
  };
}

/** SIGTERM to the child's whole process group, then wait until every process in it has exited. */
export async function stopGroup(child: ChildProcess): Promise<boolean> {
  const group = -child.pid!;
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(group, 'SIGTERM');
  for (let i = 0; i < 300 && alive(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!alive()) return true;
  process.kill(group, 'SIGKILL');
  return false;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ duration: 10, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

export type Row = Record<string, string | number>;

/** One bench's figures, as `npm run bench` prints them and bench/report.ts writes them. */
export interface Section {
  name: string;
  rows: Row[];
}

const sections: Section[] = [];

/** Starts a bench's part of the report (and its heading on the console). */
export function section(name: string): void {
  console.log(`\n## ${name}`);
  sections.push({ name, rows: [] });
}

/** Prints figures, and keeps them for the report under the current section. */
export function table(rows: Row[]): void {
  console.table(rows);
  if (!sections.length) sections.push({ name: 'figures', rows: [] });
  sections.at(-1)!.rows.push(...rows);
}

export function collectedSections(): Section[] {
  return sections;
}

/**
 * The floor handler of the list benches (bench/bare-list-server.ts) on `databaseUrl`: what a list request costs with
 * nothing but the session lookup, one prepared page query and JSON, to measure beside the BFF on the same machine.
 */
export async function startBareListServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn('node', ['bench/bare-list-server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready());
    child.once('exit', (code) => fail(new Error(`bench/bare-list-server.ts exited with code ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/** A measurement beside its floor: latency, throughput and the server's CPU per request. */
export interface Measured {
  rps: number;
  p99: number;
  cpuMicros: number;
}

/** The targets of issue 23, as ratios to the floor measured in the same run. */
export const FLOOR_TARGETS = { p99: 1.3, throughput: 0.75, cpu: 1.5 } as const;

/**
 * The three ratios of a measurement to its floor, each beside its target (p99 ≤ 1.3×, throughput ≥ 0.75×, BFF CPU per
 * request ≤ 1.5×), as rows for `table`.
 */
export function ratioRows(
  name: string,
  measured: Measured,
  floor: Measured,
  options: { cpuNote?: string } = {},
): Row[] {
  const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : NaN);
  const p99 = ratio(measured.p99, floor.p99);
  const throughput = ratio(measured.rps, floor.rps);
  const cpu = ratio(measured.cpuMicros, floor.cpuMicros);
  const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
  return [
    {
      measure: `${name}: p99 / floor`,
      ratio: `${p99}×`,
      target: `≤ ${FLOOR_TARGETS.p99}×`,
      verdict: verdict(p99 <= FLOOR_TARGETS.p99),
    },
    {
      measure: `${name}: throughput / floor`,
      ratio: `${throughput}×`,
      target: `≥ ${FLOOR_TARGETS.throughput}×`,
      verdict: verdict(throughput >= FLOOR_TARGETS.throughput),
    },
    {
      measure: `${name}: BFF CPU per request / floor${options.cpuNote ? ` (${options.cpuNote})` : ''}`,
      ratio: `${cpu}×`,
      target: `≤ ${FLOOR_TARGETS.cpu}×`,
      verdict: verdict(cpu <= FLOOR_TARGETS.cpu),
    },
  ];
}
