// Reads and writes of invoices. The list and the dashboard are hand-written SQL: their shape (the page found on an
// index before any row is read, totals from the counters) is what keeps them fast for a user with 100 000 invoices.
// Every status change goes through `transition`, the one place that writes `state`.
import { randomUUID } from 'node:crypto';
import type { EntityName, RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  INVOICE_STATE_KEYS,
  transitionInvoice,
  type InvoiceEvent,
  type InvoiceState,
} from '../../domain/invoice-status.ts';
import {
  DATE_KEY,
  NO_KEY,
  TIMESTAMP_KEY,
  keysetPage,
  pageLimit,
  readOrder,
  seekCondition,
  seekOf,
  type SeekColumn,
} from '../../platform/db/keyset.ts';
import {
  insertOf,
  plainOf,
  plainRows,
  preparedRows,
  preparedWrite,
  runSql,
  type SqlRunner,
} from '../../platform/db/sql.ts';
import { ownerSearchKeysMatch } from '../../platform/db/search.ts';
import type { AppliedPayment } from '../../domain/late-payment-interest.ts';
import type { SentReminder } from '../../domain/payment-reminders.ts';
import { illegalTransition, versionConflict } from './errors.ts';
import {
  CampaignCode,
  ExchangeRateRecord,
  Invoice,
  InvoiceEventRecord,
  InvoiceExpense,
  InvoiceRow,
  type InvoiceActorType,
  type InvoiceKind,
  type IsoCurrency,
} from './entities.ts';

export type InvoiceSort = 'invoiceDate' | 'dueDate' | 'number' | 'updatedAt';

export interface InvoiceListQuery {
  /** States to show; empty = every state but deleted. */
  states: InvoiceState[];
  customerId?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
  sort: InvoiceSort;
  order: 'asc' | 'desc';
  /** Only overdue invoices (sent or partly paid, due before `today`), the `overdue` of each item. */
  overdue?: { today: string } | undefined;
  /** A cursor of a page beside this one (keyset; `page` is then only the number shown). */
  after?: string | undefined;
  before?: string | undefined;
}

