// The auth calls the shell itself makes: read the session, log out, stop impersonating.
import { createApiClient } from '@frilo/openapi/client';
import type { Session } from './session-types.ts';

const api = createApiClient();

/** null when logged out (401); throws when the BFF cannot answer. */
export async function fetchSession(): Promise<Session | null> {
  const { data, response } = await api.GET('/api/auth/session', { cache: 'no-store' });
  if (response.status === 401) return null;
  if (!data) throw new Error(`GET /api/auth/session answered ${response.status}`);
  return data;
}

let pageLoadSession: Promise<Session | null> | null = null;

/** The session when the page loads: the entry chunk starts the request, the bootstrap reads it. */
export function initialSession(): Promise<Session | null> {
  if (!pageLoadSession) {
    pageLoadSession = fetchSession();
    // Whoever reads it handles a failure; until then it is not an unhandled rejection.
    pageLoadSession.catch(() => {});
  }
  return pageLoadSession;
}

export async function logoutRequest(): Promise<void> {
  const { response } = await api.POST('/api/auth/logout');
  if (!response.ok) throw new Error(`POST /api/auth/logout answered ${response.status}`);
}

/** The admin's own session when it is restored, null when the admin was logged out fully. */
export async function stopImpersonationRequest(): Promise<Session | null> {
  const { data, response } = await api.DELETE('/api/admin/impersonation');
  if (response.status === 204) return null;
  if (!data) throw new Error(`DELETE /api/admin/impersonation answered ${response.status}`);
  return data;
}
