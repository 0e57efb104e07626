// The payslip of a payout, rendered when asked for from what the payout and its salary items stored (every amount and
// rate as computed on the payment day), so the same payout always gives the same payslip.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PercentString } from '../../domain/exact-decimal.ts';
import { payoutHoldsItems } from '../../domain/payout-status.ts';
import type { Config } from '../../platform/config.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { renderPayslipPdf, type PayslipItem } from '../../platform/pdf/payslip-pdf.ts';
import { payoutNotFound } from './errors.ts';
import type { Payouts } from './payouts.ts';
import type { SalaryFiguresRow } from './salaries.ts';

/** A salary item of the payout, with the invoice it came from. */
type ItemRow = SalaryFiguresRow & { invoice_number: string | null; customer_name: string };

/** numeric(7,4) as the salary function writes rates: `31.4200` → `31.42`. */
const rate = (value: string): PercentString => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** `YYYYMMDDNNNN` → `YYYYMMDD-NNNN`, as a payslip prints it. */
const personalNumber = (digits: string | null) =>
  digits && /^\d{12}$/.test(digits) ? `${digits.slice(0, 8)}-${digits.slice(8)}` : (digits ?? '');

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

  /** The owner's payout's payslip; 404 for another owner's, and for a payout that no longer holds salary. */
  async render(em: EntityManager, ownerId: string, payoutId: string): Promise<{ pdf: Uint8Array; fileName: string }> {
    const payout = await this.#payouts.payout(em, payoutId, ownerId);
    if (!payout || !payoutHoldsItems(payout.status)) throw payoutNotFound();
    const [user, items] = await Promise.all([
      sqlRow<{
        first_name: string | null;
        last_name: string | null;
        email: string;
        government_id: string | null;
        preferred_locale: string;
      }>(
        em,
        `select "first_name", "last_name", "email", "government_id", "preferred_locale" from "app_user" where "id" = ?`,
        [ownerId],
      ),
      sqlRows<ItemRow>(
        em,
        `select s.*, i."number"::text as "invoice_number",
           coalesce(i."recipient_snapshot" ->> 'name', c."name") as "customer_name",
           to_char(s."payment_date", 'YYYY-MM-DD') as "payment_date"
         from "payout_line" l join "salary_item" s on s."id" = l."salary_item_id"
         join "invoice" i on i."id" = s."invoice_id" join "customer" c on c."id" = i."customer_id"
         where l."payout_id" = ? order by s."payment_date", s."created_at"`,
        [payoutId],
      ),
    ]);
    const seller = this.#config.seller;
    const name = [user!.first_name, user!.last_name].filter(Boolean).join(' ').trim() || user!.email;
    const account = payout.account_masked ?? (await this.#maskedAccount(em, ownerId)) ?? undefined;
    const pdfItems: PayslipItem[] = items.map((item) => ({
      invoiceNumber: item.invoice_number ?? '',
      customerName: item.customer_name,
      paidOn: item.payment_date,
      salary: {
        amount: Number(item.amount),
        commissionAmount: Number(item.commission_amount),
        reimbursements: Number(item.reimbursements),
        deductibleInputVat: Number(item.deductible_input_vat),
        grossSalary: Number(item.gross_salary),
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
          employerContribution: rate(item.employer_contribution_rate),
          employerContributionAboveCap:
            item.employer_contribution_rate_above_cap === null ? null : rate(item.employer_contribution_rate_above_cap),
        },
      },
    }));
    const reference = `P-${payout.number}`;
    const pdf = await renderPayslipPdf(
      {
        language: user!.preferred_locale === 'en' ? 'en' : 'sv',
        brandName: this.#config.brandName,
        employer: { name: seller.name, organisationNumber: seller.organisationNumber, address: seller.address },
        employee: { name, personalIdentityNumber: personalNumber(user!.government_id) },
        payoutReference: reference,
        paymentDate: payout.execution_date,
        status: payout.status === 'completed_transaction' ? 'completed_transaction' : 'initiated',
        ...(account ? { account } : {}),
        items: pdfItems,
      },
      { createdAt: new Date(payout.created_at) },
    );
    return { pdf, fileName: `payslip-${reference}-${payout.execution_date}.pdf` };
  }
}