/** A list row: the invoice's own columns and its recipient's name (as sent, or the customer's current one). */
export interface InvoiceListRow {
  id: string;
  number: number | null;
  state: InvoiceState;
  customerId: string;
  recipientName: string;
  reference: string | null;
  invoiceDate: string;
  dueDate: string;
  currency: IsoCurrency;
  totalExclVat: number;
  totalVat: number;
  totalInclVat: number;
  paidAmount: number;
  kind: InvoiceKind;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Who changes an invoice's state, as its event records it. */
export interface EventActor {
  type: InvoiceActorType;
  /** The person (the user, or the admin); null for the system. */
  userId: string | null;
}

export interface TransitionOptions {
  reason?: string | null;
  data?: Record<string, unknown>;
  /** A retried request or job with the same key finds the event it made instead of making a second. */
  idempotencyKey?: string | null;
  /**
   * Further column changes written with the state in the same statement: when it was sent or paid; what the send
   * froze of its recipient (JSON) and the problems it waits on, cleared when it goes out.
   */
  set?: Partial<Pick<Invoice, 'sentAt' | 'paidAt'>> & { recipientSnapshot?: string; clearSendProblemCodes?: true };
}

const SORT_COLUMNS: Record<InvoiceSort, string> = {
  invoiceDate: `"invoice_date"`,
  dueDate: `"due_date"`,
  number: `"number"`,
  updatedAt: `"updated_at"`,
};
/**
 * How a cursor's key is read back per sort (platform/db/keyset.ts). Invoice numbers have none: drafts have no
 * number, and a row comparison with a null never holds, so that sort pages by `page` alone.
 */
const SEEK_COLUMNS: Record<InvoiceSort, SeekColumn | null> = {
  invoiceDate: { column: SORT_COLUMNS.invoiceDate, cast: 'date', pattern: DATE_KEY },
  dueDate: { column: SORT_COLUMNS.dueDate, cast: 'date', pattern: DATE_KEY },
  number: null,
  updatedAt: { column: SORT_COLUMNS.updatedAt, cast: 'timestamptz', pattern: TIMESTAMP_KEY },
};
const orderBy = (sort: InvoiceSort, alias: string, direction: 'asc' | 'desc') =>
  `${alias}${SORT_COLUMNS[sort]} ${direction}, ${alias}"id" ${direction}`;

const MAX_SEARCH_WORDS = 5;
/** Up to this many matches a search page sorts them all; above it, it walks the date index (#searchByCustomerCounts). */
const SPARSE_SEARCH = 2000;
/** Trigrams need three characters: a shorter word is matched by a scan of the owner's index entries instead. */
const TRIGRAM_WORD = 3;

/** The number a search word can stand for: digits only, as many as an invoice number has at most. */
const numberOf = (word: string): number | null => (/^\d{1,18}$/.test(word) ? Number(word) : null);

/** A customer's current name holds a word (`?`: the word). */
const NAME_HOLDS = `strpos(lower("name" collate "und-x-icu"), ?) > 0`;

/**
 * An invoice matches a search word: by its reference or name as sent, its number, or its customer's current name. On
 * columns the date index INCLUDEs, so a walk of it reads no table row. `alias` prefixes the invoice's columns.
 */
function matchesWord(ownerId: string, word: string, alias: string): { sql: string; params: unknown[] } {
  const number = numberOf(word);
  return {
    sql: `(strpos(${alias}"search_text", ?) > 0${number === null ? '' : ` or ${alias}"number" = ?`}
      or ${alias}"customer_id" = any(array(select "id" from "customer" where "owner_id" = ? and ${NAME_HOLDS})))`,
    params: [word, ...(number === null ? [] : [number]), ownerId, word],
  };
}

/** The words of a search, lower case like the `search_text` columns. */
export function searchWords(q: string | undefined): string[] {
  const words = (q ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

interface ListSqlRow {
  id: string;
  number: string | null;
  state: InvoiceState;
  customer_id: string;
  recipient_name: string;
  reference: string | null;
  invoice_date: string;
  due_date: string;
  currency: IsoCurrency;
  total_excl_vat: string;
  total_vat: string;
  total_incl_vat: string;
  paid_amount: string;
  kind: InvoiceKind;
  version: number;
  created_at: string;
  updated_at: string;
  /** The sort column as text: what a cursor carries. */
  sort_key: string;
  total: number;
}

/** One page of a list, how many match in all, and the cursors of the pages beside it. */
export interface InvoiceListPage {
  items: InvoiceListRow[];
  total: number;
  next: string | null;
  previous: string | null;
}

const LIST_COLUMNS = `i."id", i."number", i."state", i."customer_id",
  coalesce(i."recipient_snapshot" ->> 'name', c."name") as "recipient_name", i."reference",
  to_char(i."invoice_date", 'YYYY-MM-DD') as "invoice_date", to_char(i."due_date", 'YYYY-MM-DD') as "due_date",
  i."currency", i."total_excl_vat", i."total_vat", i."total_incl_vat", i."paid_amount", i."kind", i."version",
  i."created_at", i."updated_at"`;

function listRowOf(row: ListSqlRow): InvoiceListRow {
  return {
    id: row.id,
    number: row.number === null ? null : Number(row.number),
    state: row.state,
    customerId: row.customer_id,
    recipientName: row.recipient_name,
    reference: row.reference,
    invoiceDate: row.invoice_date,
    dueDate: row.due_date,
    currency: row.currency,
    totalExclVat: Number(row.total_excl_vat),
    totalVat: Number(row.total_vat),
    totalInclVat: Number(row.total_incl_vat),
    paidAmount: Number(row.paid_amount),
    kind: row.kind,
    version: row.version,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** A link to another invoice (an interest invoice and the invoice it is for). */
export interface InvoiceLinkValues {
  id: string;
  number: number | null;
  state: InvoiceState;
  invoiceDate: string;
  dueDate: string;
}

/** From the invoice's own history: the reminders sent, the payments applied, and the interest invoice either way. */
export interface AfterSending {
  reminders: SentReminder[];
  payments: AppliedPayment[];
  interestInvoice: InvoiceLinkValues | null;
  interestFor: InvoiceLinkValues | null;
}

export interface CurrencySum {
  currency: IsoCurrency;
  amount: number;
  count: number;
}

/** Another invoice as a link: its id, number, state and dates. */
const LINK = `json_build_object('id', i."id", 'number', i."number", 'state', i."state",
  'invoiceDate', to_char(i."invoice_date", 'YYYY-MM-DD'), 'dueDate', to_char(i."due_date", 'YYYY-MM-DD'))`;

/** The record of one status change: what happened, from which state to which, who did it, when. */
function eventRecord(
  invoice: { id: string; ownerId: string; state: InvoiceState },
  event: InvoiceEvent | { type: 'create' },
  to: InvoiceState,
  actor: EventActor,
  options: TransitionOptions,
): RequiredEntityData<InvoiceEventRecord> {
  return {
    invoiceId: invoice.id,
    ownerId: invoice.ownerId,
    event: event.type,
    fromState: event.type === 'create' ? null : invoice.state,
    toState: to,
    actorType: actor.type,
    actorUserId: actor.userId,
    reason: options.reason ?? null,
    data: options.data ?? {},
    idempotencyKey: options.idempotencyKey ?? null,
    createdAt: new Date(),
  };
}

/**
 * An invoice's children (`InvoiceRow` or `InvoiceExpense`, keyed by invoice and position) replaced by `children`: those
 * at positions 0..n-1 upserted and those from n on deleted, in one statement; or all deleted.
 */
function childrenReplacement<E extends object>(
  em: EntityManager,
  entity: EntityName<E>,
  invoiceId: string,
  children: object[],
): { text: string; params: unknown[] } {
  const table = em.getMetadata().get(entity).tableName;
  if (!children.length) return { text: `delete from "${table}" where "invoice_id" = ?`, params: [invoiceId] };
  const upsert = insertOf(
    em,
    entity,
    children.map((child, position) => ({ ...child, invoiceId, position })),
    { mergeOn: ['invoiceId', 'position'] },
  );
  return {
    text: `with "written" as (${upsert.text}) delete from "${table}" where "invoice_id" = ? and "position" >= ?`,
    params: [...upsert.params, invoiceId, children.length],
  };
}

export class InvoiceRepository {
  #run<T extends object>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
    return em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());
  }

  /** A list page: prepared (planned once per connection) when its shape allows, see `preparedRows`. */
  #runPage(em: EntityManager, prepared: boolean, sql: string, params: unknown[]): Promise<ListSqlRow[]> {
    return prepared ? preparedRows<ListSqlRow>(em, sql, params) : this.#run<ListSqlRow>(em, sql, params);
  }

  /** The owner's invoice, or null (another owner's and unknown ids alike); locked for the transaction when asked. */
  async findOwned(em: EntityManager, ownerId: string, id: string, lock = false): Promise<Invoice | null> {
    const [invoice] = await plainRows(
      em,
      Invoice,
      `select * from "invoice" where "id" = ? and "owner_id" = ?${lock ? ' for update' : ''}`,
      [id, ownerId],
    );
    return invoice ?? null;
  }

  rowsOf(em: EntityManager, invoiceId: string): Promise<InvoiceRow[]> {
    return plainRows(em, InvoiceRow, `select * from "invoice_row" where "invoice_id" = ? order by "position"`, [
      invoiceId,
    ]);
  }

  expensesOf(em: EntityManager, invoiceId: string): Promise<InvoiceExpense[]> {
    return plainRows(em, InvoiceExpense, `select * from "invoice_expense" where "invoice_id" = ? order by "position"`, [
      invoiceId,
    ]);
  }

  /**
   * A new draft with its rows, its expenses and its `create` event (with the actor), written by ONE statement: the
   * inserts are data-modifying CTEs, so they succeed or fail together without a transaction of their own. One round
   * trip instead of six (begin, the invoice, rows, expenses, the event, commit), each of which cost both processes.
   */
  async insertDraft(
    em: EntityManager,
    columns: Omit<RequiredEntityData<Invoice>, 'id' | 'state'> & { ownerId: string },
    rows: Omit<InvoiceRow, 'invoiceId' | 'position'>[],
    expenses: Omit<InvoiceExpense, 'invoiceId' | 'position'>[],
    actor: EventActor,
  ): Promise<Invoice> {
    // The id is made here (a v4 UUID, as the column's default) so the rows can name it in the same statement.
    const invoiceId = randomUUID();
    const draft = { id: invoiceId, ownerId: columns.ownerId, state: 'draft' as const };
    const inserts = [
      insertOf(em, Invoice, [{ ...columns, ...draft }], { returning: true }),
      rows.length &&
        insertOf(
          em,
          InvoiceRow,
          rows.map((row, position) => ({ ...row, invoiceId, position })),
        ),
      expenses.length &&
        insertOf(
          em,
          InvoiceExpense,
          expenses.map((expense, position) => ({ ...expense, invoiceId, position })),
        ),
      insertOf(em, InvoiceEventRecord, [eventRecord(draft, { type: 'create' }, 'draft', actor, {})]),
    ].filter((insert) => insert !== 0);
    const [invoice, ...others] = inserts;
    // Prepared (one shape per count of rows and expenses): PostgreSQL parses and plans it once per connection.
    const [row] = await preparedWrite<Record<string, unknown>>(
      em,
      `with "draft" as (${invoice!.text}), ${others.map((insert, i) => `"insert_${i}" as (${insert.text})`).join(', ')}
       select * from "draft"`,
      inserts.flatMap((insert) => insert.params),
    );
    return plainOf(em, Invoice, row!);
  }

  /**
   * Writes a draft's columns (the invoice's properties, as the ORM would write them) and the next version, in the
   * caller's transaction, if the stored version is still `version`; returns the stored row (for `em.map`), or null
   * when the invoice changed since it was read (a version conflict). The update takes the invoice's row lock.
   */
  async writeDraft(
    em: EntityManager,
    db: SqlRunner,
    invoiceId: string,
    version: number,
    columns: Partial<Record<keyof Invoice & string, unknown>>,
  ): Promise<Record<string, unknown> | null> {
    const properties = em.getMetadata().get(Invoice).properties as Record<string, { fieldNames: string[] }>;
    const keys = Object.keys(columns).sort();
    const [row] = await runSql<Record<string, unknown>>(
      db,
      `update "invoice" set ${keys.map((key) => `"${properties[key]!.fieldNames[0]}" = ?`).join(', ')},
         "version" = "version" + 1 where "id" = ? and "version" = ? returning *`,
      [...keys.map((key) => columns[key as keyof typeof columns]), invoiceId, version],
    );
    return row ?? null;
  }

  /**
   * The statement that replaces an invoice's rows with `rows` (run it in the transaction that wrote the invoice): the
   * rows at positions 0..n-1 are written over whatever is there and those from n on deleted, in one statement, in one
   * round trip instead of two (deleting all and inserting anew). The two parts touch disjoint rows, so the order
   * PostgreSQL runs them in does not matter.
   */
  rowsReplacement(
    em: EntityManager,
    invoiceId: string,
    rows: Omit<InvoiceRow, 'invoiceId' | 'position'>[],
  ): { text: string; params: unknown[] } {
    return childrenReplacement(em, InvoiceRow, invoiceId, rows);
  }

  /** The statement that replaces an invoice's expenses with `expenses` (as `rowsReplacement`). */
  expensesReplacement(
    em: EntityManager,
    invoiceId: string,
    expenses: Omit<InvoiceExpense, 'invoiceId' | 'position'>[],
  ): { text: string; params: unknown[] } {
    return childrenReplacement(em, InvoiceExpense, invoiceId, expenses);
  }

  /** Whether any expense (of any invoice) holds the receipt. */
  async receiptInUse(em: EntityManager, receiptId: string): Promise<boolean> {
    return (await em.count(InvoiceExpense, { receiptId })) > 0;
  }

  /**
   * Moves an invoice from `from` to the state the status machine gives for `event`, and records the event with its
   * actor, in the caller's transaction. Exactly once: the update only happens while the invoice is still in `from`
   * (a concurrent change makes it a version conflict), and a retry with the same idempotency key returns the event
   * already recorded instead of changing anything again.
   */
  async transition(
    db: SqlRunner,
    invoice: { id: string; ownerId: string; state: InvoiceState },
    event: InvoiceEvent | { type: 'create' },
    actor: EventActor,
    options: TransitionOptions = {},
  ): Promise<{ state: InvoiceState; version: number; eventId: number; repeated: boolean }> {
    // Plain SQL, so it runs in a plain-SQL transaction (the send's) as in an EntityManager's.
    if (options.idempotencyKey) {
      const [earlier] = await runSql<{ id: string }>(
        db,
        `select "id" from "invoice_event" where "invoice_id" = ? and "idempotency_key" = ? limit 1`,
        [invoice.id, options.idempotencyKey],
      );
      if (earlier) {
        const [current] = await runSql<{ version: number; state: InvoiceState }>(
          db,
          `select "version", "state" from "invoice" where "id" = ?`,
          [invoice.id],
        );
        if (!current) throw new Error(`Invoice ${invoice.id} is missing`);
        return { state: current.state, version: current.version, eventId: Number(earlier.id), repeated: true };
      }
    }
    if (event.type === 'create') {
      const record = this.#eventInsert(invoice, event, invoice.state, actor, options);
      const [inserted] = await runSql<{ id: string }>(
        db,
        `insert into "invoice_event" (${record.columns}) select ${record.values} returning "id"`,
        record.params,
      );
      return { state: invoice.state, version: 1, eventId: Number(inserted!.id), repeated: false };
    }
    const move = this.transitionStatement(invoice, event, actor, options);
    // The move and its event in one statement (one round trip): the event is recorded only if the invoice was still in
    // its state (no row moved, nothing recorded: a version conflict).
    const [moved] = await runSql<{ version: number; id: string }>(
      db,
      `with "moved" as (
         update "invoice" set ${move.sets} where "id" = ? and "state" = ? returning "version"
       ), "recorded" as (
         insert into "invoice_event" (${move.event.columns}) select ${move.event.values} from "moved" returning "id"
       )
       select "moved"."version", "recorded"."id" from "moved", "recorded"`,
      [...move.setParams, invoice.id, invoice.state, ...move.event.params],
    );
    if (!moved) throw versionConflict();
    return { state: move.to, version: moved.version, eventId: Number(moved.id), repeated: false };
  }

  /**
   * The parts of `transition`'s statement, for a caller that moves the invoice in a statement of its own (the send's
   * last, which numbers the invoice in the same update): the state the status machine gives (an illegal move is
   * refused here), the update's `set` list and its values, and the event's columns and select list with their values.
   * `eventDataExtra`, an SQL expression, is added to the event's data (`||`). The caller's update must only move the
   * invoice while it is still in `invoice.state`, and record the event only when it moved.
   */
  transitionStatement(
    invoice: { id: string; ownerId: string; state: InvoiceState },
    event: InvoiceEvent,
    actor: EventActor,
    options: TransitionOptions = {},
    eventDataExtra?: string,
  ): {
    to: InvoiceState;
    sets: string;
    setParams: unknown[];
    event: { columns: string; values: string; params: unknown[] };
  } {
    const to = this.#nextState(invoice.state, event);
    const sets = [`"state" = ?`, `"version" = "version" + 1`, `"updated_at" = now()`];
    const setParams: unknown[] = [to];
    if (options.set?.sentAt !== undefined) {
      sets.push(`"sent_at" = ?`);
      setParams.push(options.set.sentAt);
    }
    if (options.set?.paidAt !== undefined) {
      sets.push(`"paid_at" = ?`);
      setParams.push(options.set.paidAt);
    }
    if (options.set?.recipientSnapshot !== undefined) {
      sets.push(`"recipient_snapshot" = ?::jsonb`);
      setParams.push(options.set.recipientSnapshot);
    }
    if (options.set?.clearSendProblemCodes) sets.push(`"send_problem_codes" = '{}'`);
    return {
      to,
      sets: sets.join(', '),
      setParams,
      event: this.#eventInsert(invoice, event, to, actor, options, eventDataExtra),
    };
  }

  /** The event row's columns, its select list (typed placeholders) and their values. */
  #eventInsert(
    invoice: { id: string; ownerId: string; state: InvoiceState },
    event: InvoiceEvent | { type: 'create' },
    to: InvoiceState,
    actor: EventActor,
    options: TransitionOptions,
    eventDataExtra?: string,
  ): { columns: string; values: string; params: unknown[] } {
    // Plain SQL: flushing the unit of work would also diff every entity the transaction has loaded.
    const record = eventRecord(invoice, event, to, actor, options);
    return {
      columns: `"invoice_id", "owner_id", "event", "from_state", "to_state", "actor_type", "actor_user_id", "reason",
         "data", "idempotency_key", "created_at"`,
      values: `?::uuid, ?::uuid, ?::text, ?::text, ?::text, ?::text, ?::uuid, ?::text,
         ?::jsonb${eventDataExtra ? ` || ${eventDataExtra}` : ''}, ?::text, ?::timestamptz`,
      params: [
        record.invoiceId,
        record.ownerId,
        record.event,
        record.fromState ?? null,
        record.toState,
        record.actorType,
        record.actorUserId ?? null,
        record.reason ?? null,
        JSON.stringify(record.data ?? {}),
        record.idempotencyKey ?? null,
        (record.createdAt as Date).toISOString(),
      ],
    };
  }

  /** The state the status machine gives `event` from `from`; an illegal move is refused. */
  #nextState(from: InvoiceState, event: InvoiceEvent): InvoiceState {
    const result = transitionInvoice(from, event);
    if (!result.ok) throw illegalTransition(result.error.message);
    return result.to;
  }

