// The payslip of a payout and the yearly statement, rendered when asked for from what the payouts and their salary
// items stored (every amount and rate as computed on the payment day), so the same payout always gives the same
// payslip (the year so far counts the payouts up to it by their bank day and number, which later ones do not change).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PercentString } from '../../domain/exact-decimal.ts';
import { payoutHoldsItems } from '../../domain/payout-status.ts';
import type { Config } from '../../platform/config.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { renderPayslipPdf, type PayslipItem, type PayslipYearToDate } from '../../platform/pdf/payslip-pdf.ts';
import { renderYearlyStatementPdf, type StatementPayout } from '../../platform/pdf/yearly-statement-pdf.ts';
import { payoutNotFound, statementNotAvailable, statementNotFound } from './errors.ts';
import type { Payouts, PayoutRow } from './payouts.ts';
import type { SalaryFiguresRow } from './salaries.ts';

/** A salary item of the payout, with the invoice it came from. */
type ItemRow = SalaryFiguresRow & { invoice_number: string | null; customer_name: string };

/** numeric(7,4) as the salary function writes rates: `31.4200` → `31.42`. */
const rate = (value: string): PercentString => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** `YYYYMMDDNNNN` → `YYYYMMDD-NNNN`, as a payslip prints it. */
const personalNumber = (digits: string | null) =>
  digits && /^\d{12}$/.test(digits) ? `${digits.slice(0, 8)}-${digits.slice(8)}` : (digits ?? '');

/** Payouts that count: made or paid out (a denied or failed one let its salary go, which another payout pays). */
const PAID_STATUSES = `('initiated', 'completed_transaction')`;

/**
 * Per payout of the owner in [from, to] (by bank day; on `to` only up to payout `upToNumber`), what it paid: a salary
 * payout from its items (its cash gross leaves the saved vacation pay out), a vacation pay payout from its own figures.
 */
const PAYOUT_FIGURES = `
  select p."id", p."number", p."kind", to_char(p."execution_date", 'YYYY-MM-DD') as "date",
    case when p."kind" = 'vacation_pay' then p."gross_amount" else coalesce(sum(s."gross_salary" - s."saved_vacation_pay_amount"), 0) end as "gross",
    case when p."kind" = 'vacation_pay' then p."gross_amount" else coalesce(sum(s."vacation_pay_amount" - s."saved_vacation_pay_amount"), 0) end as "vacation_paid",
    case when p."kind" = 'vacation_pay' then 0 else coalesce(sum(s."saved_vacation_pay_amount"), 0) end as "vacation_saved",
    case when p."kind" = 'vacation_pay' then p."income_tax_amount" else coalesce(sum(s."income_tax_amount"), 0) end as "tax",
    case when p."kind" = 'vacation_pay' then p."amount" else coalesce(sum(s."net_salary"), 0) end as "net",
    case when p."kind" = 'vacation_pay' then 0 else coalesce(sum(s."reimbursements"), 0) end as "reimbursements",
    case when p."kind" = 'vacation_pay' then 0 else coalesce(sum(s."pension_amount"), 0) end as "pension"
  from "payout" p
  left join "payout_line" l on l."payout_id" = p."id" and p."kind" <> 'vacation_pay'
  left join "salary_item" s on s."id" = l."salary_item_id"
  where p."owner_id" = ? and p."status" in ${PAID_STATUSES} and p."execution_date" between ?::date and ?::date
    and (p."execution_date" < ?::date or p."number" <= ?)
  group by p."id"
  order by p."execution_date", p."number"`;

interface PayoutFiguresRow {
  id: string;
  number: string;
  kind: string;
  date: string;
  gross: string;
  vacation_paid: string;
  vacation_saved: string;
  tax: string;
  net: string;
  reimbursements: string;
  pension: string;
}

function statementPayout(row: PayoutFiguresRow): StatementPayout {
  return {
    date: row.date,
    reference: `P-${row.number}`,
    kind: row.kind === 'vacation_pay' ? 'vacation_pay' : 'salary',
    grossSalary: Number(row.gross),
    vacationPayPaid: Number(row.vacation_paid),
    vacationPaySaved: Number(row.vacation_saved),
    incomeTax: Number(row.tax),
    netSalary: Number(row.net),
    reimbursements: Number(row.reimbursements),
    pension: Number(row.pension),
  };
}

