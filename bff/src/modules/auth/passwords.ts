// Password hashing with argon2id (OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane; cheaper in test harnesses only).
//
// At most HASHING_CONCURRENCY hashes run at once (docs/decisions/0036-bench-floors-and-bounded-hashing.md): each one
// holds a core and a thread of libuv's pool (shared with file and DNS work) for tens of milliseconds, so a burst of
// logins would otherwise take every core from the requests around them. The others wait their turn, in order.
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import pLimit from 'p-limit';

/** OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane. Production always hashes with it. */
export const OWASP_ARGON2ID = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The test harnesses' cost (1 MiB, 1 pass): the same argon2id, the same code path, 1 ms instead of 38 a hash. */
const TEST_ARGON2ID = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/**
 * The argon2id parameters of this process: OWASP's minimum, unless a test harness (the BFF's test runner and the servers its
 * tests start, the browser suite's servers) set `PASSWORD_HASH_COST=test` outside production
 * (docs/decisions/0050-cheap-hashes-in-test-harnesses.md). The suites sign up and log in thousands of accounts; none of
 * their assertions is about what a hash costs. The product (`npm start`, production) and the benches hash at OWASP's.
 */
export function passwordHashOptions(env: NodeJS.ProcessEnv): typeof OWASP_ARGON2ID | typeof TEST_ARGON2ID {
  return env.NODE_ENV !== 'production' && env.PASSWORD_HASH_COST === 'test' ? TEST_ARGON2ID : OWASP_ARGON2ID;
}

const OPTIONS = passwordHashOptions(process.env);

/** One core is left to everything else; on one or two cores, one hash at a time. */
export const HASHING_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const hashing = pLimit(HASHING_CONCURRENCY);

/** How many hashes are running and waiting now (for a test and the metrics). */
export function hashingLoad(): { running: number; waiting: number } {
  return { running: hashing.activeCount, waiting: hashing.pendingCount };
}

export function hashPassword(password: string): Promise<string> {
  return hashing(() => argon2.hash(password, OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => argon2.verify(hash, password));
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than today's: rehash after a successful login. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time a real verification would, for an unknown email, so the answer's timing does not
 * tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not the password of any account');
  await verifyPassword(await dummyHash, password);
  return false;
}
