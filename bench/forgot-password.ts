// Forgotten password for a known and an unknown address, interleaved on one connection: the two medians should
// match (issue 8: the answer's timing must not tell who has an account; the lookup runs in a job afterwards).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BFF_COMMAND, startProduct } from './lib.ts';

const ROUNDS = 300;
const WARM_UP = 30;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function benchForgotPassword(): Promise<Record<string, string | number>[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-forgot-'));
  // Development mode seeds demo@example.com (the known address); limits and response validation off, as in production
  // the validation is.
  const product = await startProduct(BFF_COMMAND, {
    DATA_DIR: dataDir,
    RATE_LIMITS: 'false',
    VALIDATE_RESPONSES: 'false',
  });
  try {
    const health = await fetch(`${product.url}/api/health`);
    const csrf = /csrf_token=([^;]+)/.exec(health.headers.getSetCookie().join(';'))?.[1] ?? '';
    const ask = async (email: string): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${product.url}/api/auth/forgotten-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf },
        body: JSON.stringify({ email }),
      });
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`forgotPassword answered ${response.status}`);
      return performance.now() - started;
    };
    const known = 'demo@example.com';
    const unknown = (i: number) => `nobody-${i}@example.com`;
    for (let i = 0; i < WARM_UP; i++) await Promise.all([ask(known), ask(unknown(-i - 1))]);
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which goes first, so neither always follows the other's job.
      if (i % 2) {
        times.known.push(await ask(known));
        times.unknown.push(await ask(unknown(i)));
      } else {
        times.unknown.push(await ask(unknown(i)));
        times.known.push(await ask(known));
      }
    }
    const ms = (value: number) => Math.round(value * 100) / 100;
    return (['known', 'unknown'] as const).map((which) => ({
      address: which === 'known' ? 'known (demo@example.com)' : 'unknown (a new one each time)',
      requests: times[which].length,
      'median ms': ms(quantile(times[which], 0.5)),
      'p90 ms': ms(quantile(times[which], 0.9)),
    }));
  } finally {
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
