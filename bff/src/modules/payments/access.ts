// Who asks: the freelancer (confirmed email; an impersonating admin acts as the user), or an admin acting as an admin.
import type { AppContext } from '../../platform/http/context.ts';
import { actorOf, requireConfirmedSession, requireSession } from '../../platform/http/guards.ts';
import type { EventActor } from '../invoices/public.ts';
import { impersonatingAdmin, notAdmin } from './errors.ts';

export interface Freelancer {
  userId: string;
  /** The person acting: the impersonating admin, or the user. */
  actor: EventActor;
  ip: string | null;
}

export interface Admin {
  adminId: string;
  actor: EventActor;
  ip: string | null;
}

/** The system (a queue job, the schedule): no person. */
export const SYSTEM: EventActor = { type: 'system', userId: null };

export function freelancer(ctx: AppContext): Freelancer {
  const session = requireConfirmedSession(ctx);
  const actor: EventActor = session.impersonatorId
    ? { type: 'impersonating_admin', userId: actorOf(session) }
    : { type: 'user', userId: session.userId };
  return { userId: session.userId, actor, ip: ctx.ip || null };
}

/** An admin in the back office; 403 for everyone else, an admin impersonating someone included. */
export function admin(ctx: AppContext): Admin {
  const session = requireSession(ctx);
  if (session.impersonatorId) throw impersonatingAdmin();
  if (!session.isAdmin) throw notAdmin();
  return { adminId: session.userId, actor: { type: 'admin', userId: session.userId }, ip: ctx.ip || null };
}
