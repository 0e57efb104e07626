// Checks handlers make on the request's session (which the auth module's middleware sets).
import type { AppContext, RequestSession } from './context.ts';
import { ForbiddenError, UnauthenticatedError } from '../errors.ts';

/** The session, or 401. Operations declared with `security: [{ session: [] }]` get this check for free. */
export function requireSession(ctx: AppContext): RequestSession {
  const session = ctx.state.session;
  if (!session) throw new UnauthenticatedError();
  return session;
}

/** The session of a user whose email address is confirmed (docs/product/accounts.md#email-confirmation). */
export function requireConfirmedSession(ctx: AppContext): RequestSession {
  const session = requireSession(ctx);
  if (!session.emailConfirmed) throw new ForbiddenError('email_not_confirmed', 'Confirm your email address first');
  return session;
}

/** Who acts, for the audit log: the impersonating admin when there is one, else the user. */
export const actorOf = (session: RequestSession): string => session.impersonatorId ?? session.userId;