interface Person {
  first_name: string | null;
  last_name: string | null;
  email: string;
  government_id: string | null;
  preferred_locale: string;
}

export class Payslips {
  readonly #config: Config;
  readonly #payouts: Payouts;
  readonly #maskedAccount: (em: EntityManager, userId: string) => Promise<string | null>;

  constructor(deps: {
    config: Config;
    payouts: Payouts;
    maskedAccount: (em: EntityManager, userId: string) => Promise<string | null>;
  }) {
    this.#config = deps.config;
    this.#payouts = deps.payouts;
    this.#maskedAccount = deps.maskedAccount;
  }

  #person(em: EntityManager, ownerId: string): Promise<Person | undefined> {
    return sqlRow<Person>(
      em,
      `select "first_name", "last_name", "email", "government_id", "preferred_locale" from "app_user" where "id" = ?`,
      [ownerId],
    );
  }

  #employer() {
    const seller = this.#config.seller;
    return { name: seller.name, organisationNumber: seller.organisationNumber, address: seller.address };
  }

  /** The year so far up to and including `payout`, by bank day (the year of its bank day). */
  async #yearToDate(em: EntityManager, ownerId: string, payout: PayoutRow): Promise<PayslipYearToDate> {
    const year = Number(payout.execution_date.slice(0, 4));
    const rows = await sqlRows<PayoutFiguresRow>(em, PAYOUT_FIGURES, [
      ownerId,
      `${year}-01-01`,
      payout.execution_date,
      payout.execution_date,
      payout.number,
    ]);
    const total = (key: keyof PayoutFiguresRow) => rows.reduce((sum, row) => sum + Number(row[key]), 0);
    return {
      year,
      grossSalary: total('gross'),
      vacationPayPaid: total('vacation_paid'),
      vacationPaySaved: total('vacation_saved'),
      incomeTax: total('tax'),
      netSalary: total('net'),
      pension: total('pension'),
    };
  }

  /** The owner's payout's payslip; 404 for another owner's, and for a payout that no longer holds salary. */
  async render(em: EntityManager, ownerId: string, payoutId: string): Promise<{ pdf: Uint8Array; fileName: string }> {
    const payout = await this.#payouts.payout(em, payoutId, ownerId);
    if (!payout || !payoutHoldsItems(payout.status)) throw payoutNotFound();
    const vacation = payout.kind === 'vacation_pay';
    const [user, items, yearToDate, balance] = await Promise.all([
      this.#person(em, ownerId),
      sqlRows<ItemRow>(
        em,
        `select s.*, i."number"::text as "invoice_number",
           coalesce(i."recipient_snapshot" ->> 'name', c."name") as "customer_name",
           to_char(s."payment_date", 'YYYY-MM-DD') as "payment_date",
           to_char(s."registered_on", 'YYYY-MM-DD') as "registered_on"
         from "payout_line" l join "salary_item" s on s."id" = l."salary_item_id"
         join "invoice" i on i."id" = s."invoice_id" join "customer" c on c."id" = i."customer_id"
         where l."payout_id" = ? order by s."payment_date", s."created_at"`,
        [payoutId],
      ),
      this.#yearToDate(em, ownerId, payout),
      sqlRow<{ amount: string }>(
        em,
        `select coalesce(sum("saved_vacation_pay_amount"), 0) as "amount" from "salary_item"
         where "owner_id" = ? and "saved_vacation_pay_amount" > 0 and "vacation_pay_payout_id" is null`,
        [ownerId],
      ),
    ]);
    const name = [user!.first_name, user!.last_name].filter(Boolean).join(' ').trim() || user!.email;
    const account = payout.account_masked ?? (await this.#maskedAccount(em, ownerId)) ?? undefined;
    const pdfItems: PayslipItem[] = items.map((item) => ({
      invoiceNumber: item.invoice_number ?? '',
      customerName: item.customer_name,
      // A salary's payment day; for saved vacation pay, the day the salary it was saved from was booked.
      paidOn: vacation ? (item as ItemRow & { registered_on: string }).registered_on : item.payment_date,
      salary: {
        amount: Number(item.amount),
        commissionAmount: Number(item.commission_amount),
        reimbursements: Number(item.reimbursements),
        deductibleInputVat: Number(item.deductible_input_vat),
        grossSalary: Number(item.gross_salary),
        vacationPayAmount: Number(item.vacation_pay_amount),
        salaryExcludingVacationPay: Number(item.gross_salary) - Number(item.vacation_pay_amount),
        savedVacationPayAmount: Number(item.saved_vacation_pay_amount),
        savedVacationPaySocialFeeAmount: Number(item.saved_vacation_pay_social_fee),
        socialFeeAmount: Number(item.social_fee_amount),
        pensionAmount: Number(item.pension_amount),
        pensionTaxAmount: Number(item.pension_tax_amount),
        incomeTaxAmount: Number(item.income_tax_amount),
        netSalary: Number(item.net_salary),
        payout: Number(item.payout_amount),
        employerContributionRate: rate(item.employer_contribution_rate),
        rates: {
          fee: rate(item.fee_rate),
          incomeTax: rate(item.income_tax_rate),
          pension: rate(item.pension_rate),
          pensionSpecialPayrollTax: rate(item.pension_special_payroll_tax_rate),
          vacationPay: rate(item.vacation_pay_rate),
          employerContribution: rate(item.employer_contribution_rate),
          employerContributionAboveCap:
            item.employer_contribution_rate_above_cap === null ? null : rate(item.employer_contribution_rate_above_cap),
        },
      },
    }));
    const reference = `P-${payout.number}`;
    const savedBalance = Number(balance?.amount ?? 0);
    const pdf = await renderPayslipPdf(
      {
        language: user!.preferred_locale === 'en' ? 'en' : 'sv',
        brandName: this.#config.brandName,
        employer: this.#employer(),
        employee: { name, personalIdentityNumber: personalNumber(user!.government_id) },
        payoutReference: reference,
        paymentDate: payout.execution_date,
        status: payout.status === 'completed_transaction' ? 'completed_transaction' : 'initiated',
        ...(account ? { account } : {}),
        items: pdfItems,
        ...(vacation
          ? {
              vacationPay: {
                grossAmount: Number(payout.gross_amount),
                incomeTaxRate: rate(payout.income_tax_rate!),
                incomeTaxAmount: Number(payout.income_tax_amount),
                netAmount: Number(payout.amount),
                socialFeeAmount: Number(payout.social_fee_amount),
              },
            }
          : {}),
        yearToDate,
        ...(savedBalance > 0 ? { savedVacationPayBalance: savedBalance } : {}),
      },
      { createdAt: new Date(payout.created_at) },
    );
    return { pdf, fileName: `payslip-${reference}-${payout.execution_date}.pdf` };
  }

  /** The years with payouts, newest first, and whether each one's statement is available (its year has ended). */
  async statementYears(
    em: EntityManager,
    ownerId: string,
  ): Promise<{ year: number; available: boolean; availableFrom: string }[]> {
    const rows = await sqlRows<{ year: number }>(
      em,
      `select distinct extract(year from "execution_date")::int as "year" from "payout"
       where "owner_id" = ? and "status" in ${PAID_STATUSES} order by 1 desc`,
      [ownerId],
    );
    const thisYear = Number(this.#payouts.today().slice(0, 4));
    return rows.map(({ year }) => ({ year, available: year < thisYear, availableFrom: `${year + 1}-01-01` }));
  }

  /** The yearly statement of `year`, from 1 January of the next year. */
  async statement(em: EntityManager, ownerId: string, year: number): Promise<{ pdf: Uint8Array; fileName: string }> {
    if (year >= Number(this.#payouts.today().slice(0, 4))) throw statementNotAvailable(year);
    const [user, rows] = await Promise.all([
      this.#person(em, ownerId),
      // Every payout of the year: all are on a day before the next 1 January.
      sqlRows<PayoutFiguresRow>(em, PAYOUT_FIGURES, [
        ownerId,
        `${year}-01-01`,
        `${year}-12-31`,
        `${year + 1}-01-01`,
        '0',
      ]),
    ]);
    if (rows.length === 0) throw statementNotFound();
    const name = [user!.first_name, user!.last_name].filter(Boolean).join(' ').trim() || user!.email;
    const pdf = await renderYearlyStatementPdf({
      language: user!.preferred_locale === 'en' ? 'en' : 'sv',
      year,
      employer: this.#employer(),
      employee: { name, personalIdentityNumber: personalNumber(user!.government_id) },
      payouts: rows.map(statementPayout),
    });
    return { pdf, fileName: `salary-statement-${year}.pdf` };
  }
}
