// The audit log every module writes to: who did what, acting as whom, from where.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppContext } from '../../platform/http/context.ts';
import { AuditEvent } from './entities.ts';

export interface AuditEntry {
  /** The person who acted: the impersonating admin when there is one. */
  actorUserId: string | null;
  /** The account acted on or as. */
  subjectUserId: string | null;
  /** Dotted name, e.g. `impersonation.start`, `user.password_changed`, `invoice.sent`. */
  action: string;
  data?: Record<string, unknown>;
  ip?: string | null;
}

export async function recordAuditEvent(em: EntityManager, entry: AuditEntry): Promise<void> {
  await em.insert(AuditEvent, {
    actorUserId: entry.actorUserId,
    subjectUserId: entry.subjectUserId,
    action: entry.action,
    data: entry.data ?? {},
    ip: entry.ip ?? null,
    createdAt: new Date(),
  });
}

/** Records what the request's session did: the actor is the impersonating admin, if any, else the user. */
export function auditFromRequest(ctx: AppContext, action: string, data?: Record<string, unknown>): Promise<void> {
  const session = ctx.state.session;
  return recordAuditEvent(ctx.state.em, {
    actorUserId: session ? (session.impersonatorId ?? session.userId) : null,
    subjectUserId: session?.userId ?? null,
    action,
    ...(data ? { data } : {}),
    ip: ctx.ip,
  });
}
