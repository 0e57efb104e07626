// The audit log every module writes to: who did what, acting as whom, from where.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditEvent } from './audit-event-entity.ts';

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

/** Writes one event through `em` (inside its transaction when there is one, so it commits with the change). */
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
