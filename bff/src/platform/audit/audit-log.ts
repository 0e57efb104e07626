// Reading the audit log (the back office's screen): newest first, filtered, a page at a time by keyset. The log only
// grows, so a page is found on an index and never counted; a cursor names the last event of the page before.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../db/sql.ts';
import { ValidationError, fieldError } from '../errors.ts';

export interface AuditQuery {
  actorId?: string | undefined;
  subjectId?: string | undefined;
  /** An action, or a group of them ending in `.*`. */
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

export interface AuditRecord {
  id: string;
  createdAt: Date;
  actorUserId: string | null;
  subjectUserId: string | null;
  action: string;
  data: Record<string, unknown>;
  ip: string | null;
}

interface Row {
  id: string;
  created_at: Date;
  /** The timestamp as PostgreSQL writes it, microseconds included (a Date keeps only milliseconds). */
  created_at_text: string;
  actor_user_id: string | null;
  subject_user_id: string | null;
  action: string;
  data: Record<string, unknown>;
  ip: string | null;
}

const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  // As PostgreSQL writes a timestamptz: `2026-11-24 12:00:00.123456+00`.
  const timestamp = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
  if (!createdAt || !id || !uuid.test(id) || !timestamp.test(createdAt)) {
    throw new ValidationError([fieldError('query.cursor', 'invalid_format', 'Not a cursor this list gave')]);
  }
  return { createdAt, id };
}

export async function listAuditEvents(
  em: EntityManager,
  query: AuditQuery,
): Promise<{ items: AuditRecord[]; nextCursor: string | null }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.actorId) {
    where.push(`"actor_user_id" = ?`);
    params.push(query.actorId);
  }
  if (query.subjectId) {
    where.push(`"subject_user_id" = ?`);
    params.push(query.subjectId);
  }
  if (query.action) {
    if (query.action.endsWith('.*')) {
      where.push(`"action" like ?`);
      params.push(`${query.action.slice(0, -1).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    } else {
      where.push(`"action" = ?`);
      params.push(query.action);
    }
  }
  if (query.from) {
    where.push(`"created_at" >= ?::timestamptz`);
    params.push(query.from);
  }
  if (query.to) {
    where.push(`"created_at" < ?::timestamptz`);
    params.push(query.to);
  }
  if (query.cursor) {
    const { createdAt, id } = decodeCursor(query.cursor);
    where.push(`("created_at", "id") < (?::timestamptz, ?::uuid)`);
    params.push(createdAt, id);
  }
  // One more than the page tells whether there is a next one.
  const rows = await sqlRows<Row>(
    em,
    `select "id", "created_at", "created_at"::text as "created_at_text", "actor_user_id", "subject_user_id", "action",
       "data", "ip"
     from "audit_event" ${where.length ? `where ${where.join(' and ')}` : ''}
     order by "created_at" desc, "id" desc limit ?`,
    [...params, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at),
      actorUserId: row.actor_user_id,
      subjectUserId: row.subject_user_id,
      action: row.action,
      data: row.data ?? {},
      ip: row.ip,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.created_at_text, last.id) : null,
  };
}
