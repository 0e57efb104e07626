// What the freelancer sees of their money: salary items and payouts as one list, one of them in detail, and the
// payout summary (what is available now, when the next money leaves and how much).
import type { EntityManager } from '@mikro-orm/postgresql';
import { expectedPayoutDateUnderHold } from '../../domain/payout-hold.ts';
import type { PaymentItemStatus, PayoutState } from '../../domain/payout-status.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import type { PayoutHoldView } from '../banking/public.ts';
import { loadFreelancer } from '../invoices/public.ts';
import { domainHold, type Payouts, type PayoutRow, type SkippedPayoutDay } from './payouts.ts';

export interface TransactionRow {
  id: string;
  kind: 'salary' | 'payout';
  status: PaymentItemStatus;
  created_at: string;
  date: string;
  amount: string;
  reference: string;
  from_name: string | null;
  to_name: string | null;
  address_country: string | null;
  address_city: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  payout_id: string | null;
  registered_on: string | null;
  payout_date: string | null;
  payout_status: PayoutState | null;
}

export interface TransactionQuery {
  kind?: 'salary' | 'payout' | undefined;
  statuses: PaymentItemStatus[];
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  page: number;
  pageSize: number;
}

/** A salary row's status: "Paid" while it waits, else its payout's. */
const SALARY_STATUS = `case when s."payout_id" is null then 'completed_invoice' else s."status" end`;

const SALARY_ROWS = `select s."id", 'salary' as "kind", ${SALARY_STATUS} as "status", s."created_at",
    to_char(s."payment_date", 'YYYY-MM-DD') as "date", s."payout_amount" as "amount",
    coalesce(i."number"::text, '') as "reference",
    coalesce(i."recipient_snapshot" ->> 'name', c."name") as "from_name", null as "to_name",
    coalesce(i."recipient_snapshot" -> 'address' ->> 'country', c."address_country") as "address_country",
    coalesce(i."recipient_snapshot" -> 'address' ->> 'city', c."address_city") as "address_city",
    s."invoice_id", i."number"::text as "invoice_number", s."payout_id",
    to_char(s."registered_on", 'YYYY-MM-DD') as "registered_on",
    to_char(p."execution_date", 'YYYY-MM-DD') as "payout_date", p."status" as "payout_status"
  from "salary_item" s join "invoice" i on i."id" = s."invoice_id" join "customer" c on c."id" = i."customer_id"
  left join "payout" p on p."id" = s."payout_id"
  where s."owner_id" = ?`;

const PAYOUT_ROWS = `select p."id", 'payout' as "kind", p."status", p."created_at",
    to_char(p."execution_date", 'YYYY-MM-DD') as "date", p."amount", 'P-' || p."number" as "reference",
    null as "from_name", p."account_masked" as "to_name", null as "address_country", null as "address_city",
    null::uuid as "invoice_id", null as "invoice_number", p."id" as "payout_id", null as "registered_on",
    to_char(p."execution_date", 'YYYY-MM-DD') as "payout_date", p."status" as "payout_status"
  from "payout" p where p."owner_id" = ?`;

export interface SalaryFiguresRow {
  payment_date: string;
  invoice_currency: string;
  invoice_paid_amount: string;
  amount: string;
  commission_amount: string;
  reimbursements: string;
  deductible_input_vat: string;
  uncovered_reimbursements: string;
  mileage_allowance: string;
  gross_salary: string;
  vacation_pay_rate: string;
  vacation_pay_amount: string;
  saved_vacation_pay_amount: string;
  saved_vacation_pay_social_fee: string;
  vacation_pay_payout_id: string | null;
  social_fee_amount: string;
  pension_amount: string;
  pension_tax_amount: string;
  income_tax_amount: string;
  net_salary: string;
  payout_amount: string;
  fee_rate: string;
  income_tax_rate: string;
  pension_rate: string;
  pension_special_payroll_tax_rate: string;
  employer_contribution_rate: string;
  employer_contribution_rate_above_cap: string | null;
  employer_contribution_category: string;
  salary_already_paid_this_month: string;
  exchange_rate_currency: string | null;
  exchange_rate_date: string | null;
  exchange_rate_sek_per_unit: string | null;
  campaign_code: string | null;
}

export interface PayoutItemRow {
  salary_item_id: string;
  invoice_id: string;
  invoice_number: string | null;
  customer_name: string;
  payment_date: string;
  amount: string;
}

export interface Summary {
  availableNow: number;
  availableItemCount: number;
  bankDetailsRegistered: boolean;
  payoutPreference: 'payout_monthly' | 'payout_immediate';
  nextPayout: { date: string; amount: number; itemCount: number } | null;
  scheduledPayouts: PayoutRow[];
  payoutHold: PayoutHoldView | null;
  /** What "pay out now" would do: the day it leaves, the account (masked), the days skipped; null without bank details. */
  payoutNow: { date: string; account: string; skipped: SkippedPayoutDay[] } | null;
}

