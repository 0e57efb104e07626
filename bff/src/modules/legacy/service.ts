// The old product's records: the admin's import (checked whole, stored whole or not at all, once per file and once
// per record) and the lists a user with the legacy flag reads (docs/product/legacy.md).
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { swedishToday } from '../../domain/calendar-date.ts';
import { decodeText } from '../../domain/csv-table.ts';
import {
  parseLegacyInvoices,
  parseLegacyPayouts,
  payoutFingerprintText,
  type LegacyAccountKey,
  type LegacyInvoiceRecord,
  type LegacyKind,
  type LegacyLineError,
  type LegacyParseResult,
  type LegacyPayoutRecord,
} from '../../domain/legacy-records.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { ForbiddenError, TooLargeError, ValidationError, fieldError } from '../../platform/errors.ts';
import { accountsByIdentifiers, grantLegacyFlag, hasLegacyFlag } from '../auth/public.ts';
import { LegacyImport } from './entities.ts';

/** At most this many bad lines are reported: a wrong file would otherwise list every line. */
const MAX_REPORTED_ERRORS = 200;

export interface ImportActor {
  userId: string;
  ip: string | null;
}

export interface ImportedFile {
  fileName: string;
  data: Buffer;
  /** Longer than the contract's limit: only its start arrived, and nothing of it is read. */
  truncated: boolean;
}

export interface ListQuery<S extends string> {
  page: number;
  pageSize: number;
  sort: S;
  order: 'asc' | 'desc';
}

export type InvoiceSort = 'invoiceDate' | 'dueDate' | 'number' | 'recipient' | 'total' | 'paid';
export type PayoutSort =
  | 'createdDate'
  | 'transactionDate'
  | 'socialFees'
  | 'taxMoney'
  | 'netSalary'
  | 'pensionTax'
  | 'pensionDeposition';

