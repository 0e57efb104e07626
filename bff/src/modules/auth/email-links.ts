// The single-use links the auth module emails (confirmation, password reset, email change and its cancellation):
// issued as a secret whose SHA-256 alone is stored, and used up at most once.
import { timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RejectedError } from '../../platform/errors.ts';
import { sameAddress } from './account-checks.ts';
import { AuthToken, User, type TokenPurpose } from './entities.ts';
import { hashToken, newToken } from './tokens.ts';

const invalidLink = () => new RejectedError('token_invalid', 'This link is not valid');
const usedLink = () => new RejectedError('token_used', 'This link has already been used');

/** Links that act on an account's credentials; a password reset or change ends every one still open. */
export const CREDENTIAL_LINKS: TokenPurpose[] = ['password_reset', 'email_change', 'email_change_cancel'];

/** True when two secrets of the same kind are equal, in constant time. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A new link for `purpose`, sent to `email`; with `onlyNewest` the user's earlier open links of it stop working. */
export async function issueLink(
  em: EntityManager,
  user: User,
  purpose: TokenPurpose,
  email: string,
  ttlSeconds: number,
  onlyNewest: boolean,
): Promise<{ id: string; token: string }> {
  if (onlyNewest) {
    await em.nativeUpdate(AuthToken, { userId: user.id, purpose, consumedAt: null }, { consumedAt: new Date() });
  }
  const token = newToken();
  const row = em.create(AuthToken, {
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    email,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  await em.flush();
  return { id: row.id, token };
}

/**
 * Finds a link for `purpose`, checks it is unused, unexpired and still meant for the user's current address, and
 * marks it used (atomically: two requests cannot both use it).
 */
export async function consumeLink(
  em: EntityManager,
  purpose: TokenPurpose,
  token: string,
  id?: string,
): Promise<{ row: AuthToken; user: User }> {
  const hash = hashToken(token);
  const row = id
    ? await em.findOne(AuthToken, { id, purpose })
    : await em.findOne(AuthToken, { tokenHash: hash, purpose });
  if (!row || !sameHash(row.tokenHash, hash)) throw invalidLink();
  if (row.consumedAt) throw usedLink();
  if (row.expiresAt.getTime() <= Date.now()) throw new RejectedError('token_expired', 'This link has expired');
  const user = await em.findOne(User, { id: row.userId });
  // A link sent to an address the account no longer has must not work (an email change has the new address).
  if (!user || (purpose !== 'email_change' && !sameAddress(user.email, row.email))) throw invalidLink();
  const used = await em.nativeUpdate(AuthToken, { id: row.id, consumedAt: null }, { consumedAt: new Date() });
  if (used !== 1) throw usedLink();
  return { row, user };
}

/** Ends the open links of `purposes` (deleted, so following one says the link is not valid). */
export async function endOpenLinks(em: EntityManager, userId: string, purposes: TokenPurpose[]): Promise<void> {
  await em.nativeDelete(AuthToken, { userId, purpose: { $in: purposes }, consumedAt: null });
}
