// The salary an amount or an invoice gives the logged-in user: the invoice's totals (the one totals function) in SEK at
// the payment day's exchange rate, through THE salary function (domain/salary.ts) with the profile's rates.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import { convertToSek, type ExchangeRate } from '../../domain/exchange-rates.ts';
import { divide, parseDecimal, ONE } from '../../domain/exact-decimal.ts';
import { computeInvoiceTotals, type InvoiceTotals, type VatPercentage } from '../../domain/invoice-totals.ts';
import { mileageAllowance } from '../../domain/mileage.ts';
import { multiplyMinorUnits } from '../../domain/money.ts';
import { computeSalary, invoiceAmountForTarget, type Salary, type SalaryInput } from '../../domain/salary.ts';
import { feeRateOf, type CampaignCodes } from './campaign-codes.ts';
import {
  campaignCodeInvalid,
  exchangeRateUnavailable,
  fieldError,
  invalidFields,
  ratesUnavailable,
  targetUnreachable,
} from './errors.ts';
import type { FieldError } from '../../platform/errors.ts';
import type { CampaignCode, IsoCurrency } from './entities.ts';
import { loadFreelancer, type Freelancer } from './freelancer.ts';
import type { InvoiceDetails, InvoiceService } from './service.ts';

type Schemas = components['schemas'];
export type SalaryEstimateInput = Schemas['SalaryEstimateRequest'];
export type SalaryEstimateView = Schemas['SalaryEstimate'];
export type InvoiceAmountInput = Schemas['InvoiceAmountRequest'];
export type InvoiceAmountView = Schemas['InvoiceAmountEstimate'];

/** Without a birth date the standard employer rate is assumed: someone aged 40 on the payment day pays it. */
const STANDARD_RATE_AGE = 40;

const percentNumber = (value: string) => Number(value);

interface EstimateBasis {
  totals: InvoiceTotals;
  currency: IsoCurrency;
  /** The tax-free mileage allowance in SEK öre (exact by its own rule, whatever the invoice's currency). */
  mileageSek: number;
  paymentDate: string;
  campaign: CampaignCode | null;
}

/** The calculator's "what if": settings tried instead of the profile's, which stays as it is. */
interface WhatIf {
  incomeTaxRate?: number | undefined;
  pensionRate?: number | undefined;
  saveVacationPay?: boolean | undefined;
}

/** A rate typed into the calculator as the profile stores it ("30.50"), or a field error: at most two decimals. */
function rateText(field: string, value: number, errors: FieldError[]): string {
  const text = String(value);
  const parsed = /e/i.test(text) ? null : parseDecimal(text, 2);
  if (!parsed) {
    errors.push(fieldError(field, 'invalid_precision', 'At most two decimals', { decimals: 2 }));
    return '';
  }
  return text;
}

/** The freelancer with the "what if" settings of a request in place of the profile's. */
function withWhatIf(freelancer: Freelancer, whatIf: WhatIf): Freelancer {
  const errors: FieldError[] = [];
  const tried = { ...freelancer };
  if (whatIf.incomeTaxRate !== undefined)
    tried.incomeTaxRate = rateText('body.incomeTaxRate', whatIf.incomeTaxRate, errors);
  if (whatIf.pensionRate !== undefined) tried.pensionRate = rateText('body.pensionRate', whatIf.pensionRate, errors);
  if (whatIf.saveVacationPay !== undefined) tried.saveVacationPay = whatIf.saveVacationPay;
  if (errors.length) throw invalidFields(errors);
  return tried;
}

export class SalaryEstimates {
  readonly #invoices: InvoiceService;
  readonly #campaignCodes: CampaignCodes;

  constructor(invoices: InvoiceService, campaignCodes: CampaignCodes) {
    this.#invoices = invoices;
    this.#campaignCodes = campaignCodes;
  }

