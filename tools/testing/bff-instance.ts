// A second instance of the BFF beside the end-to-end suite's own (playwright.config.ts webServer), configured
// differently (e.g. REMOTE_MANIFESTS), on the same database and data directory, as several instances of one deployment
// share them: the suite's demo accounts work on it and nothing is seeded twice. Starts in a few seconds where a fresh
// instance would spend ~25 s making and migrating a database. Test tooling, not app code.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { runningEmbeddedUrl } from '../../bff/src/platform/db/embedded-postgres.ts';

const repo = join(import.meta.dirname, '..', '..');

export type BffInstance = { url: string; child: ChildProcess; ready: Promise<void>; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the instance on a free port with `env` over the suite's settings; `ready` settles when it answers (or rejects
 * when it exits first), `stop` ends it (SIGTERM, as a deployment would).
 */
export async function startSecondBff(env: Record<string, string>, port?: number): Promise<BffInstance> {
  const dataDir = process.env['E2E_DATA_DIR'];
  const databaseUrl = process.env['DATABASE_URL'] || (dataDir && runningEmbeddedUrl(dataDir, 'frilo'));
  if (!dataDir || !databaseUrl) throw new Error('the suite’s BFF (playwright.config.ts webServer) is not running');
  const listen = port ?? (await freePort());
  const child = spawn(process.execPath, ['bff/src/server.ts'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(listen),
      HOST: '127.0.0.1',
      // The same data directory (secret, encryption key, files) and database as the suite's instance.
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'development',
      SEED_DEMO_DATA: 'false',
      RATE_LIMITS: 'false',
      // As the suite's own server (playwright.config.ts): its hashes are the accounts' hashes.
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the second BFF exited with ${code}: ${errors}`))),
  );
  exited.catch(() => {});
  const url = `http://127.0.0.1:${listen}`;
  // Ready when it answers; the caller's timeout bounds the wait.
  const answers = (async () => {
    while (child.exitCode === null) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await ended;
  };
  return { url, child, ready: Promise.race([answers, exited]), stop };
}