  /** The comment and time of the invoice's latest request for changes (docs/product/back-office.md#approval-queue). */
  async latestChangeRequest(
    em: EntityManager,
    invoiceId: string,
  ): Promise<{ comment: string; requestedAt: Date } | null> {
    const event = await em.findOne(
      InvoiceEventRecord,
      { invoiceId, event: 'request_changes' },
      { orderBy: { id: 'desc' }, fields: ['id', 'reason', 'createdAt'] },
    );
    return event ? { comment: event.reason ?? '', requestedAt: event.createdAt } : null;
  }

  /**
   * What happened after sending, from the invoice's own events in one round trip: its reminders (`reminder_sent`), its
   * payments (their day and the part applied; an event from before payment days were recorded gives its own day) and
   * the interest invoice for it, or the invoice an interest invoice is for.
   */
  async afterSending(
    em: EntityManager,
    invoice: { id: string; interestForInvoiceId?: string | null | undefined },
  ): Promise<AfterSending> {
    type Link = { id: string; number: string | null; state: InvoiceState; invoiceDate: string; dueDate: string } | null;
    const [row] = await preparedRows<{
      events: { event: string; data: Record<string, unknown>; day: string }[];
      interest_invoice: Link;
      interest_for: Link;
    }>(
      em,
      `select
         (select coalesce(json_agg(json_build_object('event', e."event", 'data', e."data",
             'day', to_char(e."created_at" at time zone 'Europe/Stockholm', 'YYYY-MM-DD')) order by e."id"), '[]')
            from "invoice_event" e
            where e."invoice_id" = ? and e."event" in ('reminder_sent', 'partial_payment', 'full_payment')) as "events",
         (select ${LINK} from "invoice" i
            where i."interest_for_invoice_id" = ? and i."state" <> 'deleted' limit 1) as "interest_invoice",
         (select ${LINK} from "invoice" i where i."id" = ?) as "interest_for"`,
      [invoice.id, invoice.id, invoice.interestForInvoiceId ?? null],
    );
    const link = (value: Link) =>
      value ? { ...value, number: value.number === null ? null : Number(value.number) } : null;
    const events = row?.events ?? [];
    return {
      reminders: events
        .filter((e) => e.event === 'reminder_sent')
        .map((e) => ({ sequence: Number(e.data.sequence), sentOn: String(e.data.sentOn ?? e.day) })),
      payments: events
        .filter((e) => e.event !== 'reminder_sent' && Number(e.data.amount) > 0)
        .map((e) => ({ day: String(e.data.paymentDate ?? e.day), amount: Number(e.data.amount) })),
      interestInvoice: link(row?.interest_invoice ?? null),
      interestFor: link(row?.interest_for ?? null),
    };
  }

