// The auth calls the shell itself makes: read the session, log out, stop impersonating.
import type { Session } from './session-types.ts';

// These go through plain fetch until openapi/modules/auth.yaml (getSession, logout,
// stopImpersonation) is in the generated types; then they move to createApiClient().
async function post(path: string): Promise<void> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: csrfHeaders(),
  });
  if (!response.ok && response.status !== 401) throw new Error(`${path} answered ${response.status}`);
}

function csrfHeaders(): Record<string, string> {
  const match = /(?:^|;\s*)csrf_token=([^;]+)/.exec(document.cookie);
  return match?.[1] ? { 'X-CSRF-Token': decodeURIComponent(match[1]) } : {};
}

/** null when logged out (401); throws when the BFF cannot answer. */
export async function fetchSession(): Promise<Session | null> {
  const response = await fetch('/api/auth/session', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    cache: 'no-store',
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`GET /api/auth/session answered ${response.status}`);
  return (await response.json()) as Session;
}

export function logoutRequest(): Promise<void> {
  return post('/api/auth/logout');
}

export function stopImpersonationRequest(): Promise<void> {
  return post('/api/auth/impersonation/stop');
}
