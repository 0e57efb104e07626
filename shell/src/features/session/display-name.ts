// The displayed user name: firstName plus lastName, or the email without a first name
// (docs/product/accounts.md#display-name).
import type { SessionUser } from './session-types.ts';

export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  const first = user.firstName?.trim();
  if (!first) return user.email;
  return [first, user.lastName?.trim()].filter(Boolean).join(' ');
}

/** One or two letters for the avatar. */
export function initials(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  const first = user.firstName?.trim();
  if (!first) return user.email.slice(0, 1).toUpperCase();
  return `${first.slice(0, 1)}${user.lastName?.trim().slice(0, 1) ?? ''}`.toUpperCase();
}
