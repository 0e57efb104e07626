// The exchange-rate table as support keeps it (docs/product/back-office.md#exchange-rates): read, corrected by hand,
// and filled from the Riksbank's published CSV. A rate entered by hand is never overwritten by an import.
import type { EntityManager } from '@mikro-orm/postgresql';
import { decodeText } from '../../domain/csv-table.ts';
import { compare, parseDecimal } from '../../domain/exact-decimal.ts';
import { parseRiksbankRates, type RateCurrency } from '../../domain/riksbank-exchange-rates.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { TooLargeError, ValidationError, fieldError } from '../../platform/errors.ts';
import type { AdminActor } from './campaign-code-admin.ts';

export interface ExchangeRateRow {
  currency: RateCurrency;
  date: string;
  sekPerUnit: string;
  source: string;
  createdAt: Date;
}

export interface ExchangeRateImportResult {
  layout: 'long' | 'wide';
  observations: number;
  created: number;
  updated: number;
  unchanged: number;
  keptManual: number;
  skippedSeries: string[];
  firstDate: string | null;
  lastDate: string | null;
}

interface SqlRow {
  currency: RateCurrency;
  date: string;
  sek_per_unit: string;
  source: string;
  created_at: Date;
  total?: number;
}

/** `11.0534000000` as numeric(20,10) prints it → `11.0534`. */
const trimDecimal = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

const rowOf = (row: SqlRow): ExchangeRateRow => ({
  currency: row.currency,
  date: row.date,
  sekPerUnit: trimDecimal(row.sek_per_unit),
  source: row.source,
  createdAt: new Date(row.created_at),
});

const COLUMNS = `"currency", to_char("date", 'YYYY-MM-DD') as "date", "sek_per_unit", "source", "created_at"`;

export class ExchangeRateAdmin {
  async list(
    em: EntityManager,
    query: {
      currency?: RateCurrency | undefined;
      from?: string | undefined;
      to?: string | undefined;
      page: number;
      pageSize: number;
    },
  ): Promise<{ items: ExchangeRateRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.currency) {
      where.push(`"currency" = ?`);
      params.push(query.currency);
    }
    if (query.from) {
      where.push(`"date" >= ?`);
      params.push(query.from);
    }
    if (query.to) {
      where.push(`"date" <= ?`);
      params.push(query.to);
    }
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const rows = await sqlRows<SqlRow>(
      em,
      `select ${COLUMNS}, count(*) over ()::int as "total" from "exchange_rate" ${filter}
       order by "date" desc, "currency" limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    const total =
      rows[0]?.total ??
      (query.page > 1
        ? ((await sqlRow<{ n: number }>(em, `select count(*)::int as "n" from "exchange_rate" ${filter}`, params))?.n ??
          0)
        : 0);
    return { total, items: rows.map(rowOf) };
  }

  /** One day's rate entered by hand (it replaces whatever was there, and no import replaces it). */
  async set(
    em: EntityManager,
    actor: AdminActor,
    currency: RateCurrency,
    date: string,
    sekPerUnit: string,
  ): Promise<ExchangeRateRow> {
    const value = parseDecimal(sekPerUnit, 10);
    if (!value || value.numerator <= 0n) {
      throw new ValidationError([fieldError('body.sekPerUnit', 'too_small', 'A rate above 0')]);
    }
    return em.transactional(async (tx) => {
      const before = await sqlRow<SqlRow>(
        tx,
        `select ${COLUMNS} from "exchange_rate" where "currency" = ? and "date" = ? for update`,
        [currency, date],
      );
      const [row] = await sqlRows<SqlRow>(
        tx,
        `insert into "exchange_rate" ("currency", "date", "sek_per_unit", "source") values (?, ?, ?, 'manual')
         on conflict ("currency", "date") do update set "sek_per_unit" = excluded."sek_per_unit", "source" = 'manual'
         returning ${COLUMNS}`,
        [currency, date, sekPerUnit],
      );
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: null,
        action: 'exchange_rate.set',
        data: {
          currency,
          date,
          sekPerUnit: trimDecimal(row!.sek_per_unit),
          before: before ? { sekPerUnit: trimDecimal(before.sek_per_unit), source: before.source } : null,
        },
        ip: actor.ip,
      });
      return rowOf(row!);
    });
  }

  /** A Riksbank CSV: checked whole, then every rate stored in one transaction (rates entered by hand are kept). */
  async import(
    em: EntityManager,
    actor: AdminActor,
    file: { fileName: string; data: Buffer; truncated: boolean },
  ): Promise<ExchangeRateImportResult> {
    if (file.truncated) throw new TooLargeError('too_large', 'The file is larger than 5 MB');
    const parsed = parseRiksbankRates(decodeText(file.data));
    if (!parsed.ok) {
      throw new ValidationError(
        parsed.errors.map((error) => fieldError('body.file', error.code, error.message, { line: error.line })),
        { code: 'exchange_rate_file_rejected', detail: 'The file has bad lines; nothing was imported' },
      );
    }
    const observations = parsed.observations;
    const result: ExchangeRateImportResult = {
      layout: parsed.layout,
      observations: observations.length,
      created: 0,
      updated: 0,
      unchanged: 0,
      keptManual: 0,
      skippedSeries: [...parsed.skippedSeries],
      firstDate: observations[0]?.date ?? null,
      lastDate: observations.at(-1)?.date ?? null,
    };
    if (observations.length === 0) return result;
    await em.transactional(async (tx) => {
      const json = JSON.stringify(
        observations.map((o) => ({ currency: o.currency, date: o.date, rate: o.sekPerUnit })),
      );
      const existing = await sqlRows<SqlRow>(
        tx,
        `select e."currency", to_char(e."date", 'YYYY-MM-DD') as "date", e."sek_per_unit", e."source", e."created_at"
         from "exchange_rate" e
         join jsonb_to_recordset(?::jsonb) as i("currency" text, "date" date, "rate" text)
           on i."currency" = e."currency" and i."date" = e."date"
         for update of e`,
        [json],
      );
      const stored = new Map(existing.map((row) => [`${row.currency} ${row.date}`, row]));
      for (const observation of observations) {
        const row = stored.get(`${observation.currency} ${observation.date}`);
        if (!row) result.created++;
        else if (row.source === 'manual') result.keptManual++;
        else if (compare(parseDecimal(row.sek_per_unit, 10)!, parseDecimal(observation.sekPerUnit, 10)!) === 0)
          result.unchanged++;
        else result.updated++;
      }
      await sqlRows(
        tx,
        `insert into "exchange_rate" ("currency", "date", "sek_per_unit", "source")
         select i."currency", i."date", i."rate"::numeric, 'riksbank'
         from jsonb_to_recordset(?::jsonb) as i("currency" text, "date" date, "rate" text)
         on conflict ("currency", "date") do update set "sek_per_unit" = excluded."sek_per_unit", "source" = 'riksbank'
           where "exchange_rate"."source" <> 'manual' and "exchange_rate"."sek_per_unit" <> excluded."sek_per_unit"`,
        [json],
      );
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: null,
        action: 'exchange_rate.imported',
        data: { fileName: file.fileName, ...result },
        ip: actor.ip,
      });
    });
    return result;
  }
}
