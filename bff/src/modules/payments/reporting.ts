// What the payments module stores, read for the operator's reports (the reports module, through public.ts): payments
// in, salary items booked, payouts in files with what they paid, the files themselves. Read-only, set-based SQL over a
// period; days are Swedish days (a time stamp's day in Europe/Stockholm).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../platform/db/sql.ts';

const SWEDISH_DAY = (column: string) => `to_char((${column} at time zone 'Europe/Stockholm')::date, 'YYYY-MM-DD')`;

export type ReportPayment = {
  id: string;
  source: 'bgmax' | 'manual';
  kind: 'payment' | 'deduction';
  paymentDate: string;
  currency: string;
  amount: number;
  sekAmount: number;
  reference: string | null;
  status: 'matched' | 'unmatched';
  matchMethod: string | null;
  /** The Swedish day it was matched, when it is. */
  matchedOn: string | null;
  invoiceId: string | null;
  ownerId: string | null;
  appliedAmount: number;
  overpaidAmount: number;
  /** What the invoice's payments matched before this one applied (invoice currency): for the cumulative share. */
  appliedBefore: number;
};

/**
 * Payments in whose bank day or match day is in the period (the books have a voucher on either day), with what the
 * invoice's earlier payments applied (in the order they were matched).
 */
export async function paymentsForReports(em: EntityManager, from: string, to: string): Promise<ReportPayment[]> {
  const rows = await sqlRows<Record<string, string | null>>(
    em,
    `with ordered as (
       select m."id", coalesce(sum(m."applied_amount") over (partition by m."invoice_id"
         order by m."matched_at", m."id" rows between unbounded preceding and 1 preceding), 0) as "applied_before"
       from "incoming_payment" m where m."status" = 'matched'
     )
     select m."id", m."source", m."kind", to_char(m."payment_date", 'YYYY-MM-DD') as "payment_date", m."currency",
       m."amount", m."sek_amount", m."reference", m."status", m."match_method",
       case when m."matched_at" is null then null else ${SWEDISH_DAY('m."matched_at"')} end as "matched_on",
       m."invoice_id", m."owner_id", m."applied_amount", m."overpaid_amount", coalesce(o."applied_before", 0) as "applied_before"
     from "incoming_payment" m left join ordered o on o."id" = m."id"
     where m."payment_date" between ?::date and ?::date
        or (m."matched_at" is not null and (m."matched_at" at time zone 'Europe/Stockholm')::date between ?::date and ?::date)
     order by m."payment_date", m."id"`,
    [from, to, from, to],
  );
  return rows.map((r) => ({
    id: r.id!,
    source: r.source as ReportPayment['source'],
    kind: r.kind as ReportPayment['kind'],
    paymentDate: r.payment_date!,
    currency: r.currency!,
    amount: Number(r.amount),
    sekAmount: Number(r.sek_amount),
    reference: r.reference ?? null,
    status: r.status as ReportPayment['status'],
    matchMethod: r.match_method ?? null,
    matchedOn: r.matched_on ?? null,
    invoiceId: r.invoice_id ?? null,
    ownerId: r.owner_id ?? null,
    appliedAmount: Number(r.applied_amount),
    overpaidAmount: Number(r.overpaid_amount),
    appliedBefore: Number(r.applied_before),
  }));
}

export type ReportSalaryItem = {
  id: string;
  ownerId: string;
  invoiceId: string;
  paymentId: string;
  paymentDate: string;
  registeredOn: string;
  commissionAmount: number;
  grossSalary: number;
  vacationPayAmount: number;
  savedVacationPayAmount: number;
  savedVacationPaySocialFee: number;
  socialFeeAmount: number;
  pensionAmount: number;
  pensionTaxAmount: number;
  incomeTaxAmount: number;
  netSalary: number;
  payoutAmount: number;
  reimbursements: number;
  deductibleInputVat: number;
  mileageAllowance: number;
  employerContributionCategory: string;
  employerContributionBases: { rate: string; salary: number }[];
};

const ITEM_COLUMNS = `s."id", s."owner_id", s."invoice_id", s."payment_id", to_char(s."payment_date", 'YYYY-MM-DD') as "payment_date",
  to_char(s."registered_on", 'YYYY-MM-DD') as "registered_on", s."commission_amount", s."gross_salary",
  s."vacation_pay_amount", s."saved_vacation_pay_amount", s."saved_vacation_pay_social_fee",
  s."social_fee_amount", s."pension_amount", s."pension_tax_amount", s."income_tax_amount", s."net_salary",
  s."payout_amount", s."reimbursements", s."deductible_input_vat", s."mileage_allowance",
  s."employer_contribution_category", s."employer_contribution_bases"`;

function itemOf(r: Record<string, unknown>): ReportSalaryItem {
  const n = (key: string) => Number(r[key]);
  return {
    id: r.id as string,
    ownerId: r.owner_id as string,
    invoiceId: r.invoice_id as string,
    paymentId: r.payment_id as string,
    paymentDate: r.payment_date as string,
    registeredOn: r.registered_on as string,
    commissionAmount: n('commission_amount'),
    grossSalary: n('gross_salary'),
    vacationPayAmount: n('vacation_pay_amount'),
    savedVacationPayAmount: n('saved_vacation_pay_amount'),
    savedVacationPaySocialFee: n('saved_vacation_pay_social_fee'),
    socialFeeAmount: n('social_fee_amount'),
    pensionAmount: n('pension_amount'),
    pensionTaxAmount: n('pension_tax_amount'),
    incomeTaxAmount: n('income_tax_amount'),
    netSalary: n('net_salary'),
    payoutAmount: n('payout_amount'),
    reimbursements: n('reimbursements'),
    deductibleInputVat: n('deductible_input_vat'),
    mileageAllowance: n('mileage_allowance'),
    employerContributionCategory: r.employer_contribution_category as string,
    employerContributionBases: (r.employer_contribution_bases as { rate: string | number; salary: number }[]).map(
      (b) => ({ rate: String(b.rate), salary: Number(b.salary) }),
    ),
  };
}