  /** The calculator: work excluding VAT, receipts and kilometres, as an invoice would carry them. */
  async forAmount(em: EntityManager, userId: string, input: SalaryEstimateInput): Promise<SalaryEstimateView> {
    const today = this.#invoices.today();
    const paymentDate = input.paymentDate ?? today;
    const currency = input.currency ?? 'SEK';
    let campaign: CampaignCode | null = null;
    const typed = input.campaignCode;
    if (typed !== undefined) {
      campaign = await this.#campaignCodes.guess(em, userId, () => this.#campaignCodes.usable(em, typed, today));
      if (!campaign) throw campaignCodeInvalid();
    }
    const rate = await this.#rate(em, currency, paymentDate);
    let mileageSek = 0;
    if (input.mileageKm) {
      const text = String(input.mileageKm);
      if (/e/i.test(text) || !parseDecimal(text, 2))
        throw invalidFields([
          fieldError('body.mileageKm', 'invalid_precision', 'At most two decimals', { decimals: 2 }),
        ]);
      mileageSek = mileageAllowance(text, paymentDate).amount;
    }
    const mileageInCurrency = rate
      ? multiplyMinorUnits(mileageSek, divide(ONE, parseDecimal(rate.sekPerUnit)!))
      : mileageSek;
    const totals = computeInvoiceTotals({
      rows: [{ unitPrice: input.amount, quantityHundredths: 100, vatPercentage: 25 }],
      expenses: (input.expenses ?? []).map((e) => ({
        amountInclVat: e.amount,
        vatPercentage: e.vatPercentage as VatPercentage,
      })),
      mileage: mileageSek ? [{ allowance: mileageInCurrency }] : [],
    });
    const freelancer = withWhatIf(await loadFreelancer(em, userId, today), input);
    return this.#estimate(freelancer, rate, { totals, currency, mileageSek, paymentDate, campaign });
  }

  /**
   * The calculator's other direction: the work amount (SEK, excl. VAT) whose invoice gives at least `amount` of
   * `target`, through the domain's invoiceAmountForTarget on the invoice total, less what the invoice adds for the
   * expenses and mileage (their lines do not depend on the work amount).
   */
  async forTarget(em: EntityManager, userId: string, input: InvoiceAmountInput): Promise<InvoiceAmountView> {
    const what = input.target ?? 'netSalary';
    const request: SalaryEstimateInput = {
      amount: 0,
      currency: 'SEK',
      ...(input.expenses ? { expenses: input.expenses } : {}),
      ...(input.mileageKm !== undefined ? { mileageKm: input.mileageKm } : {}),
      ...(input.paymentDate ? { paymentDate: input.paymentDate } : {}),
      ...(input.campaignCode !== undefined ? { campaignCode: input.campaignCode } : {}),
      ...(input.incomeTaxRate !== undefined ? { incomeTaxRate: input.incomeTaxRate } : {}),
      ...(input.pensionRate !== undefined ? { pensionRate: input.pensionRate } : {}),
      ...(input.saveVacationPay !== undefined ? { saveVacationPay: input.saveVacationPay } : {}),
    };
    // The invoice without work: its total excl. VAT is what the expenses and mileage add to any work amount.
    const base = await this.forAmount(em, userId, request);
    const freelancer = withWhatIf(await loadFreelancer(em, userId, this.#invoices.today()), input);
    // Checked (and counted as a guess) by forAmount above.
    const campaign = input.campaignCode
      ? await this.#campaignCodes.usable(em, input.campaignCode, this.#invoices.today())
      : null;
    const { input: salaryInput } = this.#salaryInput(freelancer, null, {
      totals: computeInvoiceTotals({ rows: [] }),
      currency: 'SEK',
      mileageSek: 0,
      paymentDate: base.paymentDate,
      campaign,
    });
    const found = invoiceAmountForTarget(
      input.amount,
      {
        ...salaryInput,
        reimbursements: base.reimbursements + base.uncoveredReimbursements,
        deductibleInputVat: base.deductibleInputVat,
      },
      what,
    );
    if (!found) throw targetUnreachable();
    const workAmount = Math.max(0, found.invoiceAmount - base.amount);
    const estimate = await this.forAmount(em, userId, { ...request, amount: workAmount });
    return { target: what, targetAmount: input.amount, workAmount, estimate };
  }

