// Saved vacation pay as the freelancer and the back office see it (docs/product/payments.md#saved-vacation-pay): the
// balance and what paying it out now would give, and the total the platform owes. Paying it out is payouts.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  expectedVacationPayPayoutDay,
  vacationPayPayout,
  vacationPayPayoutDayOnOrBefore,
  vacationPayPayoutDayAfter,
  type VacationPayPayout,
} from '../../domain/vacation-pay.ts';
import { payoutDayUnderHold } from '../../domain/payout-hold.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { loadFreelancer } from '../invoices/public.ts';
import { domainHold, PAYOUT_COLUMNS, type PayoutRow, type Payouts } from './payouts.ts';

export interface VacationPayBalance {
  saveVacationPay: boolean;
  savedAmount: number;
  itemCount: number;
  payoutNow: (VacationPayPayout & { date: string }) | null;
  yearlyPayoutDate: string | null;
  bankDetailsRegistered: boolean;
  onTheirWay: PayoutRow[];
}

export interface VacationPayOwed {
  savedAmount: number;
  socialFeeAmount: number;
  freelancerCount: number;
  inPayouts: { grossAmount: number; socialFeeAmount: number; payoutCount: number };
  yearlyPayoutDate: string;
  largest: { userId: string; name: string; email: string; savedAmount: number }[];
}

/** The next yearly payout day on or after `today`. */
export function nextYearlyPayoutDay(today: string): string {
  return vacationPayPayoutDayOnOrBefore(today) === today ? today : vacationPayPayoutDayAfter(today);
}

export class VacationPay {
  readonly #payouts: Payouts;

  constructor(payouts: Payouts) {
    this.#payouts = payouts;
  }

  async balance(em: EntityManager, ownerId: string): Promise<VacationPayBalance> {
    const today = this.#payouts.today();
    const [freelancer, hasBankDetails, hold, saved, onTheirWay] = await Promise.all([
      loadFreelancer(em, ownerId, today),
      this.#payouts.hasBankDetails(em, ownerId),
      this.#payouts.payoutHold(em, ownerId),
      sqlRow<{ amount: string; n: number; first: string | null }>(
        em,
        `select coalesce(sum("saved_vacation_pay_amount"), 0) as "amount", count(*)::int as "n",
           to_char(min("registered_on"), 'YYYY-MM-DD') as "first"
         from "salary_item" where "owner_id" = ? and "saved_vacation_pay_amount" > 0 and "vacation_pay_payout_id" is null`,
        [ownerId],
      ),
      sqlRows<PayoutRow>(
        em,
        `select ${PAYOUT_COLUMNS} from "payout" p where p."owner_id" = ? and p."kind" = 'vacation_pay'
           and p."status" = 'initiated' and (p."execution_date" >= ?::date or p."batch_id" is null)
         order by p."execution_date", p."created_at"`,
        [ownerId, today],
      ),
    ]);
    const savedAmount = Number(saved?.amount ?? 0);
    let payoutNow: VacationPayBalance['payoutNow'] = null;
    if (savedAmount > 0) {
      const figures = vacationPayPayout(savedAmount, freelancer.incomeTaxRate);
      if (figures.netAmount > 0) payoutNow = { ...figures, date: await this.#payouts.manualPayoutDay(em) };
    }
    let yearlyPayoutDate: string | null = null;
    if (hasBankDetails) {
      const firstOpen = await this.#payouts.firstOpenBatchDay(em);
      // What is saved now leaves on the earliest yearly payout day after its oldest part was saved (or the first file
      // still to be made, if that day passed unpaid); with nothing saved, the next one anything saved would take. Payouts
      // held after an account change wait for the first bank day after the hold; stopped ones have no day.
      yearlyPayoutDate = payoutDayUnderHold(
        expectedVacationPayPayoutDay(saved?.first ?? today, firstOpen),
        hold && domainHold(hold),
      );
    }
    return {
      saveVacationPay: freelancer.saveVacationPay,
      savedAmount,
      itemCount: saved?.n ?? 0,
      payoutNow,
      yearlyPayoutDate,
      bankDetailsRegistered: hasBankDetails,
      onTheirWay,
    };
  }

  /** What the platform owes its freelancers in saved vacation pay, and the employer contributions set aside with it. */
  async owed(em: EntityManager): Promise<VacationPayOwed> {
    const [saved, inPayouts, largest] = await Promise.all([
      sqlRow<{ amount: string; social_fee: string; people: number }>(
        em,
        `select coalesce(sum("saved_vacation_pay_amount"), 0) as "amount",
           coalesce(sum("saved_vacation_pay_social_fee"), 0) as "social_fee", count(distinct "owner_id")::int as "people"
         from "salary_item" where "saved_vacation_pay_amount" > 0 and "vacation_pay_payout_id" is null`,
      ),
      sqlRow<{ amount: string; social_fee: string; payouts: number }>(
        em,
        `select coalesce(sum(s."saved_vacation_pay_amount"), 0) as "amount",
           coalesce(sum(s."saved_vacation_pay_social_fee"), 0) as "social_fee",
           count(distinct s."vacation_pay_payout_id")::int as "payouts"
         from "salary_item" s join "payout" p on p."id" = s."vacation_pay_payout_id" where p."status" = 'initiated'`,
      ),
      sqlRows<{ id: string; name: string; email: string; amount: string }>(
        em,
        `select u."id", u."email",
           coalesce(nullif(trim(coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '')), ''), u."email") as "name",
           t."amount"
         from (select "owner_id", sum("saved_vacation_pay_amount") as "amount" from "salary_item"
               where "saved_vacation_pay_amount" > 0 and "vacation_pay_payout_id" is null
               group by "owner_id" order by 2 desc, 1 limit 10) t
         join "app_user" u on u."id" = t."owner_id" order by t."amount" desc, u."id"`,
      ),
    ]);
    return {
      savedAmount: Number(saved?.amount ?? 0),
      socialFeeAmount: Number(saved?.social_fee ?? 0),
      freelancerCount: saved?.people ?? 0,
      inPayouts: {
        grossAmount: Number(inPayouts?.amount ?? 0),
        socialFeeAmount: Number(inPayouts?.social_fee ?? 0),
        payoutCount: inPayouts?.payouts ?? 0,
      },
      yearlyPayoutDate: nextYearlyPayoutDay(this.#payouts.today()),
      largest: largest.map((r) => ({ userId: r.id, name: r.name, email: r.email, savedAmount: Number(r.amount) })),
    };
  }
}
