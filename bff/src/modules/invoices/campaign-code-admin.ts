// Campaign codes as support keeps them (docs/product/back-office.md#campaign-codes): created with an effect that never
// changes, limited in time and uses, expired, and the invoices that carry them. Every change is audit-logged.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isWellFormedCampaignCode, normaliseCampaignCode } from '../../domain/campaign-codes.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { ConflictError, NotFoundError, ValidationError, fieldError, type FieldError } from '../../platform/errors.ts';
import { addDays } from './service.ts';
import { CampaignCode, type Invoice } from './entities.ts';
import { containsPattern } from '../../platform/db/search.ts';

export type CampaignCodeState = 'active' | 'upcoming' | 'expired' | 'used_up';

export interface CampaignCodeInput {
  code: string;
  effect: { type: 'fee_rate' | 'fee_discount'; value: number };
  validFrom?: string | undefined;
  validTo?: string | null | undefined;
  maxUses?: number | null | undefined;
  description?: string | null | undefined;
}

export interface CampaignCodeChange {
  validTo?: string | null | undefined;
  maxUses?: number | null | undefined;
  description?: string | null | undefined;
}

export interface CampaignCodeUseRow {
  invoiceId: string;
  ownerId: string;
  number: number | null;
  state: Invoice['state'];
  invoiceDate: string;
  currency: Invoice['currency'];
  totalExclVat: number;
  sentAt: Date | null;
  /** Whether the invoice holds one of the code's uses (counted at its send; `uses` is how many do). */
  counted: boolean;
}

export interface AdminActor {
  userId: string;
  ip: string | null;
}

/** Where a code stands on `today`; a used-up code that also expired is expired. */
export function campaignCodeState(
  code: Pick<CampaignCode, 'validFrom' | 'validTo' | 'maxUses' | 'uses'>,
  today: string,
): CampaignCodeState {
  if (code.validTo && code.validTo < today) return 'expired';
  if (code.maxUses !== null && code.maxUses !== undefined && code.uses >= code.maxUses) return 'used_up';
  if (code.validFrom > today) return 'upcoming';
  return 'active';
}

/** The same states as SQL conditions over `campaign_code`, `?` being today. */
const STATE_SQL: Record<CampaignCodeState, string> = {
  expired: `"valid_to" < ?`,
  used_up: `not coalesce("valid_to" < ?, false) and "max_uses" is not null and "uses" >= "max_uses"`,
  upcoming: `not coalesce("valid_to" < ?, false) and ("max_uses" is null or "uses" < "max_uses") and "valid_from" > ?`,
  active: `not coalesce("valid_to" < ?, false) and ("max_uses" is null or "uses" < "max_uses") and "valid_from" <= ?`,
};

/** A percentage as stored (numeric(5,2)): at most two decimals, else `invalid_precision`. */
function percentText(value: number, field: string, errors: FieldError[]): string {
  const text = String(value);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) errors.push(fieldError(field, 'invalid_precision', 'At most two decimals'));
  return text;
}

const notFound = () => new NotFoundError('not_found', 'No such campaign code');

export class CampaignCodeAdmin {
  readonly #today: () => string;

  constructor(today: () => string) {
    this.#today = today;
  }

  today(): string {
    return this.#today();
  }