/** Salary items booked (registered) in the period. */
export async function salaryItemsBooked(em: EntityManager, from: string, to: string): Promise<ReportSalaryItem[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    em,
    `select ${ITEM_COLUMNS} from "salary_item" s where s."registered_on" between ?::date and ?::date
     order by s."registered_on", s."id"`,
    [from, to],
  );
  return rows.map(itemOf);
}

export type ReportPayout = {
  id: string;
  number: number;
  ownerId: string;
  kind: string;
  status: string;
  executionDate: string;
  amount: number;
  batchId: string;
  /** The Swedish day its file was made. */
  inFileOn: string;
  fileMadeAt: string;
  /** The Swedish day and time it was denied (failed_after_complete), and why. */
  deniedOn: string | null;
  deniedAt: string | null;
  statusReason: string | null;
  /**
   * A salary payout: the salary items it paid. A `vacation_pay` payout: the salary items whose saved vacation pay it
   * paid (their `saved_vacation_pay_amount`), not their salaries.
   */
  items: ReportSalaryItem[];
  /** A `vacation_pay` payout's own figures as stored when it went into its file (null for a salary payout). */
  vacationPay: { grossAmount: number; incomeTaxAmount: number; socialFeeAmount: number } | null;
};

/**
 * Payouts that went into a file, whose bank day is in the period or that were denied in it, with the salary items
 * each paid (`payout_line` keeps them, also for a payout that was denied and whose items left with a later one).
 */
export async function payoutsInFiles(
  em: EntityManager,
  from: string,
  to: string,
  options: { deniedToo?: boolean } = {},
): Promise<ReportPayout[]> {
  const denied = `(select min(e."created_at") from "payout_event" e where e."payout_id" = p."id" and e."to_state" = 'failed_after_complete')`;
  const payouts = await sqlRows<Record<string, unknown>>(
    em,
    `select p."id", p."number", p."owner_id", p."kind", p."status", to_char(p."execution_date", 'YYYY-MM-DD') as "execution_date",
       p."amount", p."batch_id", ${SWEDISH_DAY('b."created_at"')} as "in_file_on", b."created_at" as "file_made_at",
       ${denied} as "denied_at", p."status_reason", p."gross_amount", p."income_tax_amount", p."social_fee_amount"
     from "payout" p join "payout_batch" b on b."id" = p."batch_id"
     where p."execution_date" between ?::date and ?::date
       ${options.deniedToo === false ? '' : `or (p."status" = 'failed_after_complete' and (${denied} at time zone 'Europe/Stockholm')::date between ?::date and ?::date)`}
     order by p."execution_date", p."number"`,
    options.deniedToo === false ? [from, to] : [from, to, from, to],
  );
  if (payouts.length === 0) return [];
  const items = await sqlRows<Record<string, unknown>>(
    em,
    `select l."payout_id", ${ITEM_COLUMNS} from "payout_line" l join "salary_item" s on s."id" = l."salary_item_id"
     where l."payout_id" in (?) order by l."payout_id", s."registered_on", s."id"`,
    [payouts.map((p) => p.id)],
  );
  const byPayout = new Map<string, ReportSalaryItem[]>();
  for (const row of items) {
    const list = byPayout.get(row.payout_id as string) ?? [];
    list.push(itemOf(row));
    byPayout.set(row.payout_id as string, list);
  }
  return payouts.map((p) => {
    const deniedAt = p.denied_at ? new Date(p.denied_at as string | Date) : null;
    return {
      id: p.id as string,
      number: Number(p.number),
      ownerId: p.owner_id as string,
      kind: p.kind as string,
      status: p.status as string,
      executionDate: p.execution_date as string,
      amount: Number(p.amount),
      batchId: p.batch_id as string,
      inFileOn: p.in_file_on as string,
      fileMadeAt: new Date(p.file_made_at as string | Date).toISOString(),
      deniedAt: deniedAt && p.status === 'failed_after_complete' ? deniedAt.toISOString() : null,
      deniedOn:
        deniedAt && p.status === 'failed_after_complete'
          ? deniedAt.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' })
          : null,
      statusReason: (p.status_reason as string | null) ?? null,
      items: byPayout.get(p.id as string) ?? [],
      vacationPay:
        p.kind === 'vacation_pay'
          ? {
              grossAmount: Number(p.gross_amount),
              incomeTaxAmount: Number(p.income_tax_amount),
              socialFeeAmount: Number(p.social_fee_amount),
            }
          : null,
    };
  });
}

export type ReportPayoutFile = { id: string; executionDate: string; controlSum: number; payouts: number };

/** The payout files (pain.001) whose bank day is in the period, with their control sums. */
export async function payoutFiles(em: EntityManager, from: string, to: string): Promise<ReportPayoutFile[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    em,
    `select "id", to_char("execution_date", 'YYYY-MM-DD') as "execution_date", "control_sum", "number_of_transactions"
     from "payout_batch" where "execution_date" between ?::date and ?::date order by "execution_date"`,
    [from, to],
  );
  return rows.map((r) => ({
    id: r.id as string,
    executionDate: r.execution_date as string,
    controlSum: Number(r.control_sum),
    payouts: Number(r.number_of_transactions),
  }));
}