  eventsOf(em: EntityManager, invoiceId: string): Promise<InvoiceEventRecord[]> {
    return em.find(InvoiceEventRecord, { invoiceId }, { orderBy: { id: 'asc' } });
  }

  /** One page of the owner's invoices and how many match, each with its recipient's name. */
  async list(em: EntityManager, ownerId: string, query: InvoiceListQuery): Promise<InvoiceListPage> {
    const where = [`"owner_id" = ?`];
    const params: unknown[] = [ownerId];
    const states = query.states.length ? query.states : null;
    if (states) {
      where.push(`"state" in (?)`);
      params.push(states);
    } else {
      // Literal, so the planner can use the partial indexes (where state <> 'deleted').
      where.push(`"state" <> 'deleted'`);
    }
    if (query.customerId) {
      where.push(`"customer_id" = ?`);
      params.push(query.customerId);
    }
    if (query.dateFrom) {
      where.push(`"invoice_date" >= ?::date`);
      params.push(query.dateFrom);
    }
    if (query.dateTo) {
      where.push(`"invoice_date" <= ?::date`);
      params.push(query.dateTo);
    }
    if (query.overdue) {
      // As a set of ids (the owner's unpaid invoices by due date, on their own index), so a search, whose filters
      // see only the columns its matches carry, can apply it too.
      where.push(
        `"id" in (select "id" from "invoice" where "owner_id" = ? and "state" in ('sent', 'partially_paid') and "due_date" < ?::date)`,
      );
      params.push(ownerId, query.overdue.today);
    }
    const words = searchWords(query.q);
    if (words.length && words.every((word) => [...word].length >= TRIGRAM_WORD)) {
      const counted = await this.#searchByCustomerCounts(em, ownerId, query, words);
      return counted ?? this.#search(em, ownerId, query, words, where.slice(1), params.slice(1));
    }
    for (const word of words) {
      // A word too short for trigrams: every one of the owner's invoices is checked, on the date index's INCLUDEd
      // columns (no table reads).
      const match = matchesWord(ownerId, word, '');
      where.push(match.sql);
      params.push(...match.params);
    }
    const filter = where.join(' and ');
    const keyset = this.#keyset(query);
    const counted = !query.dateFrom && !query.dateTo && !query.overdue && !words.length;
    let rows: ListSqlRow[];
    if (counted) {
      // The total from the owner's counters, or the customer's (a few rows; the customer must be the owner's), in the
      // same round trip as the page, which is found on the index from the cursor.
      const condition = keyset.condition('');
      const countStates = states ?? INVOICE_STATE_KEYS.filter((state) => state !== 'deleted');
      const count = query.customerId
        ? {
            sql: `select coalesce(sum(k."n"), 0)::int as "total" from "invoice_customer_count" k
                  where k."customer_id" = ? and k."state" in (?)
                    and exists (select 1 from "customer" o where o."id" = k."customer_id" and o."owner_id" = ?)`,
            params: [query.customerId, countStates, ownerId],
          }
        : {
            sql: `select coalesce(sum("n"), 0)::int as "total" from "invoice_owner_count" where "owner_id" = ? and "state" in (?)`,
            params: [ownerId, countStates],
          };
      rows = await this.#runPage(
        em,
        keyset.limit.prepared,
        `select t."total", x.* from (${count.sql}) t
         left join lateral (
           select ${LIST_COLUMNS}, p."sort_key" from (
             select "id", ${SORT_COLUMNS[query.sort]}::text as "sort_key" from "invoice"
             where ${condition ? `${filter} and ${condition.sql}` : filter} order by ${keyset.inner('')} ${keyset.limit.sql}
           ) p join "invoice" i on i."id" = p."id" join "customer" c on c."id" = i."customer_id"
         ) x on true order by ${orderBy(query.sort, 'x.', query.order)}`,
        [...count.params, ...params, ...(condition?.params ?? [])],
      );
      rows = rows.filter((row) => row.id !== null);
    } else {
      // Filters: the matches are counted in the same pass that cuts the page from them after the cursor.
      const condition = keyset.condition('m.');
      rows = await this.#runPage(
        em,
        keyset.limit.prepared,
        `select ${LIST_COLUMNS}, p."sort_key", p."total" from (
           select m."id", m.${SORT_COLUMNS[query.sort]}::text as "sort_key", m."total" from (
             select "id", ${SORT_COLUMNS[query.sort]}, count(*) over ()::int as "total" from "invoice" where ${filter}
           ) m ${condition ? `where ${condition.sql}` : ''} order by ${keyset.inner('m.')} ${keyset.limit.sql}
         ) p join "invoice" i on i."id" = p."id" join "customer" c on c."id" = i."customer_id"
         order by ${orderBy(query.sort, 'i.', query.order)}`,
        [...params, ...(condition?.params ?? [])],
      );
      if (!rows.length && (keyset.seek || query.page > 1)) {
        // A page after the last match carries no row to tell the total.
        const [count] = await this.#run<{ total: number }>(
          em,
          `select count(*)::int as "total" from "invoice" where ${filter}`,
          params,
        );
        return { items: [], total: count?.total ?? 0, next: null, previous: null };
      }
    }
    return keyset.page(rows);
  }

  /** The keyset of a list query (platform/db/keyset.ts): its seek, read order, limits and the page it makes. */
  #keyset(query: InvoiceListQuery) {
    const scope = `${query.sort}.${query.order}`;
    const column = SEEK_COLUMNS[query.sort];
    const seek = column ? seekOf(query, scope, column.pattern) : seekOf(query, scope, NO_KEY);
    const direction = readOrder(query.order, seek);
    return {
      seek,
      limit: pageLimit(query.pageSize, seek ? 0 : (query.page - 1) * query.pageSize),
      inner: (alias: string) => orderBy(query.sort, alias, direction),
      condition: (alias: string) => (seek && column ? seekCondition(column, query.order, seek, alias) : null),
      page: (rows: ListSqlRow[]): InvoiceListPage => {
        const page = keysetPage(rows, {
          pageSize: query.pageSize,
          seek,
          page: query.page,
          scope,
          keyOf: (row) => ({ key: column ? row.sort_key : null, id: row.id }),
        });
        return {
          items: page.rows.map(listRowOf),
          total: rows[0]?.total ?? 0,
          next: page.next,
          previous: page.previous,
        };
      },
    };
  }

  /**
   * A search in date order without a date range, counted without reading every match (Migration20261127100100...).
   * An invoice matches a word by its customer's current name, its reference or name as sent, or its number; it matches
   * the search when it matches every word. So the matches are (1) every invoice of the customers whose name holds every
   * word, counted by the customers' counters, and (2) the few others, found by their reference or number (the owner's
   * search keys, the number index) and checked word by word. A page is then found by walking the date index with the
   * words as a filter when the matches are many (every 200th invoice or more: a page reads a few thousand entries at
   * most), or by sorting them when they are few. Null when neither fits (a sparse match among very many invoices, or
   * very many matching customers): the caller takes #search, which reads every match.
   */
  async #searchByCustomerCounts(
    em: EntityManager,
    ownerId: string,
    query: InvoiceListQuery,
    words: string[],
  ): Promise<InvoiceListPage | null> {
    if (query.sort !== 'invoiceDate' || query.dateFrom || query.dateTo || query.overdue) return null;
    const states = query.states.length ? query.states : null;
    const state = (alias: string) => (states ? `${alias}"state" in (?)` : `${alias}"state" <> 'deleted'`);
    const stateParams = states ? [states] : [];
    // Customers whose current name holds every word (the customer filter within them).
    const named = `select "id" from "customer" where "owner_id" = ?${query.customerId ? ` and "id" = ?` : ''} and ${words
      .map(() => NAME_HOLDS)
      .join(' and ')}`;
    const namedParams = [ownerId, ...(query.customerId ? [query.customerId] : []), ...words];
    const everyWord = (alias: string) => {
      const holds = words.map((word) => matchesWord(ownerId, word, alias));
      return { sql: holds.map((h) => h.sql).join(' and '), params: holds.flatMap((h) => h.params) };
    };
    // The other invoices: found by a word's reference (or name as sent) or number, of a customer not counted above.
    const found: string[] = [];
    const foundParams: unknown[] = [];
    const columns = `"id", "customer_id", "state", "number", "search_text"`;
    for (const word of words) {
      const keys = ownerSearchKeysMatch(ownerId, word);
      found.push(`select ${columns} from "invoice" where "owner_id" = ? and ${keys.sql}`);
      foundParams.push(ownerId, ...keys.params);
      const number = numberOf(word);
      if (number !== null) {
        found.push(`select ${columns} from "invoice" where "owner_id" = ? and "number" = ?`);
        foundParams.push(ownerId, number);
      }
    }
    const check = everyWord('x.');
    const [counts] = await this.#run<{ total: number; owned: number; customers: string[]; others: string[] }>(
      em,
      `with "named" as (${named}),
       "others" as (
         select x."id" from (${found.join(' union ')}) x
         where x."customer_id" <> all(array(select "id" from "named")) and ${state('x.')}
           ${query.customerId ? `and x."customer_id" = ?` : ''} and ${check.sql}
       )
       select (select coalesce(sum("n"), 0) from "invoice_customer_count"
                where "customer_id" = any(array(select "id" from "named")) and ${state('')})::int
              + (select count(*) from "others")::int as "total",
         (select coalesce(sum("n"), 0) from "invoice_owner_count" where "owner_id" = ? and ${state('')})::int as "owned",
         array(select "id" from "named" limit ${SPARSE_SEARCH + 1}) as "customers",
         array(select "id" from "others" limit ${SPARSE_SEARCH + 1}) as "others"`,
      [
        ...namedParams,
        ...foundParams,
        ...stateParams,
        ...(query.customerId ? [query.customerId] : []),
        ...check.params,
        ...stateParams,
        ownerId,
        ...stateParams,
      ],
    );
    const { total, owned, customers, others } = counts!;
    const keyset = this.#keyset(query);
    if (total === 0) return { items: [], total: 0, next: null, previous: null };
    const dense = total > SPARSE_SEARCH && total * 200 >= owned;
    const sparse = total <= SPARSE_SEARCH && customers.length <= SPARSE_SEARCH;
    if (!dense && !sparse) return null;
    const condition = keyset.condition('');
    let matches: { sql: string; params: unknown[] };
    if (dense) {
      matches = everyWord('');
      if (query.customerId)
        matches = { sql: `${matches.sql} and "customer_id" = ?`, params: [...matches.params, query.customerId] };
    } else {
      const among = [
        ...(customers.length ? [{ sql: `"customer_id" in (?)`, params: [customers] }] : []),
        ...(others.length ? [{ sql: `"id" in (?)`, params: [others] }] : []),
      ];
      matches = { sql: `(${among.map((a) => a.sql).join(' or ')})`, params: among.flatMap((a) => a.params) };
    }
    const rows = await this.#run<ListSqlRow>(
      em,
      `select ${LIST_COLUMNS}, p."sort_key", ?::int as "total" from (
         select "id", "invoice_date"::text as "sort_key" from "invoice"
         where "owner_id" = ? and ${state('')} and ${matches.sql}${condition ? ` and ${condition.sql}` : ''}
         order by ${keyset.inner('')} ${keyset.limit.sql}
       ) p join "invoice" i on i."id" = p."id" join "customer" c on c."id" = i."customer_id"
       order by ${orderBy(query.sort, 'i.', query.order)}`,
      [total, ownerId, ...stateParams, ...matches.params, ...(condition?.params ?? [])],
    );
    if (!rows.length) return { items: [], total, next: null, previous: null };
    return keyset.page(rows);
  }

  /**
   * A search: each word's matches are the union of three index-only (or index-driven) lookups, carrying what the page
   * needs (date, state, customer), and several words intersect. So a word costs its matches, never a scan of all the
   * user's invoices: the reference through the owner's search keys, the customer's name through the owner's customers and
   * the customer index, the number through the number index. (Words of one or two characters take the scan in list().)
   */
  async #search(
    em: EntityManager,
    ownerId: string,
    query: InvoiceListQuery,
    words: string[],
    filters: string[],
    filterParams: unknown[],
  ): Promise<InvoiceListPage> {
    const columns = `"id", "invoice_date", "state", "customer_id"`;
    const params: unknown[] = [];
    const sets = words.map((word) => {
      const branches: string[] = [];
      const keys = ownerSearchKeysMatch(ownerId, word);
      branches.push(`select ${columns} from "invoice" where "owner_id" = ? and ${keys.sql}`);
      params.push(ownerId, ...keys.params);
      branches.push(
        `select ${columns} from "invoice" where "owner_id" = ? and "customer_id" = any(array(
           select "id" from "customer" where "owner_id" = ? and ${NAME_HOLDS}))`,
      );
      params.push(ownerId, ownerId, word);
      const number = numberOf(word);
      if (number !== null) {
        branches.push(`select ${columns} from "invoice" where "owner_id" = ? and "number" = ?`);
        params.push(ownerId, number);
      }
      return `(${branches.join(' union ')})`;
    });
    const matched = `(${sets.join(' intersect ')}) m`;
    // The filters name columns every branch carries; other sort keys come from the table (rare, and costlier).
    const where = filters.map((filter) => filter.replace(/^"/, 'm."')).join(' and ');
    const byDate = query.sort === 'invoiceDate';
    const source = byDate ? matched : `${matched} join "invoice" s on s."id" = m."id"`;
    const key = byDate ? `m."invoice_date"` : `s.${SORT_COLUMNS[query.sort]}`;
    const keyset = this.#keyset(query);
    // The matches are counted in the pass that sorts them; the page is cut after the cursor.
    const condition = keyset.condition('x.');
    const rows = await this.#run<ListSqlRow>(
      em,
      `select ${LIST_COLUMNS}, p."sort_key", p."total" from (
         select x."id", x.${SORT_COLUMNS[query.sort]}::text as "sort_key", x."total" from (
           select m."id", ${key}, count(*) over ()::int as "total" from ${source} where ${where}
         ) x ${condition ? `where ${condition.sql}` : ''} order by ${keyset.inner('x.')} ${keyset.limit.sql}
       ) p join "invoice" i on i."id" = p."id" join "customer" c on c."id" = i."customer_id"
       order by ${orderBy(query.sort, 'i.', query.order)}`,
      [...params, ...filterParams, ...(condition?.params ?? [])],
    );
    if (rows.length || (!keyset.seek && query.page === 1)) return keyset.page(rows);
    const [count] = await this.#run<{ total: number }>(
      em,
      `select count(*)::int as "total" from ${matched} where ${where}`,
      [...params, ...filterParams],
    );
    return { items: [], total: count?.total ?? 0, next: null, previous: null };
  }

  /** Amounts per currency of the owner's invoices in `states`: what is left to pay, or the whole total. */
  async sumsByCurrency(
    em: EntityManager,
    ownerId: string,
    states: InvoiceState[],
    options: { outstanding?: boolean; dueBefore?: string; paidSinceDay?: string } = {},
  ): Promise<CurrencySum[]> {
    const where = [`"owner_id" = ?`, `"state" in (?)`];
    const params: unknown[] = [ownerId, states];
    if (options.dueBefore) {
      where.push(`"due_date" < ?::date`);
      params.push(options.dueBefore);
    }
    if (options.paidSinceDay) {
      // From the start of that day in Sweden.
      where.push(`"paid_at" >= (?::date)::timestamp at time zone 'Europe/Stockholm'`);
      params.push(options.paidSinceDay);
    }
    const amount = options.outstanding ? `"total_incl_vat" - "paid_amount"` : `"total_incl_vat"`;
    const rows = await this.#run<{ currency: IsoCurrency; amount: string; count: number }>(
      em,
      `select "currency", sum(${amount})::bigint as "amount", count(*)::int as "count" from "invoice"
       where ${where.join(' and ')} group by "currency" order by "currency"`,
      params,
    );
    return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount), count: row.count }));
  }

  /** How many of the owner's invoices are in `states` (from the counters). */
  async countInStates(em: EntityManager, ownerId: string, states: InvoiceState[]): Promise<number> {
    const [row] = await this.#run<{ n: number }>(
      em,
      `select coalesce(sum("n"), 0)::int as "n" from "invoice_owner_count" where "owner_id" = ? and "state" in (?)`,
      [ownerId, states],
    );
    return row?.n ?? 0;
  }

  /** Invoices paid in full since the start of `day` in Sweden (for the payout estimate), newest first. */
  async paidSince(em: EntityManager, ownerId: string, day: string, limit: number): Promise<Invoice[]> {
    const rows = await this.#run<{ id: string }>(
      em,
      `select "id" from "invoice" where "owner_id" = ? and "state" = 'paid'
       and "paid_at" >= (?::date)::timestamp at time zone 'Europe/Stockholm' order by "paid_at" desc limit ?`,
      [ownerId, day, limit],
    );
    return rows.length ? em.find(Invoice, { id: { $in: rows.map((r) => r.id) } }) : [];
  }

  /** The latest rate for `currency` set on or before `date`, or null. */
  latestExchangeRate(em: EntityManager, currency: IsoCurrency, date: string): Promise<ExchangeRateRecord | null> {
    return em.findOne(ExchangeRateRecord, { currency, date: { $lte: date } }, { orderBy: { date: 'desc' } });
  }

  findCampaignCode(em: EntityManager, code: string): Promise<CampaignCode | null> {
    return em.findOne(CampaignCode, { code });
  }

  /** `refresh`: read the row again even when the unit of work has it (after a plain-SQL update of it). */
  campaignCodeById(em: EntityManager, id: string, options: { refresh?: boolean } = {}): Promise<CampaignCode | null> {
    return em.findOne(CampaignCode, { id }, options.refresh ? { refresh: true } : {});
  }

  /**
   * Takes one use of a code for an invoice, in the caller's transaction with the invoice's row locked: a conditional
   * update of the code's row (usable on `day`, fewer uses than its limit), so concurrent sends queue on that row and
   * each sees the count the one before it left. False, and nothing written, when the code cannot be used.
   * Plain SQL, never the entity: the invoice's version is the status machine's to bump.
   */
  async countCampaignCodeUse(db: SqlRunner, invoiceId: string, codeId: string, day: string): Promise<boolean> {
    const [counted] = await runSql<{ id: string }>(
      db,
      `update "campaign_code" set "uses" = "uses" + 1
       where "id" = ? and "valid_from" <= ?::date and ("valid_to" is null or "valid_to" >= ?::date)
         and ("max_uses" is null or "uses" < "max_uses")
       returning "id"`,
      [codeId, day, day],
    );
    if (!counted) return false;
    const [marked] = await runSql<{ id: string }>(
      db,
      `update "invoice" set "campaign_code_counted_at" = now()
       where "id" = ? and "campaign_code_id" = ? and "campaign_code_counted_at" is null returning "id"`,
      [invoiceId, codeId],
    );
    // The caller checked the invoice holds no use under its row lock; anything else is a program error (rolled back).
    if (!marked) throw new Error(`Invoice ${invoiceId} already holds a use of campaign code ${codeId}`);
    return true;
  }

  /** A campaign code's row as it is now (plain SQL: also in a plain-SQL transaction), or null. */
  async campaignCodeRow(db: SqlRunner, id: string): Promise<CampaignCode | null> {
    const [row] = await runSql<CampaignCode>(
      db,
      `select "id", "code", "effect", "value", "valid_from" as "validFrom", "valid_to" as "validTo",
         "max_uses" as "maxUses", "uses", "description", "created_at" as "createdAt"
       from "campaign_code" where "id" = ?`,
      [id],
    );
    return row ?? null;
  }

  /** Gives back the use an invoice holds (its code is changed or removed while it is editable again). */
  async releaseCampaignCodeUse(db: SqlRunner, codeId: string): Promise<void> {
    await runSql(db, `update "campaign_code" set "uses" = "uses" - 1 where "id" = ?`, [codeId]);
  }
}