// Numbers of the old product may be digits or not: digits sort as numbers (shorter first), the rest after them.
const INVOICE_SORT: Record<InvoiceSort, string[]> = {
  invoiceDate: [`"invoice_date"`],
  dueDate: [`"due_date"`],
  number: [`length("number")`, `"number"`],
  recipient: [`lower("recipient")`],
  total: [`"total"`],
  paid: [`"paid"`],
};
const PAYOUT_SORT: Record<PayoutSort, string> = {
  createdDate: `"created_date"`,
  transactionDate: `"transaction_date"`,
  socialFees: `"social_fees"`,
  taxMoney: `"tax_money"`,
  netSalary: `"net_salary"`,
  pensionTax: `"pension_tax"`,
  pensionDeposition: `"pension_deposition"`,
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const direction = (order: 'asc' | 'desc') => (order === 'asc' ? 'asc' : 'desc');
/** Nulls (a payout not paid out) last, whichever the direction. */
const orderBy = (columns: string[], order: 'asc' | 'desc', tieBreak: string[]) =>
  [...columns, ...tieBreak].map((column) => `${column} ${direction(order)} nulls last`).join(', ');

export class LegacyRecords {
  readonly #now: () => Date;

  constructor(options: { now?: () => Date } = {}) {
    this.#now = options.now ?? (() => new Date());
  }

  /** 403 `legacy_not_enabled` unless the account has the legacy flag. */
  async requireLegacy(em: EntityManager, userId: string): Promise<void> {
    if (!(await hasLegacyFlag(em, userId))) {
      throw new ForbiddenError('legacy_not_enabled', 'This account has no records from the old product');
    }
  }

  /**
   * Imports a file of one kind. The file is checked whole first; one bad line rejects it with every bad line named
   * and nothing stored. Imports run one at a time (a transaction-scoped advisory lock), so the checks against what
   * is stored hold until the file's records are in.
   */
  async import(
    em: EntityManager,
    actor: ImportActor,
    kind: LegacyKind,
    file: ImportedFile,
  ): Promise<{ record: LegacyImport; repeated: boolean }> {
    if (file.truncated) throw new TooLargeError('too_large', 'The file is larger than 10 MB');
    const fileSha256 = sha256(file.data);
    return em.transactional(async (tx) => {
      await sqlRows(tx, `select pg_advisory_xact_lock(hashtext('legacy_import'))`);
      const earlier = await tx.findOne(LegacyImport, { kind, fileSha256 });
      if (earlier) return { record: earlier, repeated: true };

      const today = swedishToday(this.#now());
      const text = decodeText(file.data);
      const parsed: LegacyParseResult<LegacyInvoiceRecord | LegacyPayoutRecord> =
        kind === 'invoices' ? parseLegacyInvoices(text, today) : parseLegacyPayouts(text, today);
      if (!parsed.ok) throw rejected(parsed.errors);
      const errors = [...parsed.errors];
      const linked = await this.#link(tx, parsed.records, errors);
      const stored =
        kind === 'invoices'
          ? await this.#newInvoices(tx, linked as Linked<LegacyInvoiceRecord>[], errors)
          : await this.#newPayouts(tx, linked as Linked<LegacyPayoutRecord>[]);
      if (errors.length) throw rejected(errors);

      const accounts = [...new Set(linked.map((record) => record.userId))];
      const record = tx.create(LegacyImport, {
        kind,
        fileName: file.fileName.slice(0, 255) || `${kind}.csv`,
        fileSha256,
        rows: parsed.records.length,
        created: stored.fresh.length,
        alreadyPresent: parsed.records.length - stored.fresh.length,
        accounts: accounts.length,
        importedBy: actor.userId,
        createdAt: this.#now(),
      });
      await tx.flush();
      await stored.insert(record.id);
      await grantLegacyFlag(tx, accounts);
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: null,
        action: 'legacy.imported',
        data: {
          importId: record.id,
          kind,
          fileName: record.fileName,
          fileSha256,
          rows: record.rows,
          created: record.created,
          alreadyPresent: record.alreadyPresent,
          accounts: record.accounts,
        },
        ip: actor.ip,
      });
      return { record, repeated: false };
    });
  }

  /** The account of each record (by email, by personal identity number, or both agreeing), or a complaint. */
  async #link<R extends { line: number; account: LegacyAccountKey }>(
    em: EntityManager,
    records: readonly R[],
    errors: LegacyLineError[],
  ): Promise<Linked<R>[]> {
    const emails = records.flatMap((r) => (r.account.email ? [r.account.email] : []));
    const numbers = records.flatMap((r) => (r.account.personalNumber ? [r.account.personalNumber] : []));
    const { byEmail, byGovernmentId } = await accountsByIdentifiers(em, emails, numbers);
    const linked: Linked<R>[] = [];
    for (const record of records) {
      const fail = (column: string, code: LegacyLineError['code'], message: string) =>
        errors.push({ line: record.line, column, code, message });
      const { email, personalNumber } = record.account;
      const viaEmail = email ? byEmail.get(email) : undefined;
      const viaNumber = personalNumber ? byGovernmentId.get(personalNumber) : undefined;
      if (email && !viaEmail) {
        fail('email', 'user_not_found', `No account has the address ${email}`);
        continue;
      }
      if (personalNumber && !viaNumber?.length) {
        fail('personalNumber', 'user_not_found', 'No account has this personal identity number');
        continue;
      }
      if (viaNumber && viaNumber.length > 1 && !viaEmail) {
        fail(
          'personalNumber',
          'user_mismatch',
          'Several accounts have this personal identity number: name the email too',
        );
        continue;
      }
      if (viaEmail && viaNumber && !viaNumber.includes(viaEmail)) {
        fail(
          'personalNumber',
          'user_mismatch',
          'The email and the personal identity number belong to different accounts',
        );
        continue;
      }
      linked.push({ ...record, userId: (viaEmail ?? viaNumber![0])! });
    }
    return linked;
  }

  /** The file's invoices not stored yet; one stored with other values, or twice in the file, is a bad line. */
  async #newInvoices(
    em: EntityManager,
    records: Linked<LegacyInvoiceRecord>[],
    errors: LegacyLineError[],
  ): Promise<Stored> {
    const firstLine = new Map<string, number>();
    const unique: Linked<LegacyInvoiceRecord>[] = [];
    for (const record of records) {
      const key = `${record.userId} ${record.number}`;
      const seen = firstLine.get(key);
      if (seen !== undefined) {
        errors.push({
          line: record.line,
          column: 'number',
          code: 'duplicate_in_file',
          message: `Invoice ${record.number} of this account is on line ${seen} too`,
        });
      } else {
        firstLine.set(key, record.line);
        unique.push(record);
      }
    }
    const existing = await sqlRows<{
      user_id: string;
      number: string;
      recipient: string;
      paid: boolean;
      invoice_date: string;
      due_date: string;
      total: string;
      currency: string;
    }>(
      em,
      `select l."user_id", l."number", l."recipient", l."paid", to_char(l."invoice_date", 'YYYY-MM-DD') as "invoice_date",
         to_char(l."due_date", 'YYYY-MM-DD') as "due_date", l."total", l."currency"
       from "legacy_invoice" l
       join jsonb_to_recordset(?::jsonb) as k("user_id" uuid, "number" text) using ("user_id", "number")`,
      [JSON.stringify(unique.map((r) => ({ user_id: r.userId, number: r.number })))],
    );
    const stored = new Map(existing.map((row) => [`${row.user_id} ${row.number}`, row]));
    const fresh: Linked<LegacyInvoiceRecord>[] = [];
    for (const record of unique) {
      const row = stored.get(`${record.userId} ${record.number}`);
      if (!row) {
        fresh.push(record);
      } else if (
        row.recipient !== record.recipient ||
        row.paid !== record.paid ||
        row.invoice_date !== record.invoiceDate ||
        row.due_date !== record.dueDate ||
        Number(row.total) !== record.total ||
        row.currency !== record.currency
      ) {
        errors.push({
          line: record.line,
          column: 'number',
          code: 'conflicts_with_imported',
          message: `Invoice ${record.number} of this account was imported before with other values`,
        });
      }
    }
    return {
      fresh,
      insert: async (importId) => {
        for (const chunk of chunks(fresh)) {
          await sqlRows(
            em,
            `insert into "legacy_invoice" ("user_id", "import_id", "number", "recipient", "paid", "invoice_date", "due_date",
               "total", "currency")
             select r."user_id", ?, r."number", r."recipient", r."paid", r."invoice_date", r."due_date", r."total", r."currency"
             from jsonb_to_recordset(?::jsonb) as r("user_id" uuid, "number" text, "recipient" text, "paid" boolean,
               "invoice_date" date, "due_date" date, "total" bigint, "currency" text)`,
            [
              importId,
              JSON.stringify(
                chunk.map((r) => ({
                  user_id: r.userId,
                  number: r.number,
                  recipient: r.recipient,
                  paid: r.paid,
                  invoice_date: r.invoiceDate,
                  due_date: r.dueDate,
                  total: r.total,
                  currency: r.currency,
                })),
              ),
            ],
          );
        }
      },
    };
  }

  /** The file's payouts not stored yet: the n-th identical payout of an account in the file is its n-th one. */
  async #newPayouts(em: EntityManager, records: Linked<LegacyPayoutRecord>[]): Promise<Stored> {
    const occurrences = new Map<string, number>();
    const keyed = records.map((record) => {
      const fingerprint = sha256(payoutFingerprintText(record));
      const key = `${record.userId} ${fingerprint}`;
      const occurrence = (occurrences.get(key) ?? 0) + 1;
      occurrences.set(key, occurrence);
      return { record, fingerprint, occurrence };
    });
    const existing = await sqlRows<{ user_id: string; fingerprint: string; occurrence: number }>(
      em,
      `select l."user_id", l."fingerprint", l."occurrence" from "legacy_payout" l
       join jsonb_to_recordset(?::jsonb) as k("user_id" uuid, "fingerprint" text, "occurrence" int)
         using ("user_id", "fingerprint", "occurrence")`,
      [
        JSON.stringify(
          keyed.map((k) => ({ user_id: k.record.userId, fingerprint: k.fingerprint, occurrence: k.occurrence })),
        ),
      ],
    );
    const stored = new Set(existing.map((row) => `${row.user_id} ${row.fingerprint} ${row.occurrence}`));
    const fresh = keyed.filter((k) => !stored.has(`${k.record.userId} ${k.fingerprint} ${k.occurrence}`));
    return {
      fresh,
      insert: async (importId) => {
        for (const chunk of chunks(fresh)) {
          await sqlRows(
            em,
            `insert into "legacy_payout" ("user_id", "import_id", "fingerprint", "occurrence", "created_date",
               "transaction_date", "social_fees", "tax_money", "net_salary", "pension_tax", "pension_deposition")
             select r."user_id", ?, r."fingerprint", r."occurrence", r."created_date", r."transaction_date", r."social_fees",
               r."tax_money", r."net_salary", r."pension_tax", r."pension_deposition"
             from jsonb_to_recordset(?::jsonb) as r("user_id" uuid, "fingerprint" text, "occurrence" int,
               "created_date" date, "transaction_date" date, "social_fees" bigint, "tax_money" bigint,
               "net_salary" bigint, "pension_tax" bigint, "pension_deposition" bigint)`,
            [
              importId,
              JSON.stringify(
                chunk.map(({ record: r, fingerprint, occurrence }) => ({
                  user_id: r.userId,
                  fingerprint,
                  occurrence,
                  created_date: r.createdDate,
                  transaction_date: r.transactionDate,
                  social_fees: r.socialFees,
                  tax_money: r.taxMoney,
                  net_salary: r.netSalary,
                  pension_tax: r.pensionTax,
                  pension_deposition: r.pensionDeposition,
                })),
              ),
            ],
          );
        }
      },
    };
  }

  async listInvoices(em: EntityManager, userId: string, query: ListQuery<InvoiceSort>) {
    await this.requireLegacy(em, userId);
    const [rows, count, years] = await Promise.all([
      sqlRows<{
        id: string;
        number: string;
        recipient: string;
        paid: boolean;
        invoice_date: string;
        due_date: string;
        total: string;
        currency: string;
      }>(
        em,
        `select "id", "number", "recipient", "paid", to_char("invoice_date", 'YYYY-MM-DD') as "invoice_date",
           to_char("due_date", 'YYYY-MM-DD') as "due_date", "total", "currency"
         from "legacy_invoice" where "user_id" = ?
         order by ${orderBy(INVOICE_SORT[query.sort], query.order, [`length("number")`, `"number"`, `"id"`])}
         limit ? offset ?`,
        [userId, query.pageSize, (query.page - 1) * query.pageSize],
      ),
      sqlRow<{ n: number }>(em, `select count(*)::int as "n" from "legacy_invoice" where "user_id" = ?`, [userId]),
      sqlRows<{ year: number; currency: string; count: number; total: string; paid_count: number; paid_total: string }>(
        em,
        `select extract(year from "invoice_date")::int as "year", "currency", count(*)::int as "count",
           sum("total") as "total", count(*) filter (where "paid")::int as "paid_count",
           coalesce(sum("total") filter (where "paid"), 0) as "paid_total"
         from "legacy_invoice" where "user_id" = ? group by 1, 2 order by 1 desc, 2`,
        [userId],
      ),
    ]);
    return {
      total: count?.n ?? 0,
      items: rows.map((row) => ({
        id: row.id,
        number: row.number,
        recipient: row.recipient,
        paid: row.paid,
        invoiceDate: row.invoice_date,
        dueDate: row.due_date,
        total: Number(row.total),
        currency: row.currency,
      })),
      years: years.map((year) => ({
        year: year.year,
        currency: year.currency,
        count: year.count,
        total: Number(year.total),
        paidCount: year.paid_count,
        paidTotal: Number(year.paid_total),
      })),
    };
  }

  async listPayouts(em: EntityManager, userId: string, query: ListQuery<PayoutSort>) {
    await this.requireLegacy(em, userId);
    const amounts = `"social_fees", "tax_money", "net_salary", "pension_tax", "pension_deposition"`;
    const [rows, count, years] = await Promise.all([
      sqlRows<PayoutAmountsRow & { id: string; created_date: string; transaction_date: string | null }>(
        em,
        `select "id", to_char("created_date", 'YYYY-MM-DD') as "created_date",
           to_char("transaction_date", 'YYYY-MM-DD') as "transaction_date", ${amounts}
         from "legacy_payout" where "user_id" = ?
         order by ${orderBy([PAYOUT_SORT[query.sort]], query.order, [`"created_date"`, `"id"`])}
         limit ? offset ?`,
        [userId, query.pageSize, (query.page - 1) * query.pageSize],
      ),
      sqlRow<{ n: number }>(em, `select count(*)::int as "n" from "legacy_payout" where "user_id" = ?`, [userId]),
      sqlRows<PayoutAmountsRow & { year: number; count: number }>(
        em,
        `select extract(year from coalesce("transaction_date", "created_date"))::int as "year", count(*)::int as "count",
           sum("social_fees") as "social_fees", sum("tax_money") as "tax_money", sum("net_salary") as "net_salary",
           sum("pension_tax") as "pension_tax", sum("pension_deposition") as "pension_deposition"
         from "legacy_payout" where "user_id" = ? group by 1 order by 1 desc`,
        [userId],
      ),
    ]);
    return {
      total: count?.n ?? 0,
      items: rows.map((row) => ({
        id: row.id,
        createdDate: row.created_date,
        transactionDate: row.transaction_date,
        ...payoutAmounts(row),
      })),
      years: years.map((year) => ({ year: year.year, count: year.count, ...payoutAmounts(year) })),
    };
  }

  async listImports(em: EntityManager, page: number, pageSize: number) {
    const [items, total] = await em.findAndCount(
      LegacyImport,
      {},
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { items, total };
  }
}

