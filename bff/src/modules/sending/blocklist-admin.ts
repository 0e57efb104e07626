// The blocklist as support keeps it (docs/product/back-office.md#blocklist): recipients the platform will not invoice
// (problem 17). Values are stored in the form the check in service.ts (blocklistProblems) compares, so an entry
// written any usual way blocks the customer it names.
import type { EntityManager } from '@mikro-orm/postgresql';
import { validateEmail } from '../../domain/email.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { ConflictError, NotFoundError, ValidationError, fieldError } from '../../platform/errors.ts';
import { BlockedRecipient, type BlocklistKind } from './entities.ts';
import { containsPattern } from '../../platform/db/search.ts';

export type { BlocklistKind };

export interface BlocklistEntry {
  id: string;
  kind: BlocklistKind;
  value: string;
  reason: string | null;
  createdBy: string | null;
  createdAt: Date;
  /** The customers (of any freelancer) the entry blocks now. */
  customers: number;
}

interface Actor {
  userId: string;
  ip: string | null;
}

/** The value as the check compares it, or null when it cannot be one of its kind. */
export function normaliseBlocklistValue(kind: BlocklistKind, input: string): string | null {
  const text = input.trim();
  switch (kind) {
    case 'email': {
      const result = validateEmail(text);
      return result.valid ? result.normalised.toLowerCase() : null;
    }
    case 'email_domain': {
      const domain = text.replace(/^@/, '').toLowerCase();
      return /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}$/u.test(domain) ? domain : null;
    }
    case 'organisation_number': {
      // Customers' organisation numbers are compared as digits (NNNNNN-NNNN → NNNNNNNNNN).
      const digits = text.replace(/[\s-]/g, '');
      return /^\d{6,12}$/.test(digits) ? digits : null;
    }
    case 'vat_number': {
      const vat = text.replace(/[\s.-]/g, '').toUpperCase();
      return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(vat) ? vat : null;
    }
  }
}

/** How many live customers each entry blocks: the same comparison as blocklistProblems, over the customer table. */
const MATCHES = `(select count(*)::int from "customer" c where c."deleted_at" is null and (
    (b."kind" = 'email' and lower(trim(c."email")) = b."value")
    or (b."kind" = 'email_domain' and split_part(lower(trim(c."email")), '@', 2) = b."value")
    or (b."kind" = 'organisation_number' and regexp_replace(coalesce(c."government_id", ''), '\\D', '', 'g') = b."value")
    or (b."kind" = 'vat_number' and upper(c."vat_number") = b."value")))`;

interface Row {
  id: string;
  kind: BlocklistKind;
  value: string;
  reason: string | null;
  created_by: string | null;
  created_at: string;
  customers: number;
  total?: number;
}

const entryOf = (row: Row): BlocklistEntry => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  reason: row.reason,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at),
  customers: row.customers,
});

const notFound = () => new NotFoundError('not_found', 'No such blocklist entry');

export class BlocklistAdmin {
  async list(
    em: EntityManager,
    query: { q?: string | undefined; kind?: BlocklistKind | undefined; page: number; pageSize: number },
  ): Promise<{ items: BlocklistEntry[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const q = query.q?.trim().toLowerCase();
    if (q) {
      where.push(`(lower(b."value") like ? or lower(coalesce(b."reason", '')) like ?)`);
      const pattern = containsPattern(q);
      params.push(pattern, pattern);
    }
    if (query.kind) {
      where.push(`b."kind" = ?`);
      params.push(query.kind);
    }
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const rows = await sqlRows<Row>(
      em,
      `select b."id", b."kind", b."value", b."reason", b."created_by", b."created_at", ${MATCHES} as "customers",
         count(*) over ()::int as "total"
       from "recipient_blocklist" b ${filter} order by b."created_at" desc, b."id" desc limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    const total =
      rows[0]?.total ??
      (query.page > 1
        ? ((
            await sqlRow<{ n: number }>(
              em,
              `select count(*)::int as "n" from "recipient_blocklist" b ${filter}`,
              params,
            )
          )?.n ?? 0)
        : 0);
    return { total, items: rows.map(entryOf) };
  }

  async get(em: EntityManager, id: string): Promise<BlocklistEntry> {
    const row = await sqlRow<Row>(
      em,
      `select b."id", b."kind", b."value", b."reason", b."created_by", b."created_at", ${MATCHES} as "customers"
       from "recipient_blocklist" b where b."id" = ?`,
      [id],
    );
    if (!row) throw notFound();
    return entryOf(row);
  }

  async add(
    em: EntityManager,
    actor: Actor,
    input: { kind: BlocklistKind; value: string; reason?: string | null | undefined },
  ): Promise<BlocklistEntry> {
    const value = normaliseBlocklistValue(input.kind, input.value);
    if (value === null) {
      throw new ValidationError([
        fieldError('body.value', 'value_invalid', `Not a valid ${input.kind}`, { kind: input.kind }),
      ]);
    }
    const id = await em.transactional(async (tx) => {
      if (await tx.count(BlockedRecipient, { kind: input.kind, value })) throw listed(value);
      const [row] = await sqlRows<{ id: string }>(
        tx,
        `insert into "recipient_blocklist" ("kind", "value", "reason", "created_by") values (?, ?, ?, ?)
         on conflict ("kind", "value") do nothing returning "id"`,
        [input.kind, value, input.reason?.trim() || null, actor.userId],
      );
      if (!row) throw listed(value);
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: null,
        action: 'blocklist.added',
        data: { entryId: row.id, kind: input.kind, value, reason: input.reason?.trim() || null },
        ip: actor.ip,
      });
      return row.id;
    });
    return this.get(em, id);
  }

  async updateReason(em: EntityManager, actor: Actor, id: string, reason: string | null): Promise<BlocklistEntry> {
    await em.transactional(async (tx) => {
      const [row] = await sqlRows<{ reason: string | null }>(
        tx,
        `select "reason" from "recipient_blocklist" where "id" = ? for update`,
        [id],
      );
      if (!row) throw notFound();
      const after = reason?.trim() || null;
      await sqlRows(tx, `update "recipient_blocklist" set "reason" = ? where "id" = ?`, [after, id]);
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: null,
        action: 'blocklist.updated',
        data: { entryId: id, before: { reason: row.reason }, after: { reason: after } },
        ip: actor.ip,
      });
    });
    return this.get(em, id);
  }

  /** Removes the entry: the customers it blocked can be invoiced again (their drafts lose problem 17). */
  async remove(em: EntityManager, actor: Actor, id: string): Promise<void> {
    await em.transactional(async (tx) => {
      const [row] = await sqlRows<{ kind: string; value: string }>(
        tx,
        `delete from "recipient_blocklist" where "id" = ? returning "kind", "value"`,
        [id],
      );
      if (!row) throw notFound();
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: null,
        action: 'blocklist.removed',
        data: { entryId: id, kind: row.kind, value: row.value },
        ip: actor.ip,
      });
    });
  }
}

const listed = (value: string) => new ConflictError('already_blocked', `${value} is on the blocklist already`);
