// The session as the contract defines it (GET /api/auth/session, operationId getSession).
import type { components } from '@frilo/openapi/client';

export type Session = components['schemas']['Session'];
export type SessionUser = components['schemas']['User'];

export type SessionStatus =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; session: Session }
  /** The session endpoint itself failed (BFF down): shown as an error, not as "logged out". */
  | { status: 'error'; message: string };
