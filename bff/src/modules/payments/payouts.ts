// Payouts: salary leaving for the freelancer's account on a bank day, exactly once.
//
// Locks (all held to the end of the transaction, taken in this order, so none waits in a circle):
// 1. the batch lock: exclusive while a bank day's file is made, shared while a freelancer asks for a payout, so a
//    payout is either in the file being made or sees that file and takes the next bank day;
// 2. the owner's salary lock (also taken when a payment books a salary item);
// 3. the rows: salary items `for update`, and every change of an item's payout is conditional on `payout_id is null`.
// The file is stored before the transaction commits, under the bank day's own key; a crash before the commit leaves
// at most that day's file with no batch row yet, which the next attempt overwrites as it makes the batch again from
// the same rows (it is idempotent per bank
// day: the unique execution date). The job that tells freelancers is queued in the same transaction.
//
// Saved vacation pay (docs/product/payments.md#saved-vacation-pay) leaves the same way, as a payout of kind
// `vacation_pay`: asked for (requestVacationPay, the same locks as a manual payout) or made by the batch of the yearly
// payout day (or the first batch after it), and in either case taken into a file by the same selection of the day's
// payouts, so whatever holds a payout back there holds it too. A salary item's saved vacation pay is in at most one
// such payout (`vacation_pay_payout_id`, changed only while null, released by a denial like `payout_id`). Its tax is
// that of the payout day: the file's transaction sets it from the owner's income tax rate of that moment.
import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BankAccount } from '../../domain/bank-account.ts';
import { isBankDay, nextBankDay, type PayoutPreference } from '../../domain/bank-days.ts';
import { formatIsoDate, toCalendarDate } from '../../domain/calendar-date.ts';
import { buildPain001, Pain001Error, type SalaryPayout } from '../../domain/pain001.ts';
import { parsePain002, Pain002Error, type PaymentStatusReport as StatusReport } from '../../domain/pain002.ts';
import { batchCutoffs } from '../../domain/payout-schedule.ts';
import { expectedPayoutDateUnderHold, type PayoutHold } from '../../domain/payout-hold.ts';
import { transitionPayout, type PayoutEventType, type PayoutState } from '../../domain/payout-status.ts';
import { vacationPayDueBefore, vacationPayPayout } from '../../domain/vacation-pay.ts';
import { PAYOUT_BATCH_LOCK } from '../../platform/db/payout-batch-lock.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import type { Config } from '../../platform/config.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { payableAccountSql, type PayoutHoldView } from '../banking/public.ts';
import type { EventActor } from '../invoices/public.ts';
import type { Admin, Freelancer } from './access.ts';
import { SYSTEM } from './access.ts';
import {
  bankDetailsMissing,
  batchNotFound,
  idempotencyKeyReused,
  vacationPayNothingSaved,
  payoutAccountOnHold,
  payoutAccountStopped,
  executionDatePast,
  illegalPayoutTransition,
  notABankDay,
  nothingToPayOut,
  payoutAccountMissing,
  payoutNotFound,
  statusReportInvalid,
  statusReportUnknownFile,
} from './errors.ts';
import { PayoutBatch, PaymentStatusReport, type PayoutKind } from './entities.ts';

/** Where payout accounts come from (the banking module): decrypted for the file, masked for people. */
export interface PayoutAccounts {
  accountsOf(
    em: EntityManager,
    userIds: readonly string[],
  ): Promise<Map<string, { account: BankAccount; masked: string }>>;
  hasBankDetails(em: EntityManager, userId: string): Promise<boolean>;
  /** The account as people see it (`Swedbank •••• 7897`), without decrypting it; null without one. */
  masked(em: EntityManager, userId: string): Promise<{ masked: string } | null>;
  /** Whether payouts to the user's account are held at `at` (docs/product/payments.md#payout-holds). */
  payoutHold(em: EntityManager, userId: string, at: Date): Promise<PayoutHoldView | null>;
  /** Every account held at `at`, at most `limit`. */
  heldAccounts(em: EntityManager, at: Date, limit: number): Promise<(PayoutHoldView & { userId: string })[]>;
}

/** The back office's view of one held account: who, the hold, and what waits for it. */
export interface HeldAccountRow {
  userId: string;
  email: string;
  name: string;
  hold: PayoutHoldView;
  waitingAmount: number;
  waitingItemCount: number;
}

/** A day between tomorrow and a manual payout's day, and why money does not leave on it. */
export interface SkippedPayoutDay {
  date: string;
  reason: 'weekend' | 'holiday' | 'file_made';
}

/** The days after `today` and before `payoutDay`, each with why it is not the payout's day. */
export function skippedDays(today: string, payoutDay: string): SkippedPayoutDay[] {
  const skipped: SkippedPayoutDay[] = [];
  const day = new Date(`${today}T00:00:00Z`);
  for (;;) {
    day.setUTCDate(day.getUTCDate() + 1);
    const iso = day.toISOString().slice(0, 10);
    if (iso >= payoutDay) return skipped;
    const weekday = day.getUTCDay();
    const reason = weekday === 0 || weekday === 6 ? 'weekend' : !isBankDay(iso) ? 'holiday' : 'file_made';
    skipped.push({ date: iso, reason });
  }
}

/** How many held accounts the back office lists at most (a hold lasts a day unless stopped: they are few). */
export const HELD_ACCOUNTS_LIMIT = 500;

/** The queue that tells each freelancer of a batch that the salary is on its way. */
export const PAYOUT_NOTIFY_QUEUE = 'payout-notify';

export interface PayoutRow {
  id: string;
  number: string;
  owner_id: string;
  kind: PayoutKind;
  status: PayoutState;
  execution_date: string;
  amount: string;
  item_count: number;
  batch_id: string | null;
  end_to_end_id: string;
  creditor_name: string | null;
  account_masked: string | null;
  status_reason: string | null;
  /** A `vacation_pay` payout's figures (null for a salary payout). */
  gross_amount: string | null;
  income_tax_rate: string | null;
  income_tax_amount: string | null;
  social_fee_amount: string | null;
  created_at: string;
}

