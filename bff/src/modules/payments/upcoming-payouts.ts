// What the coming bank days' payout files will pay, for the back office (docs/product/back-office.md#payouts): per
// day, per freelancer, the salary items and saved vacation pay that will leave, the account and the sum. It counts
// what exists now with the rules the batch applies (payout-schedule.ts, vacation-pay.ts): payouts already asked for,
// salaries waiting for their payout date, saved vacation pay on the yearly payout day. A day whose file is made is not
// upcoming; a payout whose day passed without a file lands on the first file still to be made. Payouts to an account held
// after a change (payout-hold.ts) land on the first bank day after the hold; those to a stopped account on none.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isBankDay, nextBankDay, type PayoutPreference } from '../../domain/bank-days.ts';
import { expectedPayoutDateUnderHold, payoutDayUnderHold } from '../../domain/payout-hold.ts';
import { expectedVacationPayPayoutDay, vacationPayPayout } from '../../domain/vacation-pay.ts';
import { sqlRows } from '../../platform/db/sql.ts';
import type { Payouts } from './payouts.ts';

export interface UpcomingItem {
  kind: 'salary' | 'vacation_pay';
  salaryItemId: string;
  invoiceId: string;
  invoiceNumber: number | null;
  customerName: string;
  amount: number;
}

export interface UpcomingPayee {
  userId: string;
  name: string;
  email: string;
  account: string | null;
  amount: number;
  payoutIds: string[];
  items: UpcomingItem[];
}

export interface UpcomingDay {
  date: string;
  amount: number;
  freelancerCount: number;
  itemCount: number;
  freelancers: UpcomingPayee[];
}

/** At most this many freelancers are listed per day (the largest amounts); the counts cover all. */
export const UPCOMING_FREELANCERS_PER_DAY = 200;

interface ItemRow {
  id: string;
  owner_id: string;
  registered_on: string;
  amount: string;
  invoice_id: string;
  invoice_number: string | null;
  customer_name: string;
}

const ITEM_JOINS = `join "invoice" i on i."id" = s."invoice_id" join "customer" c on c."id" = i."customer_id"`;
const ITEM_COLUMNS = `s."id", s."owner_id", to_char(s."registered_on", 'YYYY-MM-DD') as "registered_on", s."invoice_id",
  i."number"::text as "invoice_number", coalesce(i."recipient_snapshot" ->> 'name', c."name") as "customer_name"`;
const HAS_ACCOUNT = `exists (select 1 from "bank_account" b where b."user_id" = s."owner_id")`;

export class UpcomingPayouts {
  readonly #payouts: Payouts;

  constructor(payouts: Payouts) {
    this.#payouts = payouts;
  }