  /** One invoice: paid on its due date (today once that has passed), at the latest rate known on that day. */
  async forInvoice(em: EntityManager, details: InvoiceDetails): Promise<SalaryEstimateView> {
    const today = this.#invoices.today();
    const { invoice, values, totals } = details;
    const paymentDate = invoice.dueDate > today ? invoice.dueDate : today;
    const trips = values.expenses.filter((e) => e.mileage);
    // A draft whose code expired or was used up is estimated without it: the fee shown is the fee it would get.
    const campaign = await this.#campaignCodes.applying(em, invoice, today);
    const rate = await this.#rate(em, invoice.currency, paymentDate);
    const freelancer = await loadFreelancer(em, invoice.ownerId, today);
    return this.#estimate(freelancer, rate, {
      totals,
      currency: invoice.currency,
      mileageSek: trips.reduce((sum, e) => sum + e.mileage!.allowanceSek, 0),
      paymentDate,
      campaign,
    });
  }

  async #rate(em: EntityManager, currency: IsoCurrency, day: string): Promise<ExchangeRate | null> {
    if (currency === 'SEK') return null;
    const rate = await this.#invoices.exchangeRate(em, currency, day);
    if (!rate) throw exchangeRateUnavailable(currency, day);
    return rate;
  }

  /** What THE salary function is given for a basis, but the invoice amount (SEK öre), and what was assumed. */
  #salaryInput(
    freelancer: Freelancer,
    rate: ExchangeRate | null,
    basis: EstimateBasis,
  ): {
    input: Omit<SalaryInput, 'invoiceAmount'>;
    invoiceAmount: number;
    assumptions: SalaryEstimateView['assumptions'];
  } {
    const { totals, paymentDate } = basis;
    const sek = (amount: number) => (rate ? convertToSek(amount, rate).sekAmount : amount);
    const receipts = totals.reimbursements.expenses;
    const assumptions: SalaryEstimateView['assumptions'] = [];
    let birthDate = freelancer.birthDate;
    if (!birthDate) {
      assumptions.push('birth_date_unknown');
      birthDate = `${Number(paymentDate.slice(0, 4)) - STANDARD_RATE_AGE}${paymentDate.slice(4)}`;
      if (birthDate.endsWith('-02-29')) birthDate = birthDate.replace('-02-29', '-02-28');
    }
    return {
      invoiceAmount: sek(totals.totalExclVat),
      assumptions,
      input: {
        // The mileage allowance is SEK by law: it replaces its converted line in what is reimbursed.
        reimbursements: sek(receipts) + basis.mileageSek,
        deductibleInputVat: sek(totals.reimbursements.deductibleInputVat),
        feeRate: basis.campaign ? feeRateOf(basis.campaign, paymentDate) : null,
        incomeTaxRate: freelancer.incomeTaxRate,
        pensionRate: freelancer.pensionRate,
        saveVacationPay: freelancer.saveVacationPay,
        birthDate,
        paymentDate,
      },
    };
  }

  #estimate(freelancer: Freelancer, rate: ExchangeRate | null, basis: EstimateBasis): SalaryEstimateView {
    const { totals, paymentDate } = basis;
    const { input, invoiceAmount, assumptions } = this.#salaryInput(freelancer, rate, basis);
    let salary: Salary;
    try {
      salary = computeSalary({ ...input, invoiceAmount });
    } catch (error) {
      if (error instanceof RangeError) throw ratesUnavailable(paymentDate);
      throw error;
    }
    return {
      amount: salary.amount,
      commissionAmount: salary.commissionAmount,
      socialFeeAmount: salary.socialFeeAmount,
      pensionAmount: salary.pensionAmount,
      pensionTaxAmount: salary.pensionTaxAmount,
      incomeTaxAmount: salary.incomeTaxAmount,
      grossSalary: salary.grossSalary,
      vacationPayAmount: salary.vacationPayAmount,
      salaryExcludingVacationPay: salary.salaryExcludingVacationPay,
      saveVacationPay: salary.saveVacationPay,
      savedVacationPayAmount: salary.savedVacationPayAmount,
      savedVacationPaySocialFeeAmount: salary.savedVacationPaySocialFeeAmount,
      netSalary: salary.netSalary,
      payout: salary.payout,
      employerContributionRate: percentNumber(salary.employerContributionRate),
      reimbursements: salary.reimbursements,
      deductibleInputVat: salary.deductibleInputVat,
      uncoveredReimbursements: salary.uncoveredReimbursements,
      mileageAllowance: basis.mileageSek,
      rates: {
        fee: percentNumber(salary.rates.fee),
        incomeTax: percentNumber(salary.rates.incomeTax),
        pension: percentNumber(salary.rates.pension),
        pensionSpecialPayrollTax: percentNumber(salary.rates.pensionSpecialPayrollTax),
        vacationPay: percentNumber(salary.rates.vacationPay),
        employerContribution: percentNumber(salary.rates.employerContribution),
        employerContributionAboveCap:
          salary.rates.employerContributionAboveCap === null
            ? null
            : percentNumber(salary.rates.employerContributionAboveCap),
      },
      employerContributionCategory: salary.employerContributionCategory,
      paymentDate: salary.paymentDate,
      invoiceAmount: { amount: totals.totalExclVat, currency: basis.currency },
      exchangeRate: rate ? { currency: basis.currency, sekPerUnit: rate.sekPerUnit, date: rate.date } : null,
      campaignCode: basis.campaign?.code ?? null,
      assumptions,
    };
  }
}
