// Every MikroORM entity, in one list for the ORM: the platform's own tables and each registered module's. Part of the
// composition root: whoever builds the app (server.ts, backup-commands.ts, the test setup, the benches) hands it to
// createOrm (platform/db/orm.ts), which knows no module.
import type { EntitySchema } from '@mikro-orm/core';
import { APP_MODULES } from './app-modules.ts';
import { AuditEvent } from './platform/audit/audit-event-entity.ts';
import { DevMail } from './platform/mail/dev-mail-entity.ts';

export const entities: EntitySchema[] = [
  DevMail,
  AuditEvent,
  ...Object.values(APP_MODULES).flatMap((module) => module.entities),
];