  /** The `bankDays` bank days from the first one whose file is not made yet, with what each will pay. */
  async list(em: EntityManager, bankDays: number): Promise<{ from: string; to: string; days: UpcomingDay[] }> {
    const firstOpen = await this.#payouts.firstOpenBatchDay(em);
    const made = await this.#payouts.batchDaysFrom(em, firstOpen);
    const open: string[] = [];
    for (let day = firstOpen; open.length < bankDays; day = nextBankDay(day)) {
      if (isBankDay(day) && !made.has(day)) open.push(day);
    }
    const to = open[open.length - 1]!;
    /** The open day whose file takes what is due on `day`; null past the horizon. */
    const landing = (day: string): string | null => open.find((d) => d >= day) ?? null;

    const [holds, asked, waiting, saved] = await Promise.all([
      this.#payouts.holdsNow(em),
      sqlRows<{ id: string; owner_id: string; kind: string; execution_date: string; amount: string }>(
        em,
        `select p."id", p."owner_id", p."kind", to_char(p."execution_date", 'YYYY-MM-DD') as "execution_date", p."amount"
         from "payout" p where p."batch_id" is null and p."status" = 'initiated' and p."execution_date" <= ?::date`,
        [to],
      ),
      sqlRows<ItemRow & { payout_preference: string }>(
        em,
        `select ${ITEM_COLUMNS}, s."payout_amount" as "amount", u."payout_preference"
         from "salary_item" s join "app_user" u on u."id" = s."owner_id" ${ITEM_JOINS}
         where s."payout_id" is null and ${HAS_ACCOUNT}`,
      ),
      sqlRows<ItemRow & { income_tax_rate: string }>(
        em,
        `select ${ITEM_COLUMNS}, s."saved_vacation_pay_amount" as "amount", u."income_tax_rate"
         from "salary_item" s join "app_user" u on u."id" = s."owner_id" ${ITEM_JOINS}
         where s."saved_vacation_pay_amount" > 0 and s."vacation_pay_payout_id" is null and ${HAS_ACCOUNT}`,
      ),
    ]);
    const lines = asked.length
      ? await sqlRows<ItemRow & { payout_id: string; kind: string }>(
          em,
          `select ${ITEM_COLUMNS}, l."payout_id", l."amount", p."kind"
           from "payout_line" l join "payout" p on p."id" = l."payout_id" join "salary_item" s on s."id" = l."salary_item_id"
           ${ITEM_JOINS} where l."payout_id" in (?)`,
          [asked.map((p) => p.id)],
        )
      : [];

    type Entry = { payee: UpcomingPayee; vacationGross: number; vacationRate: string | null };
    const byDay = new Map<string, Map<string, Entry>>();
    const entry = (day: string, ownerId: string): Entry => {
      let owners = byDay.get(day);
      if (!owners) byDay.set(day, (owners = new Map()));
      let found = owners.get(ownerId);
      if (!found) {
        found = {
          payee: { userId: ownerId, name: '', email: '', account: null, amount: 0, payoutIds: [], items: [] },
          vacationGross: 0,
          vacationRate: null,
        };
        owners.set(ownerId, found);
      }
      return found;
    };
    const item = (row: ItemRow, kind: UpcomingItem['kind']): UpcomingItem => ({
      kind,
      salaryItemId: row.id,
      invoiceId: row.invoice_id,
      invoiceNumber: row.invoice_number === null ? null : Number(row.invoice_number),
      customerName: row.customer_name,
      amount: Number(row.amount),
    });

    const linesOf = new Map<string, typeof lines>();
    for (const line of lines) linesOf.set(line.payout_id, [...(linesOf.get(line.payout_id) ?? []), line]);
    for (const payout of asked) {
      const due = payoutDayUnderHold(payout.execution_date, holds.get(payout.owner_id) ?? null);
      const day = due && landing(due);
      if (!day) continue;
      const found = entry(day, payout.owner_id);
      found.payee.amount += Number(payout.amount);
      found.payee.payoutIds.push(payout.id);
      for (const line of linesOf.get(payout.id) ?? [])
        found.payee.items.push(item(line, line.kind === 'vacation_pay' ? 'vacation_pay' : 'salary'));
    }
    for (const row of waiting) {
      const preference: PayoutPreference =
        row.payout_preference === 'payout_immediate' ? 'payout_immediate' : 'payout_monthly';
      const due = expectedPayoutDateUnderHold(
        preference,
        row.registered_on,
        firstOpen,
        holds.get(row.owner_id) ?? null,
      );
      const day = due && landing(due);
      if (!day) continue;
      const found = entry(day, row.owner_id);
      found.payee.amount += Number(row.amount);
      found.payee.items.push(item(row, 'salary'));
    }
    for (const row of saved) {
      const due = payoutDayUnderHold(
        expectedVacationPayPayoutDay(row.registered_on, firstOpen),
        holds.get(row.owner_id) ?? null,
      );
      const day = due && landing(due);
      if (!day) continue;
      const found = entry(day, row.owner_id);
      found.vacationGross += Number(row.amount);
      found.vacationRate = row.income_tax_rate;
      found.payee.items.push(item(row, 'vacation_pay'));
    }
    // Saved vacation pay leaves net of the income tax at the owner's rate (as the file of the day will set it).
    for (const owners of byDay.values()) {
      for (const found of owners.values()) {
        if (found.vacationGross > 0)
          found.payee.amount += vacationPayPayout(found.vacationGross, found.vacationRate!).netAmount;
      }
    }

    const ownerIds = [...new Set([...byDay.values()].flatMap((owners) => [...owners.keys()]))];
    const people = ownerIds.length
      ? await sqlRows<{ id: string; name: string; email: string; masked: string | null }>(
          em,
          `select u."id", u."email", b."masked",
             coalesce(nullif(trim(coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '')), ''), u."email") as "name"
           from "app_user" u left join "bank_account" b on b."user_id" = u."id" where u."id" in (?)`,
          [ownerIds],
        )
      : [];
    const person = new Map(people.map((p) => [p.id, p]));
    const days: UpcomingDay[] = [];
    for (const day of open) {
      const owners = byDay.get(day);
      if (!owners) continue;
      // One payout per freelancer with something to pay (the batch makes none of a zero sum).
      const payees = [...owners.values()].map((e) => e.payee).filter((p) => p.amount > 0 || p.payoutIds.length > 0);
      if (payees.length === 0) continue;
      for (const payee of payees) {
        const who = person.get(payee.userId);
        payee.name = who?.name ?? '';
        payee.email = who?.email ?? '';
        payee.account = who?.masked ?? null;
      }
      payees.sort((a, b) => b.amount - a.amount || a.userId.localeCompare(b.userId));
      days.push({
        date: day,
        amount: payees.reduce((sum, p) => sum + p.amount, 0),
        freelancerCount: payees.length,
        itemCount: payees.reduce((sum, p) => sum + p.items.length, 0),
        freelancers: payees.slice(0, UPCOMING_FREELANCERS_PER_DAY),
      });
    }
    return { from: firstOpen, to, days };
  }

  /** The first day after `except` (or any other day) with payouts waiting, for "nothing to pay that day". */
  async next(
    em: EntityManager,
    except: string,
  ): Promise<{ date: string; amount: number; freelancerCount: number } | null> {
    const { days } = await this.list(em, 25);
    const found = days.find((d) => d.date !== except);
    return found ? { date: found.date, amount: found.amount, freelancerCount: found.freelancerCount } : null;
  }
}