type Linked<R> = R & { userId: string };

interface Stored {
  fresh: unknown[];
  insert(importId: string): Promise<void>;
}

interface PayoutAmountsRow {
  social_fees: string;
  tax_money: string;
  net_salary: string;
  pension_tax: string;
  pension_deposition: string;
}

function payoutAmounts(row: PayoutAmountsRow) {
  return {
    socialFees: Number(row.social_fees),
    taxMoney: Number(row.tax_money),
    netSalary: Number(row.net_salary),
    pensionTax: Number(row.pension_tax),
    pensionDeposition: Number(row.pension_deposition),
  };
}

/** Inserts go in slices, so one statement's JSON stays a few megabytes at most. */
function* chunks<T>(items: readonly T[], size = 5_000): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** The 400 `legacy_file_rejected`: every bad line, in file order, as a field error of `body.file`. */
function rejected(errors: readonly LegacyLineError[]): ValidationError {
  const sorted = [...errors].sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_ERRORS);
  return new ValidationError(
    sorted.map((error) =>
      fieldError('body.file', error.code, error.message, {
        line: error.line,
        ...(error.column ? { column: error.column } : {}),
      }),
    ),
    {
      code: 'legacy_file_rejected',
      detail: `The file has ${errors.length} bad line${errors.length === 1 ? '' : 's'}; nothing was imported`,
    },
  );
}
