// The audit log's table as a MikroORM entity (created by Migration20261121000100Auth, which predates the move here).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Who did what, acting as whom: `actorUserId` is the person (an impersonating admin included),
 * `subjectUserId` the account acted on or as. Every module writes to it (accounts, customers, invoices, payouts…).
 */
export const AuditEvent = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_event',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    actorUserId: p.uuid().nullable(),
    subjectUserId: p.uuid().nullable(),
    action: p.string().length(100),
    data: p.json<Record<string, unknown>>(),
    ip: p.string().length(45).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type AuditEvent = InferEntity<typeof AuditEvent>;