export const PAYOUT_COLUMNS = `p."id", p."number", p."owner_id", p."kind", p."status",
  to_char(p."execution_date", 'YYYY-MM-DD') as "execution_date", p."amount", p."item_count", p."batch_id",
  p."end_to_end_id", p."creditor_name", p."account_masked", p."status_reason", p."gross_amount", p."income_tax_rate",
  p."income_tax_amount", p."social_fee_amount", p."created_at"`;

export interface BatchRow {
  id: string;
  execution_date: string;
  message_id: string;
  number_of_transactions: number;
  control_sum: string;
  sha256: string;
  created_by: string | null;
  created_at: string;
  storage_key: string;
  initiated: number;
  completed_transaction: number;
  failed_after_complete: number;
}

const BATCH_COLUMNS = `b."id", to_char(b."execution_date", 'YYYY-MM-DD') as "execution_date", b."message_id",
  b."number_of_transactions", b."control_sum", b."sha256", b."created_by", b."created_at", b."storage_key",
  (select count(*)::int from "payout" x where x."batch_id" = b."id" and x."status" = 'initiated') as "initiated",
  (select count(*)::int from "payout" x where x."batch_id" = b."id" and x."status" = 'completed_transaction') as "completed_transaction",
  (select count(*)::int from "payout" x where x."batch_id" = b."id" and x."status" = 'failed_after_complete') as "failed_after_complete"`;

const BATCH_LOCK = PAYOUT_BATCH_LOCK;

/** The domain's form of a hold as banking shows it. */
export const domainHold = (hold: PayoutHoldView) =>
  hold.state === 'stopped' || !hold.until
    ? ({ state: 'stopped' } as const)
    : ({ state: 'cooling_off', until: hold.until } as const);

/** Holds the owner's salary lock to the end of the transaction (see the header). */
export async function lockOwnerSalary(em: EntityManager, ownerId: string): Promise<void> {
  await sqlRows(em, `select pg_advisory_xact_lock(hashtextextended('frilo:salary:' || ?, 0))`, [ownerId]);
}

export interface BatchResult {
  created: boolean;
  batch: BatchRow | null;
  failed: PayoutRow[];
}

export interface StatusReportOutcome {
  id: string;
  duplicate: boolean;
  messageId: string;
  originalMessageId: string;
  batchId: string;
  groupStatus: string | null;
  completed: number;
  denied: number;
  pending: number;
  unknownEndToEndIds: string[];
}

export class Payouts {
  readonly #config: Config;
  readonly #jobs: Jobs;
  readonly #files: FileStorage;
  readonly #accounts: PayoutAccounts;
  readonly #now: () => Date;

  constructor(deps: { config: Config; jobs: Jobs; files: FileStorage; accounts: PayoutAccounts; now?: () => Date }) {
    this.#config = deps.config;
    this.#jobs = deps.jobs;
    this.#files = deps.files;
    this.#accounts = deps.accounts;
    this.#now = deps.now ?? (() => new Date());
  }

  now(): Date {
    return this.#now();
  }

  /** Today in Sweden. */
  today(): string {
    return formatIsoDate(toCalendarDate(this.#now()));
  }

  async #batchDays(em: EntityManager, from: string): Promise<Set<string>> {
    const rows = await sqlRows<{ day: string }>(
      em,
      `select to_char("execution_date", 'YYYY-MM-DD') as "day" from "payout_batch" where "execution_date" >= ?::date`,
      [from],
    );
    return new Set(rows.map((r) => r.day));
  }

  /** The first bank day from today whose file is not made yet: what the next batch will be. */
  async firstOpenBatchDay(em: EntityManager): Promise<string> {
    const today = this.today();
    const made = await this.#batchDays(em, today);
    let day = isBankDay(today) ? today : nextBankDay(today);
    while (made.has(day)) day = nextBankDay(day);
    return day;
  }

  /** The bank days from `from` on whose file is made already (a day's file is made once). */
  batchDaysFrom(em: EntityManager, from: string): Promise<Set<string>> {
    return this.#batchDays(em, from);
  }

  /** A manual payout's day (either kind): the first bank day after today whose file is not made yet. */
  manualPayoutDay(em: EntityManager): Promise<string> {
    return this.#manualPayoutDay(em);
  }

  async #manualPayoutDay(em: EntityManager): Promise<string> {
    return (await this.manualPayoutPlan(em)).date;
  }

  /**
   * What "pay out now" would do today: the day it leaves (the first bank day after today whose file is not made yet)
   * and why each day from tomorrow up to it is not that day (docs/product/payments.md#pay-out-now).
   */
  async manualPayoutPlan(em: EntityManager): Promise<{ date: string; skipped: SkippedPayoutDay[] }> {
    const today = this.today();
    const made = await this.#batchDays(em, today);
    let day = nextBankDay(today);
    while (made.has(day)) day = nextBankDay(day);
    return { date: day, skipped: skippedDays(today, day) };
  }

