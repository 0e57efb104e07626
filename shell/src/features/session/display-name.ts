// The avatar's letters. The name itself is the API's `displayName` (first and last name, or the
// email without a first name: docs/product/accounts.md#display-name), never worked out again here.
import type { SessionUser } from './session-types.ts';

/** One or two letters for the avatar. */
export function initials(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  const first = user.firstName?.trim();
  if (!first) return user.email.slice(0, 1).toUpperCase();
  return `${first.slice(0, 1)}${user.lastName?.trim().slice(0, 1) ?? ''}`.toUpperCase();
}
