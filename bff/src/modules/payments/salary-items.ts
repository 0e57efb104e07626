// The salary a payment of an invoice gives: its share of the invoice (domain/payment-allocation.ts) in SEK at the
// payment day's exchange rate, through THE salary function (domain/salary.ts) on the payment day with the
// freelancer's rates of now and the salary already paid that month, stored with every rate it used.
import type { EntityManager } from '@mikro-orm/postgresql';
import { convertToSek, type ExchangeRate } from '../../domain/exchange-rates.ts';
import { shareOfPayment, type SalaryBasis } from '../../domain/payment-allocation.ts';
import { computeSalary, type Salary } from '../../domain/salary.ts';
import { sqlRow } from '../../platform/db/sql.ts';
import { feeRateOf, type Freelancer, type InvoiceDetails, type InvoiceServices } from '../invoices/public.ts';
import type { UnmatchedReason } from './entities.ts';

/** Why a payment's salary cannot be computed; the payment then waits for an admin instead of being booked. */
export class SalaryNotComputable extends Error {
  readonly reason: Extract<UnmatchedReason, 'exchange_rate_unavailable' | 'salary_not_computable'>;
  constructor(reason: SalaryNotComputable['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface SalaryItemValues {
  ownerId: string;
  invoiceId: string;
  paymentDate: string;
  registeredOn: string;
  invoiceCurrency: string;
  /** The part of the payment that went to the invoice (invoice currency, incl. VAT). */
  invoicePaidAmount: number;
  mileageAllowance: number;
  salary: Salary;
  salaryAlreadyPaidThisMonth: number;
  exchangeRate: ExchangeRate | null;
  campaignCode: string | null;
}

/** The basis of an invoice's salary: its totals, receipts and the SEK mileage allowance. */
export function salaryBasisOf(details: InvoiceDetails): SalaryBasis {
  const { totals, values } = details;
  return {
    totalInclVat: totals.totalInclVat,
    totalExclVat: totals.totalExclVat,
    receipts: totals.reimbursements.expenses,
    deductibleInputVat: totals.reimbursements.deductibleInputVat,
    mileageSek: values.expenses.reduce((sum, e) => sum + (e.mileage?.allowanceSek ?? 0), 0),
  };
}

export class SalaryItems {
  readonly #invoices: InvoiceServices;

  constructor(invoices: InvoiceServices) {
    this.#invoices = invoices;
  }

  /**
   * The salary of a payment that takes the invoice from `paidBefore` to `paidAfter` (incl. VAT), with the owner's
   * settings as read now. Call under the owner's lock (the month's salary so far decides the youth rate). Throws
   * SalaryNotComputable.
   */
  async compute(
    em: EntityManager,
    details: InvoiceDetails,
    payment: { paymentDate: string; registeredOn: string; paidBefore: number; paidAfter: number },
    freelancer: Freelancer,
  ): Promise<SalaryItemValues> {
    const { invoice } = details;
    const { paymentDate } = payment;
    if (!freelancer.birthDate) {
      throw new SalaryNotComputable(
        'salary_not_computable',
        'The freelancer has no personal identity number: the employer contributions depend on the age',
      );
    }
    let rate: ExchangeRate | null = null;
    if (invoice.currency !== 'SEK') {
      rate = await this.#invoices.invoices.exchangeRate(em, invoice.currency, paymentDate);
      if (!rate) {
        throw new SalaryNotComputable(
          'exchange_rate_unavailable',
          `No exchange rate for ${invoice.currency} on or before ${paymentDate}`,
        );
      }
    }
    const sek = (amount: number) => (rate ? convertToSek(amount, rate).sekAmount : amount);
    const share = shareOfPayment(salaryBasisOf(details), payment.paidBefore, payment.paidAfter);
    // The code the invoice was sent with: its use was counted at the send, so it applies whatever became of it since.
    const campaign = await this.#invoices.campaignCodes.applying(em, invoice, paymentDate);
    const month = `${paymentDate.slice(0, 7)}-01`;
    const paidThisMonth = await sqlRow<{ gross: string }>(
      em,
      `select coalesce(sum("gross_salary"), 0) as "gross" from "salary_item"
       where "owner_id" = ? and "payment_date" >= ?::date and "payment_date" < (?::date + interval '1 month')`,
      [invoice.ownerId, month, month],
    );
    const salaryAlreadyPaidThisMonth = Number(paidThisMonth?.gross ?? 0);
    const vat = sek(share.deductibleInputVat);
    let salary: Salary;
    try {
      salary = computeSalary({
        invoiceAmount: sek(share.totalExclVat),
        reimbursements: sek(share.receipts - share.deductibleInputVat) + vat + share.mileageSek,
        deductibleInputVat: vat,
        feeRate: campaign ? feeRateOf(campaign, paymentDate) : null,
        incomeTaxRate: freelancer.incomeTaxRate,
        pensionRate: freelancer.pensionRate,
        // Read when the salary is booked, like the rates: a later change of the choice applies to later salaries.
        saveVacationPay: freelancer.saveVacationPay,
        birthDate: freelancer.birthDate,
        paymentDate,
        salaryAlreadyPaidThisMonth,
      });
    } catch (error) {
      // The rate tables end where the law is known (domain/rates.ts): a payment after that waits for the new rules.
      if (error instanceof RangeError) throw new SalaryNotComputable('salary_not_computable', error.message);
      throw error;
    }
    return {
      ownerId: invoice.ownerId,
      invoiceId: invoice.id,
      paymentDate,
      registeredOn: payment.registeredOn,
      invoiceCurrency: invoice.currency,
      invoicePaidAmount: payment.paidAfter - payment.paidBefore,
      mileageAllowance: share.mileageSek,
      salary,
      salaryAlreadyPaidThisMonth,
      exchangeRate: rate,
      campaignCode: campaign?.code ?? null,
    };
  }

  /** Stores a computed salary as the item of `paymentId`; returns its id. */
  async insert(em: EntityManager, values: SalaryItemValues, paymentId: string): Promise<string> {
    const s = values.salary;
    const row = await sqlRow<{ id: string }>(
      em,
      `insert into "salary_item" ("owner_id", "invoice_id", "payment_id", "payment_date", "registered_on", "status",
        "invoice_currency", "invoice_paid_amount", "amount", "commission_amount", "reimbursements",
        "deductible_input_vat", "uncovered_reimbursements", "mileage_allowance", "gross_salary", "social_fee_amount",
        "pension_amount", "pension_tax_amount", "income_tax_amount", "net_salary", "payout_amount", "fee_rate",
        "income_tax_rate", "pension_rate", "pension_special_payroll_tax_rate", "employer_contribution_rate",
        "employer_contribution_rate_above_cap", "employer_contribution_category",
        "employer_contribution_rules_valid_from", "employer_contribution_bases", "salary_already_paid_this_month",
        "exchange_rate_currency", "exchange_rate_date", "exchange_rate_sek_per_unit", "campaign_code",
        "vacation_pay_rate", "vacation_pay_amount", "saved_vacation_pay_amount", "saved_vacation_pay_social_fee")
       values (?, ?, ?, ?, ?, 'completed_invoice', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
        ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning "id"`,
      [
        values.ownerId,
        values.invoiceId,
        paymentId,
        values.paymentDate,
        values.registeredOn,
        values.invoiceCurrency,
        values.invoicePaidAmount,
        s.amount,
        s.commissionAmount,
        s.reimbursements,
        s.deductibleInputVat,
        s.uncoveredReimbursements,
        values.mileageAllowance,
        s.grossSalary,
        s.socialFeeAmount,
        s.pensionAmount,
        s.pensionTaxAmount,
        s.incomeTaxAmount,
        s.netSalary,
        s.payout,
        s.rates.fee,
        s.rates.incomeTax,
        s.rates.pension,
        s.rates.pensionSpecialPayrollTax,
        s.rates.employerContribution,
        s.rates.employerContributionAboveCap,
        s.employerContributionCategory,
        s.employerContributionRulesValidFrom,
        JSON.stringify(s.employerContributionBases),
        values.salaryAlreadyPaidThisMonth,
        values.exchangeRate ? values.invoiceCurrency : null,
        values.exchangeRate?.date ?? null,
        values.exchangeRate?.sekPerUnit ?? null,
        values.campaignCode,
        s.rates.vacationPay,
        s.vacationPayAmount,
        s.savedVacationPayAmount,
        s.savedVacationPaySocialFeeAmount,
      ],
    );
    return row!.id;
  }
}