  /** The owner's salary account, masked; null without one. */
  async maskedAccount(em: EntityManager, ownerId: string): Promise<string | null> {
    return (await this.#accounts.masked(em, ownerId))?.masked ?? null;
  }

  /** When a salary registered on `registeredOn` is expected to leave; null while the owner has no bank details. */
  async expectedPayoutDate(
    em: EntityManager,
    ownerId: string,
    preference: PayoutPreference,
    registeredOn: string,
  ): Promise<string | null> {
    if (!(await this.#accounts.hasBankDetails(em, ownerId))) return null;
    const hold = await this.payoutHold(em, ownerId);
    return expectedPayoutDateUnderHold(
      preference,
      registeredOn,
      await this.firstOpenBatchDay(em),
      hold && domainHold(hold),
    );
  }

  hasBankDetails(em: EntityManager, ownerId: string): Promise<boolean> {
    return this.#accounts.hasBankDetails(em, ownerId);
  }

  /**
   * Every hold on payouts now, by owner, in the domain's form (what the coming days will pay): all of them, not the back
   * office list's first HELD_ACCOUNTS_LIMIT.
   */
  async holdsNow(em: EntityManager): Promise<Map<string, PayoutHold>> {
    const held = await this.#accounts.heldAccounts(em, this.#now(), Number.MAX_SAFE_INTEGER);
    return new Map(held.map((h) => [h.userId, domainHold(h)]));
  }

  /** What holds payouts to the owner's account now, if anything. */
  payoutHold(em: EntityManager, ownerId: string): Promise<PayoutHoldView | null> {
    return this.#accounts.payoutHold(em, ownerId, this.#now());
  }

  async #events(
    em: EntityManager,
    events: { payoutId: string; event: PayoutEventType | 'create'; from: PayoutState | null; to: PayoutState }[],
    actor: EventActor,
    reason: string | null,
  ): Promise<void> {
    if (events.length === 0) return;
    await sqlRows(
      em,
      `insert into "payout_event" ("payout_id", "event", "from_state", "to_state", "actor_type", "actor_user_id", "reason")
       select e."payout_id", e."event", e."from_state", e."to_state", ?, ?, ?
       from jsonb_to_recordset(?::jsonb) as e("payout_id" uuid, "event" text, "from_state" text, "to_state" text)`,
      [
        actor.type,
        actor.userId,
        reason,
        JSON.stringify(
          events.map((e) => ({ payout_id: e.payoutId, event: e.event, from_state: e.from, to_state: e.to })),
        ),
      ],
    );
  }

  async payout(em: EntityManager, id: string, ownerId?: string): Promise<PayoutRow | undefined> {
    return sqlRow<PayoutRow>(
      em,
      `select ${PAYOUT_COLUMNS} from "payout" p where p."id" = ?${ownerId ? ` and p."owner_id" = ?` : ''}`,
      ownerId ? [id, ownerId] : [id],
    );
  }

  /** Every account whose payouts are held now, with what waits for it: salaries not in a payout, payouts not in a file. */
  async heldAccounts(em: EntityManager): Promise<HeldAccountRow[]> {
    const held = await this.#accounts.heldAccounts(em, this.#now(), HELD_ACCOUNTS_LIMIT);
    if (held.length === 0) return [];
    const rows = await sqlRows<{ id: string; email: string; name: string; amount: string; n: number }>(
      em,
      `select u."id", u."email",
         coalesce(nullif(trim(coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '')), ''), u."email") as "name",
         w."amount", w."n"
       from "app_user" u cross join lateral (
         select coalesce(sum(s."payout_amount"), 0) as "amount", count(*)::int as "n"
         from "salary_item" s left join "payout" p on p."id" = s."payout_id"
         where s."owner_id" = u."id" and (s."payout_id" is null or (p."status" = 'initiated' and p."batch_id" is null))
       ) w
       where u."id" in (?)`,
      [held.map((h) => h.userId)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return held.flatMap((hold) => {
      const user = byId.get(hold.userId);
      return user
        ? [
            {
              userId: hold.userId,
              email: user.email,
              name: user.name,
              hold,
              waitingAmount: Number(user.amount),
              waitingItemCount: user.n,
            },
          ]
        : [];
    });
  }

  /**
   * The owner's payouts made and not yet out: initiated, their bank day today or later, or their file not made yet (one
   * asked for before the account was changed waits for the hold to end).
   */
  onTheirWay(em: EntityManager, ownerId: string): Promise<PayoutRow[]> {
    return sqlRows<PayoutRow>(
      em,
      `select ${PAYOUT_COLUMNS} from "payout" p where p."owner_id" = ? and p."status" = 'initiated'
       and (p."execution_date" >= ?::date or p."batch_id" is null) order by p."execution_date", p."created_at"`,
      [ownerId, this.today()],
    );
  }

  /**
   * requestPayout: every salary item of the freelancer not in a payout, into one payout on the next bank day whose file
   * is not made yet. A retry with the same idempotency key answers the payout already made.
   */
  async request(
    em: EntityManager,
    who: Freelancer,
    idempotencyKey: string | null,
  ): Promise<{ payout: PayoutRow; created: boolean }> {
    return em.transactional(async (tx) => {
      await sqlRows(tx, `select pg_advisory_xact_lock_shared(${BATCH_LOCK})`);
      await lockOwnerSalary(tx, who.userId);
      if (idempotencyKey) {
        const earlier = await sqlRow<PayoutRow>(
          tx,
          `select ${PAYOUT_COLUMNS} from "payout" p where p."owner_id" = ? and p."idempotency_key" = ?`,
          [who.userId, idempotencyKey],
        );
        if (earlier?.kind === 'vacation_pay') throw idempotencyKeyReused();
        if (earlier) return { payout: earlier, created: false };
      }
      await this.#mayAskForPayout(tx, who.userId);
      const items = await sqlRows<{ id: string; payout_amount: string }>(
        tx,
        `select "id", "payout_amount" from "salary_item" where "owner_id" = ? and "payout_id" is null for update`,
        [who.userId],
      );
      const amount = items.reduce((sum, item) => sum + Number(item.payout_amount), 0);
      if (amount <= 0) throw nothingToPayOut();
      const day = await this.#manualPayoutDay(tx);
      const id = randomUUID();
      await sqlRows(
        tx,
        `insert into "payout" ("id", "owner_id", "kind", "status", "execution_date", "amount", "item_count",
           "end_to_end_id", "idempotency_key") values (?, ?, 'manual', 'initiated', ?, ?, ?, ?, ?)`,
        [id, who.userId, day, amount, items.length, id.replaceAll('-', ''), idempotencyKey],
      );
      const assigned = await sqlRows<{ id: string }>(
        tx,
        `with assigned as (
           update "salary_item" set "payout_id" = ?, "status" = 'initiated'
           where "id" in (?) and "payout_id" is null returning "id", "payout_amount")
         insert into "payout_line" ("payout_id", "salary_item_id", "amount")
         select ?, "id", "payout_amount" from assigned returning "salary_item_id" as "id"`,
        [id, items.map((i) => i.id), id],
      );
      // The items are locked above: none can have left meanwhile.
      if (assigned.length !== items.length) throw new Error('Salary items changed under their lock');
      await this.#events(tx, [{ payoutId: id, event: 'create', from: null, to: 'initiated' }], who.actor, null);
      return { payout: (await this.payout(tx, id))!, created: true };
    });
  }

  /**
   * What a freelancer must have to ask for a payout of either kind: bank details, not held by a change or a stop (409
   * otherwise).
   */
  async #mayAskForPayout(tx: EntityManager, userId: string): Promise<void> {
    if (!(await this.#accounts.hasBankDetails(tx, userId))) throw bankDetailsMissing();
    const hold = await this.#accounts.payoutHold(tx, userId, this.#now());
    if (hold?.state === 'stopped') throw payoutAccountStopped();
    if (hold?.until) throw payoutAccountOnHold(hold.until);
  }

  /**
   * requestVacationPayPayout: all the freelancer's saved vacation pay not in a payout, into one `vacation_pay` payout on
   * the next bank day whose file is not made yet, taxed at the profile's rate (set again when the day's file is made).
   * The locks and the idempotency of `request`.
   */
  async requestVacationPay(
    em: EntityManager,
    who: Freelancer,
    idempotencyKey: string | null,
  ): Promise<{ payout: PayoutRow; created: boolean }> {
    return em.transactional(async (tx) => {
      await sqlRows(tx, `select pg_advisory_xact_lock_shared(${BATCH_LOCK})`);
      await lockOwnerSalary(tx, who.userId);
      if (idempotencyKey) {
        const earlier = await sqlRow<PayoutRow>(
          tx,
          `select ${PAYOUT_COLUMNS} from "payout" p where p."owner_id" = ? and p."idempotency_key" = ?`,
          [who.userId, idempotencyKey],
        );
        if (earlier && earlier.kind !== 'vacation_pay') throw idempotencyKeyReused();
        if (earlier) return { payout: earlier, created: false };
      }
      await this.#mayAskForPayout(tx, who.userId);
      const saved = await sqlRows<{
        id: string;
        saved_vacation_pay_amount: string;
        saved_vacation_pay_social_fee: string;
      }>(
        tx,
        `select "id", "saved_vacation_pay_amount", "saved_vacation_pay_social_fee" from "salary_item"
         where "owner_id" = ? and "saved_vacation_pay_amount" > 0 and "vacation_pay_payout_id" is null for update`,
        [who.userId],
      );
      const gross = saved.reduce((sum, item) => sum + Number(item.saved_vacation_pay_amount), 0);
      const socialFee = saved.reduce((sum, item) => sum + Number(item.saved_vacation_pay_social_fee), 0);
      const owner = await sqlRow<{ income_tax_rate: string }>(
        tx,
        `select "income_tax_rate" from "app_user" where "id" = ?`,
        [who.userId],
      );
      const figures = vacationPayPayout(gross, owner!.income_tax_rate);
      if (figures.netAmount <= 0) throw vacationPayNothingSaved();
      const day = await this.#manualPayoutDay(tx);
      const id = randomUUID();
      await sqlRows(
        tx,
        `insert into "payout" ("id", "owner_id", "kind", "status", "execution_date", "amount", "item_count",
           "end_to_end_id", "idempotency_key", "gross_amount", "income_tax_rate", "income_tax_amount", "social_fee_amount")
         values (?, ?, 'vacation_pay', 'initiated', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          who.userId,
          day,
          figures.netAmount,
          saved.length,
          id.replaceAll('-', ''),
          idempotencyKey,
          gross,
          figures.incomeTaxRate,
          figures.incomeTaxAmount,
          socialFee,
        ],
      );
      const assigned = await this.#assignSavedVacationPay(tx, [{ payoutId: id, itemIds: saved.map((i) => i.id) }]);
      if (assigned !== saved.length) throw new Error('Saved vacation pay changed under its lock');
      await this.#events(tx, [{ payoutId: id, event: 'create', from: null, to: 'initiated' }], who.actor, null);
      return { payout: (await this.payout(tx, id))!, created: true };
    });
  }

  /** Puts the saved vacation pay of these (locked) salary items into their payouts, one line each; returns how many. */
  async #assignSavedVacationPay(tx: EntityManager, groups: { payoutId: string; itemIds: string[] }[]): Promise<number> {
    if (groups.length === 0) return 0;
    const rows = await sqlRows<{ id: string }>(
      tx,
      `with wanted as (
         select g."payout_id", jsonb_array_elements_text(g."items")::uuid as "id"
         from jsonb_to_recordset(?::jsonb) as g("payout_id" uuid, "items" jsonb)
       ), assigned as (
         update "salary_item" s set "vacation_pay_payout_id" = w."payout_id"
         from wanted w where s."id" = w."id" and s."vacation_pay_payout_id" is null and s."saved_vacation_pay_amount" > 0
         returning s."id", s."vacation_pay_payout_id", s."saved_vacation_pay_amount")
       insert into "payout_line" ("payout_id", "salary_item_id", "amount")
       select "vacation_pay_payout_id", "id", "saved_vacation_pay_amount" from assigned returning "salary_item_id" as "id"`,
      [JSON.stringify(groups.map((g) => ({ payout_id: g.payoutId, items: g.itemIds })))],
    );
    return rows.length;
  }

  /**
   * The batch's part for saved vacation pay: on (or after) the yearly payout day, one `vacation_pay` payout per owner with
   * bank details of what was saved before that day, dated `day`, taxed at the owner's rate now. The day's selection of
   * payouts then takes them with those asked for.
   */
  async #yearlyVacationPay(tx: EntityManager, day: string, at: string, actor: EventActor): Promise<number> {
    const dueBefore = vacationPayDueBefore(day);
    const due = await sqlRows<{
      id: string;
      owner_id: string;
      amount: string;
      social_fee: string;
      income_tax_rate: string;
    }>(
      tx,
      `with due as (
         select s."id", s."owner_id", s."saved_vacation_pay_amount", s."saved_vacation_pay_social_fee"
         from "salary_item" s
         where s."saved_vacation_pay_amount" > 0 and s."vacation_pay_payout_id" is null and s."registered_on" < ?::date
           and ${payableAccountSql('s."owner_id"')}
         for update of s
       )
       select d."id", d."owner_id", d."saved_vacation_pay_amount" as "amount",
         d."saved_vacation_pay_social_fee" as "social_fee", u."income_tax_rate"
       from due d join "app_user" u on u."id" = d."owner_id"`,
      [dueBefore, at],
    );
    if (due.length === 0) return 0;
    const byOwner = new Map<string, { ids: string[]; gross: number; socialFee: number; rate: string }>();
    for (const row of due) {
      const entry = byOwner.get(row.owner_id) ?? { ids: [], gross: 0, socialFee: 0, rate: row.income_tax_rate };
      entry.ids.push(row.id);
      entry.gross += Number(row.amount);
      entry.socialFee += Number(row.social_fee);
      byOwner.set(row.owner_id, entry);
    }
    const payouts: {
      id: string;
      owner_id: string;
      gross: number;
      rate: string;
      tax: number;
      net: number;
      social: number;
      n: number;
    }[] = [];
    const groups: { payoutId: string; itemIds: string[] }[] = [];
    for (const [ownerId, entry] of byOwner) {
      const figures = vacationPayPayout(entry.gross, entry.rate);
      if (figures.netAmount <= 0) continue;
      const id = randomUUID();
      payouts.push({
        id,
        owner_id: ownerId,
        gross: entry.gross,
        rate: figures.incomeTaxRate,
        tax: figures.incomeTaxAmount,
        net: figures.netAmount,
        social: entry.socialFee,
        n: entry.ids.length,
      });
      groups.push({ payoutId: id, itemIds: entry.ids });
    }
    if (payouts.length === 0) return 0;
    await sqlRows(
      tx,
      `with v as (
         select * from jsonb_to_recordset(?::jsonb) as v("id" uuid, "owner_id" uuid, "gross" bigint, "rate" numeric,
           "tax" bigint, "net" bigint, "social" bigint, "n" int)
       ), made as (
         insert into "payout" ("id", "owner_id", "kind", "status", "execution_date", "amount", "item_count",
           "end_to_end_id", "gross_amount", "income_tax_rate", "income_tax_amount", "social_fee_amount")
         select "id", "owner_id", 'vacation_pay', 'initiated', ?::date, "net", "n", replace("id"::text, '-', ''),
           "gross", "rate", "tax", "social" from v
         returning "id")
       insert into "payout_event" ("payout_id", "event", "to_state", "actor_type", "actor_user_id")
       select "id", 'create', 'initiated', ?, ? from made`,
      [JSON.stringify(payouts), day, actor.type, actor.userId],
    );
    const assigned = await this.#assignSavedVacationPay(tx, groups);
    // The items are locked above: none can have left meanwhile.
    if (assigned !== groups.reduce((n, g) => n + g.itemIds.length, 0))
      throw new Error('Saved vacation pay changed under its lock');
    return payouts.length;
  }

  /**
   * The tax of the vacation pay payouts going into a file is that of their payout day: set from each owner's income tax
   * rate now (a payout asked for earlier was priced at the rate of the request). Returns the payouts as they now are.
   */
  async #priceVacationPay<T extends PayoutRow>(tx: EntityManager, payouts: T[]): Promise<T[]> {
    const vacation = payouts.filter((p) => p.kind === 'vacation_pay' && p.gross_amount !== null);
    if (vacation.length === 0) return payouts;
    const rates = await sqlRows<{ id: string; income_tax_rate: string }>(
      tx,
      `select "id", "income_tax_rate" from "app_user" where "id" in (?)`,
      [[...new Set(vacation.map((p) => p.owner_id))]],
    );
    const rateOf = new Map(rates.map((r) => [r.id, r.income_tax_rate]));
    const changed: { id: string; amount: number; rate: string; tax: number }[] = [];
    const priced = new Map<string, T>();
    for (const payout of vacation) {
      const figures = vacationPayPayout(Number(payout.gross_amount), rateOf.get(payout.owner_id)!);
      const same =
        figures.incomeTaxAmount === Number(payout.income_tax_amount) &&
        Number(figures.incomeTaxRate) === Number(payout.income_tax_rate);
      if (figures.netAmount <= 0 || same) continue;
      changed.push({
        id: payout.id,
        amount: figures.netAmount,
        rate: figures.incomeTaxRate,
        tax: figures.incomeTaxAmount,
      });
      priced.set(payout.id, {
        ...payout,
        amount: String(figures.netAmount),
        income_tax_rate: figures.incomeTaxRate,
        income_tax_amount: String(figures.incomeTaxAmount),
      });
    }
    if (changed.length === 0) return payouts;
    await sqlRows(
      tx,
      `update "payout" p set "amount" = v."amount", "income_tax_rate" = v."rate", "income_tax_amount" = v."tax",
         "updated_at" = now()
       from jsonb_to_recordset(?::jsonb) as v("id" uuid, "amount" bigint, "rate" numeric, "tax" bigint) where p."id" = v."id"`,
      [JSON.stringify(changed)],
    );
    return payouts.map((p) => priced.get(p.id) ?? p);
  }

  /**
   * Makes the file of bank day `day` (default: the first open one) once: payouts asked for it, and new payouts of every
   * salary due that day whose owner has bank details. A second call for the day answers the file made.
   */
  async createBatch(em: EntityManager, requested: string | undefined, by: Admin | null): Promise<BatchResult> {
    const today = this.today();
    const day = requested ?? (await this.firstOpenBatchDay(em));
    if (!isBankDay(day)) throw notABankDay(day);
    if (day < today) throw executionDatePast(day);
    const { name: debtorName, iban, bic } = this.#config.seller;
    if (!iban || !bic) throw payoutAccountMissing();
    const debtor = { name: debtorName, iban, bic };
    const actor = by?.actor ?? SYSTEM;

    return em.transactional(async (tx) => {
      await sqlRows(tx, `select pg_advisory_xact_lock(${BATCH_LOCK})`);
      const existing = await this.#batch(tx, `b."execution_date" = ?::date`, [day]);
      if (existing) return { created: false, batch: existing, failed: [] };

      const cutoffs = batchCutoffs(day);
      // The moment the file is made decides which accounts are held (a change's cooling-off period, a stop): the file
      // is what sends money to an account. Account changes wait for this transaction (the batch lock).
      const at = this.#now().toISOString();
      // Every due salary of an owner with bank details not held becomes part of one new payout per owner.
      const made = await sqlRows<{ id: string }>(
        tx,
        `with due as (
           select s."id", s."owner_id", s."payout_amount", u."payout_preference"
           from "salary_item" s join "app_user" u on u."id" = s."owner_id"
           where s."payout_id" is null
             and ${payableAccountSql('s."owner_id"')}
             and s."registered_on" < case when u."payout_preference" = 'payout_immediate' then ?::date else ?::date end
           for update of s
         ), owners as (
           select gen_random_uuid() as "id", "owner_id", sum("payout_amount") as "amount", count(*)::int as "n",
             case when max("payout_preference") = 'payout_immediate' then 'immediate' else 'monthly' end as "kind"
           from due group by "owner_id" having sum("payout_amount") > 0
         ), made as (
           insert into "payout" ("id", "owner_id", "kind", "status", "execution_date", "amount", "item_count", "end_to_end_id")
           select "id", "owner_id", "kind", 'initiated', ?::date, "amount", "n", replace("id"::text, '-', '') from owners
           returning "id", "owner_id"
         ), assigned as (
           update "salary_item" s set "payout_id" = m."id", "status" = 'initiated'
           from due d join made m on m."owner_id" = d."owner_id"
           where s."id" = d."id" and s."payout_id" is null
           returning s."id", s."payout_id", s."payout_amount"
         ), lines as (
           insert into "payout_line" ("payout_id", "salary_item_id", "amount")
           select "payout_id", "id", "payout_amount" from assigned
         ), events as (
           insert into "payout_event" ("payout_id", "event", "to_state", "actor_type", "actor_user_id")
           select "id", 'create', 'initiated', ?, ? from made
         )
         select "id" from made`,
        [at, cutoffs.immediateRegisteredBefore, cutoffs.monthlyRegisteredBefore, day, actor.type, actor.userId],
      );
      // Saved vacation pay due by the yearly payout day: one payout per owner whose account is not held, taken below
      // like a payout asked for.
      const vacationPayouts = await this.#yearlyVacationPay(tx, day, at, actor);
      // With the payouts asked for this day (or an earlier one whose file was never made, now paid this day), except
      // those to an account held since they were asked for: they wait for the first file after the hold. (One whose
      // owner has no account any more is taken, and fails below.)
      const selected = await sqlRows<PayoutRow & { first_name: string | null; last_name: string | null }>(
        tx,
        `with due as (
           update "payout" set "execution_date" = ?::date, "updated_at" = now()
           where "batch_id" is null and "status" = 'initiated' and "execution_date" <= ?::date
             and (not exists (select 1 from "bank_account" x where x."user_id" = "payout"."owner_id")
               or ${payableAccountSql('"payout"."owner_id"')})
           returning *)
         select ${PAYOUT_COLUMNS}, u."first_name", u."last_name"
         from due p join "app_user" u on u."id" = p."owner_id" order by p."number"`,
        [day, day, at],
      );
      const payouts = await this.#priceVacationPay(tx, selected);
      const accounts = await this.#accounts.accountsOf(tx, [...new Set(payouts.map((p) => p.owner_id))]);
      const failed: { payout: (typeof payouts)[number]; reason: string }[] = [];
      const payable: { payout: (typeof payouts)[number]; salary: SalaryPayout; masked: string }[] = [];
      for (const payout of payouts) {
        const account = accounts.get(payout.owner_id);
        const name = [payout.first_name, payout.last_name].filter(Boolean).join(' ').trim();
        if (!account) failed.push({ payout, reason: 'No bank details are registered' });
        else if (!name) failed.push({ payout, reason: 'The account holder has no name in the profile' });
        else
          payable.push({
            payout,
            masked: account.masked,
            salary: {
              endToEndId: payout.end_to_end_id,
              executionDate: day,
              amountMinor: Number(payout.amount),
              creditorName: name.slice(0, 140),
              account:
                account.account.kind === 'domestic'
                  ? {
                      kind: 'domestic',
                      clearingNumber: account.account.clearingNumber,
                      accountNumber: account.account.accountNumber,
                    }
                  : { kind: 'iban', iban: account.account.iban, bic: account.account.bic },
              remittance: `${payout.kind === 'vacation_pay' ? 'Semesterersättning' : 'Lön'} ${this.#config.brandName} P-${payout.number}`,
            },
          });
      }
      const batchId = randomUUID();
      const messageId = `PAY-${day.replaceAll('-', '')}-${batchId.slice(0, 8).toUpperCase()}`;
      let file: ReturnType<typeof buildPain001> | null = null;
      while (payable.length > 0 && !file) {
        try {
          file = buildPain001({
            messageId,
            createdAt: this.#now(),
            debtor,
            payouts: payable.map((p) => p.salary),
          });
        } catch (error) {
          // One payout the bank would refuse (a name with characters the file cannot carry) fails alone.
          const index = error instanceof Pain001Error ? /^payouts\[(\d+)\]/.exec(error.field)?.[1] : undefined;
          if (index === undefined) throw error;
          const [bad] = payable.splice(Number(index), 1);
          failed.push({ payout: bad!.payout, reason: `Cannot be paid: ${(error as Error).message}`.slice(0, 200) });
        }
      }
      for (const { payout, reason } of failed) await this.#end(tx, [payout.id], 'fail', 'initiated', reason, actor);
      const failedRows = failed.map(({ payout }) => ({ ...payout, status: 'failed' as const }));
      if (!file) {
        return { created: false, batch: null, failed: failedRows };
      }
      const bytes = Buffer.from(file.xml, 'utf8');
      // One key per bank day (the execution date is unique): an attempt killed before its commit leaves a file that the
      // next attempt overwrites, never a second file for the day beside the real one.
      const storageKey = `payout-batches/${day}.xml`;
      await sqlRows(
        tx,
        `insert into "payout_batch" ("id", "execution_date", "message_id", "storage_key", "sha256", "size_bytes",
           "number_of_transactions", "control_sum", "created_by") values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          batchId,
          day,
          messageId,
          storageKey,
          createHash('sha256').update(bytes).digest('hex'),
          bytes.length,
          file.numberOfTransactions,
          file.controlSumMinor,
          by?.adminId ?? null,
        ],
      );
      await sqlRows(
        tx,
        `update "payout" p set "batch_id" = ?, "creditor_name" = v."name", "account_masked" = v."masked", "updated_at" = now()
         from jsonb_to_recordset(?::jsonb) as v("id" uuid, "name" text, "masked" text) where p."id" = v."id"`,
        [
          batchId,
          JSON.stringify(payable.map((p) => ({ id: p.payout.id, name: p.salary.creditorName, masked: p.masked }))),
        ],
      );
      await this.#files.put(storageKey, bytes, 'application/xml');
      await this.#jobs.send(PAYOUT_NOTIFY_QUEUE, { batchId }, { em: tx, singletonKey: `payout-notify:${batchId}` });
      if (by) {
        await recordAuditEvent(tx, {
          actorUserId: by.adminId,
          subjectUserId: null,
          action: 'payout_batch.created',
          data: {
            batchId,
            executionDate: day,
            payouts: payable.length,
            newPayouts: made.length,
            vacationPayPayouts: vacationPayouts,
            failed: failed.length,
          },
          ip: by.ip,
        });
      }
      return { created: true, batch: (await this.#batch(tx, `b."id" = ?`, [batchId]))!, failed: failedRows };
    });
  }

  /**
   * Ends payouts (`deny` or `fail` from `from`, or `complete`): their state through the status machine, one event
   * each, and a denied or failed payout's salary items available again. Returns the ids that changed.
   */
  async #end(
    em: EntityManager,
    ids: string[],
    event: PayoutEventType,
    from: PayoutState,
    reason: string | null,
    actor: EventActor,
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    const result = transitionPayout(from, event);
    if (!result.ok) throw illegalPayoutTransition(result.message);
    const changed = await sqlRows<{ id: string }>(
      em,
      `update "payout" set "status" = ?, "status_reason" = coalesce(?, "status_reason"), "updated_at" = now()
       where "id" in (?) and "status" = ? returning "id"`,
      [result.to, reason, ids, from],
    );
    const changedIds = changed.map((c) => c.id);
    if (changedIds.length === 0) return [];
    if (result.to === 'completed_transaction') {
      await sqlRows(em, `update "salary_item" set "status" = 'completed_transaction' where "payout_id" in (?)`, [
        changedIds,
      ]);
    } else {
      await sqlRows(
        em,
        `update "salary_item" set "payout_id" = null, "status" = 'completed_invoice' where "payout_id" in (?)`,
        [changedIds],
      );
      // A denied or failed vacation pay payout gives the vacation pay back to the saved balance.
      await sqlRows(
        em,
        `update "salary_item" set "vacation_pay_payout_id" = null where "vacation_pay_payout_id" in (?)`,
        [changedIds],
      );
    }
    await this.#events(
      em,
      changedIds.map((payoutId) => ({ payoutId, event, from, to: result.to })),
      actor,
      reason,
    );
    return changedIds;
  }

  /** Batches with payouts whose freelancers were not told yet (a crash stopped their job). */
  async untoldBatches(em: EntityManager): Promise<string[]> {
    const rows = await sqlRows<{ batch_id: string }>(
      em,
      `select distinct "batch_id" from "payout" where "batch_id" is not null and "notified_at" is null
       and "status" in ('initiated', 'completed_transaction')`,
    );
    return rows.map((r) => r.batch_id);
  }

  /** The daily step after the files: payouts whose bank day has passed without a denial are paid out. */
  async completePast(em: EntityManager): Promise<number> {
    return em.transactional(async (tx) => {
      const due = await sqlRows<{ id: string }>(
        tx,
        `select "id" from "payout" where "status" = 'initiated' and "batch_id" is not null and "execution_date" < ?::date
         for update`,
        [this.today()],
      );
      const changed = await this.#end(
        tx,
        due.map((d) => d.id),
        'complete',
        'initiated',
        null,
        SYSTEM,
      );
      return changed.length;
    });
  }

  /** An admin marks a payout denied (a returned payment): failed_after_complete, its salary available again. */
  async deny(em: EntityManager, by: Admin, payoutId: string, reason: string): Promise<PayoutRow> {
    return em.transactional(async (tx) => {
      const payout = await sqlRow<{ status: PayoutState; owner_id: string }>(
        tx,
        `select "status", "owner_id" from "payout" where "id" = ? for update`,
        [payoutId],
      );
      if (!payout) throw payoutNotFound();
      const changed = await this.#end(tx, [payoutId], 'deny', payout.status, reason, by.actor);
      if (changed.length === 0) throw illegalPayoutTransition(`A payout in state "${payout.status}" cannot "deny"`);
      await recordAuditEvent(tx, {
        actorUserId: by.adminId,
        subjectUserId: payout.owner_id,
        action: 'payout.denied',
        data: { payoutId, reason, from: payout.status },
        ip: by.ip,
      });
      return (await this.payout(tx, payoutId))!;
    });
  }

  /** The bank's pain.002 on one of our files: completes or denies the payouts it names. Once per report. */
  async importStatusReport(em: EntityManager, by: Admin, content: Uint8Array): Promise<StatusReportOutcome> {
    let report: StatusReport;
    try {
      report = parsePain002(new TextDecoder('utf-8', { fatal: false }).decode(content));
    } catch (error) {
      if (error instanceof Pain002Error) throw statusReportInvalid(error.message);
      throw error;
    }
    const sha256 = createHash('sha256').update(content).digest('hex');
    return em.transactional(async (tx) => {
      await sqlRows(tx, `select pg_advisory_xact_lock(${BATCH_LOCK})`);
      const earlier = await tx.findOne(PaymentStatusReport, { messageId: report.messageId });
      if (earlier) return { ...(earlier.result as unknown as StatusReportOutcome), duplicate: true };
      const batch = await tx.findOne(PayoutBatch, { messageId: report.originalMessageId });
      if (!batch) throw statusReportUnknownFile(report.originalMessageId);
      const payouts = await sqlRows<{ id: string; end_to_end_id: string; status: PayoutState }>(
        tx,
        `select "id", "end_to_end_id", "status" from "payout" where "batch_id" = ? for update`,
        [batch.id],
      );
      const byEndToEnd = new Map(payouts.map((p) => [p.end_to_end_id, p]));
      const rejectedBlocks = new Set(
        report.paymentInformation.filter((b) => b.status === 'RJCT').map((b) => b.originalPaymentInformationId),
      );
      const reasonText = (reasons: StatusReport['groupReasons']) =>
        reasons
          .map((r) => [r.code ?? r.proprietary, ...r.additionalInformation].filter(Boolean).join(' '))
          .join('; ')
          .slice(0, 200) || 'Rejected by the bank';
      const outcomes = new Map<string, { outcome: 'settled' | 'accepted' | 'pending' | 'rejected'; reason: string }>();
      if (report.rejectsEverything || rejectedBlocks.size > 0) {
        // A rejected file or payment block (this platform writes one block per file) rejects every payout in it.
        const reason = reasonText(
          report.rejectsEverything
            ? report.groupReasons
            : report.paymentInformation.filter((b) => b.status === 'RJCT').flatMap((b) => b.reasons),
        );
        for (const payout of payouts) outcomes.set(payout.id, { outcome: 'rejected', reason });
      }
      const unknownEndToEndIds: string[] = [];
      for (const transaction of report.transactions) {
        const payout = byEndToEnd.get(transaction.originalEndToEndId);
        if (!payout) {
          unknownEndToEndIds.push(transaction.originalEndToEndId);
          continue;
        }
        if (report.rejectsEverything) continue;
        outcomes.set(payout.id, { outcome: transaction.outcome, reason: reasonText(transaction.reasons) });
      }
      let completed = 0;
      let denied = 0;
      let pending = 0;
      const actor = by.actor;
      for (const payout of payouts) {
        const outcome = outcomes.get(payout.id);
        if (!outcome) continue;
        if (outcome.outcome === 'pending') {
          pending++;
        } else if (outcome.outcome === 'rejected') {
          if (payout.status === 'initiated' || payout.status === 'completed_transaction') {
            denied += (await this.#end(tx, [payout.id], 'deny', payout.status, outcome.reason, actor)).length;
          }
        } else if (payout.status === 'initiated') {
          completed += (await this.#end(tx, [payout.id], 'complete', 'initiated', null, actor)).length;
        }
      }
      const id = randomUUID();
      const storageKey = `payment-status-reports/${batch.executionDate}/${id}.xml`;
      const result: StatusReportOutcome = {
        id,
        duplicate: false,
        messageId: report.messageId,
        originalMessageId: report.originalMessageId,
        batchId: batch.id,
        groupStatus: report.groupStatus ?? null,
        completed,
        denied,
        pending,
        unknownEndToEndIds,
      };
      await sqlRows(
        tx,
        `insert into "payment_status_report" ("id", "message_id", "original_message_id", "batch_id", "sha256",
           "storage_key", "group_status", "result", "imported_by") values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`,
        [
          id,
          report.messageId,
          report.originalMessageId,
          batch.id,
          sha256,
          storageKey,
          report.groupStatus ?? null,
          JSON.stringify(result),
          by.adminId,
        ],
      );
      await this.#files.put(storageKey, content, 'application/xml');
      await recordAuditEvent(tx, {
        actorUserId: by.adminId,
        subjectUserId: null,
        action: 'payment_status_report.imported',
        data: { reportId: id, batchId: batch.id, messageId: report.messageId, completed, denied, pending },
        ip: by.ip,
      });
      return result;
    });
  }

  async #batch(em: EntityManager, where: string, params: unknown[]): Promise<BatchRow | undefined> {
    return sqlRow<BatchRow>(em, `select ${BATCH_COLUMNS} from "payout_batch" b where ${where}`, params);
  }

  async batchById(em: EntityManager, id: string): Promise<BatchRow> {
    const batch = await this.#batch(em, `b."id" = ?`, [id]);
    if (!batch) throw batchNotFound();
    return batch;
  }

  async batchFile(em: EntityManager, id: string): Promise<{ batch: BatchRow; bytes: Uint8Array }> {
    const batch = await this.batchById(em, id);
    const file = await this.#files.get(batch.storage_key);
    if (!file) throw new Error(`The file of payout batch ${id} is missing from storage (${batch.storage_key})`);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return { batch, bytes: Buffer.concat(chunks) };
  }

  async listBatches(em: EntityManager, page: number, pageSize: number): Promise<{ items: BatchRow[]; total: number }> {
    const [items, count] = await Promise.all([
      sqlRows<BatchRow>(
        em,
        `select ${BATCH_COLUMNS} from "payout_batch" b order by b."execution_date" desc limit ? offset ?`,
        [pageSize, (page - 1) * pageSize],
      ),
      sqlRow<{ n: number }>(em, `select count(*)::int as "n" from "payout_batch"`),
    ]);
    return { items, total: count?.n ?? 0 };
  }

  async listPayouts(
    em: EntityManager,
    filter: { batchId?: string | undefined; status?: PayoutState | undefined; userId?: string | undefined },
    page: number,
    pageSize: number,
  ): Promise<{ items: (PayoutRow & { owner_name: string; owner_email: string })[]; total: number }> {
    const where: string[] = ['true'];
    const params: unknown[] = [];
    if (filter.batchId) {
      where.push(`p."batch_id" = ?`);
      params.push(filter.batchId);
    }
    if (filter.status) {
      where.push(`p."status" = ?`);
      params.push(filter.status);
    }
    if (filter.userId) {
      where.push(`p."owner_id" = ?`);
      params.push(filter.userId);
    }
    const rows = await sqlRows<PayoutRow & { total: number; owner_name: string; owner_email: string }>(
      em,
      `select ${PAYOUT_COLUMNS}, count(*) over ()::int as "total", u."email" as "owner_email",
         coalesce(nullif(trim(coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '')), ''), u."email") as "owner_name"
       from "payout" p join "app_user" u on u."id" = p."owner_id" where ${where.join(' and ')}
       order by p."created_at" desc, p."id" desc limit ? offset ?`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    if (rows.length || page === 1) return { items: rows, total: rows[0]?.total ?? 0 };
    const count = await sqlRow<{ n: number }>(
      em,
      `select count(*)::int as "n" from "payout" p where ${where.join(' and ')}`,
      params,
    );
    return { items: [], total: count?.n ?? 0 };
  }
}