  async list(
    em: EntityManager,
    query: { q?: string | undefined; state?: CampaignCodeState | undefined; page: number; pageSize: number },
  ): Promise<{ items: CampaignCode[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const q = query.q?.trim();
    if (q) {
      where.push(`("code" ilike ? or coalesce("description", '') ilike ?)`);
      const pattern = containsPattern(q);
      params.push(pattern, pattern);
    }
    if (query.state) {
      const today = this.#today();
      where.push(STATE_SQL[query.state]);
      params.push(...(query.state === 'expired' || query.state === 'used_up' ? [today] : [today, today]));
    }
    const rows = await sqlRows<{ id: string; total: number }>(
      em,
      `select "id", count(*) over ()::int as "total" from "campaign_code"
       ${where.length ? `where ${where.join(' and ')}` : ''} order by "created_at" desc, "id" desc limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    const codes = rows.length ? await em.find(CampaignCode, { id: { $in: rows.map((r) => r.id) } }) : [];
    const byId = new Map(codes.map((code) => [code.id, code]));
    const total =
      rows[0]?.total ??
      (query.page > 1
        ? ((
            await sqlRow<{ n: number }>(
              em,
              `select count(*)::int as "n" from "campaign_code" ${where.length ? `where ${where.join(' and ')}` : ''}`,
              params,
            )
          )?.n ?? 0)
        : 0);
    return { total, items: rows.map((row) => byId.get(row.id)!) };
  }

  async get(em: EntityManager, id: string): Promise<CampaignCode> {
    const code = await em.findOne(CampaignCode, { id });
    if (!code) throw notFound();
    return code;
  }

  async create(em: EntityManager, actor: AdminActor, input: CampaignCodeInput): Promise<CampaignCode> {
    const errors: FieldError[] = [];
    const code = normaliseCampaignCode(input.code);
    if (!isWellFormedCampaignCode(code)) {
      errors.push(fieldError('body.code', 'invalid_format', 'Use 1–40 of A–Z, 0–9, - and _'));
    }
    const value = percentText(input.effect.value, 'body.effect.value', errors);
    const validFrom = input.validFrom ?? this.#today();
    const validTo = input.validTo ?? null;
    if (validTo !== null && validTo < validFrom) {
      errors.push(fieldError('body.validTo', 'before_valid_from', 'The last day comes before the first'));
    }
    if (errors.length) throw new ValidationError(errors);
    return em.transactional(async (tx) => {
      if (await tx.count(CampaignCode, { code })) throw taken(code);
      const created = tx.create(CampaignCode, {
        code,
        effect: input.effect.type,
        value,
        validFrom,
        validTo,
        maxUses: input.maxUses ?? null,
        uses: 0,
        description: input.description?.trim() || null,
        createdAt: new Date(),
      });
      try {
        await tx.flush();
      } catch (error) {
        // Two admins creating one code at once: the unique index decides.
        if ((error as { code?: string }).code === '23505') throw taken(code);
        throw error;
      }
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: null,
        action: 'campaign_code.created',
        data: {
          campaignCodeId: created.id,
          code,
          effect: input.effect.type,
          value,
          validFrom,
          validTo,
          maxUses: created.maxUses ?? null,
        },
        ip: actor.ip,
      });
      return created;
    });
  }

  async update(em: EntityManager, actor: AdminActor, id: string, change: CampaignCodeChange): Promise<CampaignCode> {
    return em.transactional(async (tx) => {
      const code = await this.#lock(tx, id);
      const before = {
        validTo: code.validTo ?? null,
        maxUses: code.maxUses ?? null,
        description: code.description ?? null,
      };
      const after = {
        validTo: change.validTo === undefined ? before.validTo : change.validTo,
        maxUses: change.maxUses === undefined ? before.maxUses : change.maxUses,
        description: change.description === undefined ? before.description : change.description?.trim() || null,
      };
      const errors: FieldError[] = [];
      if (after.validTo !== null && after.validTo < code.validFrom) {
        errors.push(
          fieldError('body.validTo', 'before_valid_from', 'The last day comes before the first', {
            validFrom: code.validFrom,
          }),
        );
      }
      if (after.maxUses !== null && after.maxUses < code.uses) {
        errors.push(
          fieldError('body.maxUses', 'below_uses', 'The code has been used more times already', { uses: code.uses }),
        );
      }
      if (errors.length) throw new ValidationError(errors);
      tx.assign(code, after);
      await tx.flush();
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: null,
        action: 'campaign_code.updated',
        data: { campaignCodeId: id, code: code.code, before, after },
        ip: actor.ip,
      });
      return code;
    });
  }

  /** Last day yesterday (Sweden); a code that had not started gets yesterday as its first day too. */
  async expire(em: EntityManager, actor: AdminActor, id: string): Promise<CampaignCode> {
    return em.transactional(async (tx) => {
      const code = await this.#lock(tx, id);
      const yesterday = addDays(this.#today(), -1);
      if (code.validTo && code.validTo <= yesterday) return code;
      const before = { validFrom: code.validFrom, validTo: code.validTo ?? null };
      tx.assign(code, { validTo: yesterday, validFrom: code.validFrom > yesterday ? yesterday : code.validFrom });
      await tx.flush();
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: null,
        action: 'campaign_code.expired',
        data: {
          campaignCodeId: id,
          code: code.code,
          before,
          after: { validFrom: code.validFrom, validTo: code.validTo },
        },
        ip: actor.ip,
      });
      return code;
    });
  }

  /** The invoices that carry the code, newest first, with their freelancer's id. */
  async uses(
    em: EntityManager,
    id: string,
    page: number,
    pageSize: number,
  ): Promise<{ items: CampaignCodeUseRow[]; total: number }> {
    await this.get(em, id);
    const rows = await sqlRows<{
      id: string;
      owner_id: string;
      number: string | null;
      state: Invoice['state'];
      invoice_date: string;
      currency: Invoice['currency'];
      total_excl_vat: string;
      sent_at: Date | null;
      counted: boolean;
      total: number;
    }>(
      em,
      `select "id", "owner_id", "number", "state", to_char("invoice_date", 'YYYY-MM-DD') as "invoice_date", "currency",
         "total_excl_vat", "sent_at", "campaign_code_counted_at" is not null as "counted", count(*) over ()::int as "total"
       from "invoice" where "campaign_code_id" = ? order by "created_at" desc, "id" desc limit ? offset ?`,
      [id, pageSize, (page - 1) * pageSize],
    );
    const total =
      rows[0]?.total ??
      (page > 1
        ? ((
            await sqlRow<{ n: number }>(em, `select count(*)::int as "n" from "invoice" where "campaign_code_id" = ?`, [
              id,
            ])
          )?.n ?? 0)
        : 0);
    return {
      total,
      items: rows.map((row) => ({
        invoiceId: row.id,
        ownerId: row.owner_id,
        number: row.number === null ? null : Number(row.number),
        state: row.state,
        invoiceDate: row.invoice_date,
        currency: row.currency,
        totalExclVat: Number(row.total_excl_vat),
        sentAt: row.sent_at ? new Date(row.sent_at) : null,
        counted: row.counted,
      })),
    };
  }

  async #lock(em: EntityManager, id: string): Promise<CampaignCode> {
    const [row] = await sqlRows<{ id: string }>(em, `select "id" from "campaign_code" where "id" = ? for update`, [id]);
    if (!row) throw notFound();
    return em.findOneOrFail(CampaignCode, { id });
  }
}

const taken = (code: string) => new ConflictError('campaign_code_taken', `The code ${code} exists already`);
