// Password hashing with argon2id (OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane).
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
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