export class Salaries {
  readonly #payouts: Payouts;

  constructor(payouts: Payouts) {
    this.#payouts = payouts;
  }

  /** The freelancer's name, the "to" of a salary row. */
  async #ownerName(em: EntityManager, ownerId: string): Promise<string> {
    const user = await sqlRow<{ name: string }>(
      em,
      `select coalesce(nullif(trim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), ''), "email") as "name"
       from "app_user" where "id" = ?`,
      [ownerId],
    );
    return user?.name ?? '';
  }

  /** Expected payout days of waiting salaries (`registered_on` → day), given the owner's settings. */
  async #expectation(em: EntityManager, ownerId: string): Promise<(row: TransactionRow) => string | null> {
    const today = this.#payouts.today();
    const [freelancer, hasBankDetails, firstOpen, hold] = await Promise.all([
      loadFreelancer(em, ownerId, today),
      this.#payouts.hasBankDetails(em, ownerId),
      this.#payouts.firstOpenBatchDay(em),
      this.#payouts.payoutHold(em, ownerId),
    ]);
    return (row) => {
      if (row.kind === 'salary' && row.payout_id === null) {
        return hasBankDetails
          ? expectedPayoutDateUnderHold(
              freelancer.payoutPreference,
              row.registered_on!,
              firstOpen,
              hold && domainHold(hold),
            )
          : null;
      }
      return row.payout_status === 'initiated' && row.payout_date && row.payout_date >= today ? row.payout_date : null;
    };
  }

  async list(
    em: EntityManager,
    ownerId: string,
    query: TransactionQuery,
  ): Promise<{
    items: TransactionRow[];
    total: number;
    ownerName: string;
    expected: (row: TransactionRow) => string | null;
  }> {
    const parts: string[] = [];
    const params: unknown[] = [];
    if (query.kind !== 'payout') {
      parts.push(SALARY_ROWS);
      params.push(ownerId);
    }
    if (query.kind !== 'salary') {
      parts.push(PAYOUT_ROWS);
      params.push(ownerId);
    }
    const where: string[] = ['true'];
    if (query.statuses.length) {
      where.push(`t."status" in (?)`);
      params.push(query.statuses);
    }
    if (query.dateFrom) {
      where.push(`t."date" >= ?`);
      params.push(query.dateFrom);
    }
    if (query.dateTo) {
      where.push(`t."date" <= ?`);
      params.push(query.dateTo);
    }
    const rows = await sqlRows<TransactionRow & { total: number }>(
      em,
      `select t.*, count(*) over ()::int as "total" from (${parts.join(' union all ')}) t where ${where.join(' and ')}
       order by t."created_at" desc, t."id" desc limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    const [ownerName, expected] = await Promise.all([this.#ownerName(em, ownerId), this.#expectation(em, ownerId)]);
    return { items: rows, total: rows[0]?.total ?? 0, ownerName, expected };
  }

  /** One row of the owner's, or undefined (another owner's and unknown ids alike). */
  async one(
    em: EntityManager,
    ownerId: string,
    id: string,
  ): Promise<
    | {
        row: TransactionRow;
        ownerName: string;
        expected: string | null;
        salary: SalaryFiguresRow | null;
        payout: PayoutRow | null;
        items: PayoutItemRow[];
      }
    | undefined
  > {
    const row = await sqlRow<TransactionRow>(
      em,
      `select * from (${SALARY_ROWS} union all ${PAYOUT_ROWS}) t where t."id" = ?`,
      [ownerId, ownerId, id],
    );
    if (!row) return undefined;
    const salary =
      row.kind === 'salary'
        ? ((await sqlRow<SalaryFiguresRow>(
            em,
            `select *, to_char("payment_date", 'YYYY-MM-DD') as "payment_date",
               to_char("exchange_rate_date", 'YYYY-MM-DD') as "exchange_rate_date" from "salary_item" where "id" = ?`,
            [id],
          )) ?? null)
        : null;
    const payout = row.payout_id ? ((await this.#payouts.payout(em, row.payout_id, ownerId)) ?? null) : null;
    const items = payout ? await this.payoutItems(em, payout.id) : [];
    const [ownerName, expected] = await Promise.all([this.#ownerName(em, ownerId), this.#expectation(em, ownerId)]);
    return { row, ownerName, expected: expected(row), salary, payout, items };
  }

  /** The salary items of several payouts at once (the back office's list), by payout. */
  async payoutItemsOf(em: EntityManager, payoutIds: readonly string[]): Promise<Map<string, PayoutItemRow[]>> {
    const byPayout = new Map<string, PayoutItemRow[]>();
    if (payoutIds.length === 0) return byPayout;
    const rows = await sqlRows<PayoutItemRow & { payout_id: string }>(
      em,
      `select l."payout_id", s."id" as "salary_item_id", s."invoice_id", i."number"::text as "invoice_number",
         coalesce(i."recipient_snapshot" ->> 'name', c."name") as "customer_name",
         to_char(s."payment_date", 'YYYY-MM-DD') as "payment_date", l."amount"
       from "payout_line" l join "salary_item" s on s."id" = l."salary_item_id"
       join "invoice" i on i."id" = s."invoice_id" join "customer" c on c."id" = i."customer_id"
       where l."payout_id" in (?) order by s."payment_date", s."created_at"`,
      [payoutIds],
    );
    for (const { payout_id, ...row } of rows) byPayout.set(payout_id, [...(byPayout.get(payout_id) ?? []), row]);
    return byPayout;
  }

  /** The salary items a payout holds (or held, if it was denied). */
  payoutItems(em: EntityManager, payoutId: string): Promise<PayoutItemRow[]> {
    return sqlRows<PayoutItemRow>(
      em,
      `select s."id" as "salary_item_id", s."invoice_id", i."number"::text as "invoice_number",
         coalesce(i."recipient_snapshot" ->> 'name', c."name") as "customer_name",
         to_char(s."payment_date", 'YYYY-MM-DD') as "payment_date", l."amount"
       from "payout_line" l join "salary_item" s on s."id" = l."salary_item_id"
       join "invoice" i on i."id" = s."invoice_id" join "customer" c on c."id" = i."customer_id"
       where l."payout_id" = ? order by s."payment_date", s."created_at"`,
      [payoutId],
    );
  }

  async summary(em: EntityManager, ownerId: string): Promise<Summary> {
    const today = this.#payouts.today();
    const [freelancer, hasBankDetails, firstOpen, hold, available, scheduled] = await Promise.all([
      loadFreelancer(em, ownerId, today),
      this.#payouts.hasBankDetails(em, ownerId),
      this.#payouts.firstOpenBatchDay(em),
      this.#payouts.payoutHold(em, ownerId),
      sqlRows<{ registered_on: string; amount: string; n: number }>(
        em,
        `select to_char("registered_on", 'YYYY-MM-DD') as "registered_on", sum("payout_amount") as "amount",
           count(*)::int as "n"
         from "salary_item" where "owner_id" = ? and "payout_id" is null group by "registered_on"`,
        [ownerId],
      ),
      this.#payouts.onTheirWay(em, ownerId),
    ]);
    // Money on its way by day: the payouts made, and (with bank details) the waiting salaries' expected days; while
    // payouts are held, a payout whose file is not made yet waits for the hold like the salaries, and none while stopped.
    const held = hold && domainHold(hold);
    const byDay = new Map<string, { amount: number; itemCount: number }>();
    const add = (day: string, amount: number, itemCount: number) => {
      const entry = byDay.get(day) ?? { amount: 0, itemCount: 0 };
      entry.amount += amount;
      entry.itemCount += itemCount;
      byDay.set(day, entry);
    };
    for (const payout of scheduled) {
      if (payout.batch_id === null && held) {
        const day = expectedPayoutDateUnderHold('payout_immediate', today, firstOpen, held);
        if (day)
          add(day < payout.execution_date ? payout.execution_date : day, Number(payout.amount), payout.item_count);
      } else add(payout.execution_date, Number(payout.amount), payout.item_count);
    }
    if (hasBankDetails) {
      for (const group of available) {
        const day = expectedPayoutDateUnderHold(freelancer.payoutPreference, group.registered_on, firstOpen, held);
        if (Number(group.amount) > 0 && day) add(day, Number(group.amount), group.n);
      }
    }
    const next = [...byDay.keys()].sort()[0];
    const [plan, account] = hasBankDetails
      ? await Promise.all([this.#payouts.manualPayoutPlan(em), this.#payouts.maskedAccount(em, ownerId)])
      : [null, null];
    return {
      availableNow: available.reduce((sum, g) => sum + Number(g.amount), 0),
      availableItemCount: available.reduce((sum, g) => sum + g.n, 0),
      bankDetailsRegistered: hasBankDetails,
      payoutPreference: freelancer.payoutPreference,
      nextPayout: next ? { date: next, ...byDay.get(next)! } : null,
      scheduledPayouts: scheduled,
      payoutHold: hold,
      payoutNow: plan && account ? { ...plan, account } : null,
    };
  }
}
