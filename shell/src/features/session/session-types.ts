// What GET /api/auth/session returns (operationId getSession): 200 with the session, 401 when logged out.

export type SessionUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** ISO date-time; null until the email address is confirmed. */
  emailConfirmedAt: string | null;
  /** Gives access to "Old Frilo" (the legacy area). */
  legacy: boolean;
  preferredLocale: 'sv' | 'en' | null;
};

export type AdminUser = { id: string; email: string; firstName?: string | null; lastName?: string | null };

export type Session = {
  user: SessionUser;
  isImpersonating: boolean;
  /** The impersonating admin, when isImpersonating. */
  admin?: AdminUser | null;
};

export type SessionStatus =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; session: Session }
  /** The session endpoint itself failed (BFF down): shown as an error, not as "logged out". */
  | { status: 'error'; message: string };
