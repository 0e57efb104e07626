// Helpers shared by the benchmark scripts: start the product as a child process, wait for health, measure.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import autocannon from 'autocannon';

export const repoRoot = resolve(import.meta.dirname, '..');

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

export interface Started {
  url: string;
  child: ChildProcess;
  ms: number;
  stop: () => Promise<void>;
}

/** Runs a command that starts the product and measures the time until /api/health answers 200. */
export async function startProduct(command: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, 120_000, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const ms = performance.now() - started;
  return {
    url,
    child,
    ms,
    stop: () =>
      new Promise<void>((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
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

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}
