// THE salary function: from an invoice's amount to fee, employer contributions, pension, income tax, net and payout
// (docs/product/domain-rules.md#salaries), and its reverse.
//
// Rounding order (docs/product/domain-rules.md#salaries), every step exact until booked with the one rounding of money.ts:
//   1. fee = round(I × feeRate);  B = I − fee − (E − deductibleInputVat)
//   2. G = round(B / (1 + a + p × 1.2426)), or the youth piecewise formula when G would pass the month's remaining cap;
//      pension = round(G × p);  pensionTax = round(pension × 0.2426)
//   3. socialFee = B − G − pension − pensionTax (the balancing item). At a 0 % employer rate (born 1937 or earlier)
//      no contribution may be booked: G is the largest gross whose G + pension + pensionTax fits B, and the pension
//      premium balances (at most 2 öre above round(G × p), in the person's favour; 0 without pension), so there G
//      and the pension are within 2½ öre of their formulas instead of ½.
//   4. the vacation pay in G (vacation-pay.ts): V = round(G × 12/112), S = G − V; when it is saved, savedV = V and
//      the contributions set aside with it round(socialFee × V / G), else savedV = 0
//   5. incomeTax = round((G − savedV) × taxRate);  net = G − savedV − incomeTax;  payout = net + E
// so I + deductibleInputVat = fee + E + G + socialFee + pension + pensionTax holds to the öre. Without saving (the
// default) step 4 changes no figure: it only says which part of G is vacation pay.
//
// Accuracy (checked in salary.test.ts by property): fee, G, pension, pensionTax and incomeTax are each within ½ öre of
// their exact value from the booked amounts before them. The balancing socialFee absorbs the other roundings: without
// pension it is within 1 öre of its exact value on G; with a pension rate up to 30 % within 2 öre (½(1 + a + 1.2426p)
// from G, 1.2426 × ½ from the pension and ½ from its tax), which the usual "within 1 öre" overlooks. The total is
// exact.
//
// Reimbursements: E is what the person gets back tax-free (receipts including their VAT, and the mileage allowance).
// The receipts' VAT that the platform deducts as input VAT comes back to it from Skatteverket, so only E − that VAT is
// taken from the budget (invoice-totals.ts re-invoices receipts at their amount excluding VAT). With no deductible VAT
// this is B = I − fee − E exactly.
//
// A budget ≤ 0 (the fee and the reimbursements eat the whole invoice): no salary, so no contributions, pension or tax;
// the reimbursements are paid as far as the invoice covers them (I − fee + deductibleInputVat, never negative) and the
// rest is reported as `uncoveredReimbursements` for the screens to warn about. Nothing is ever paid that was not received.

import { toCalendarDate, formatIsoDate } from './calendar-date.ts';
import { datedValueAt } from './dated-table.ts';
import { compare, divide, formatPercent, multiply, percent, ratio, subtract, add, ONE } from './exact-decimal.ts';
import type { PercentString, Ratio } from './exact-decimal.ts';
import { contributionBases, employerContributionRate } from './employer-contributions.ts';
import type {
  ContributionBase,
  EmployerContributionCategory,
  EmployerContributionRate,
} from './employer-contributions.ts';
import { assertMinorUnits, multiplyMinorUnits, toMinorUnits } from './money.ts';
import { PENSION_SPECIAL_PAYROLL_TAX_RATE, PLATFORM_FEE_RATE, VACATION_PAY_RATE } from './rates.ts';
import { setAsideSocialFee, splitVacationPay } from './vacation-pay.ts';

const ZERO_RATE = formatPercent(ratio(0));

/** Income tax rate 30 % when the profile has none (docs/product/accounts.md#profile-and-salary-settings). */
export const DEFAULT_INCOME_TAX_RATE: PercentString = '30';
/** Pension rate 0 when the profile has none, 4.5 % recommended (docs/product/accounts.md#profile-and-salary-settings). */
export const DEFAULT_PENSION_RATE: PercentString = '0';

export type SalaryInput = {
  /** I: the invoice total excluding VAT, in SEK öre (a foreign invoice already converted, see exchange-rates.ts). */
  readonly invoiceAmount: number;
  /** E: tax-free reimbursements paid out on top (receipts incl. VAT, mileage), SEK öre. Default 0. */
  readonly reimbursements?: number;
  /** The receipts' VAT the platform deducts as input VAT (≤ E), SEK öre. Default 0. */
  readonly deductibleInputVat?: number;
  /** The fee rate: a campaign's; default the platform fee rate in force on the payment date. */
  readonly feeRate?: PercentString | null;
  /** The user's income tax rate; default 30 %. */
  readonly incomeTaxRate?: PercentString | null;
  /** The user's pension rate (of gross salary); default 0 %. */
  readonly pensionRate?: PercentString | null;
  /** `YYYY-MM-DD`, from the personal identity number. */
  readonly birthDate: string;
  /** The day the salary is paid (an estimate: the expected day). */
  readonly paymentDate: Date | string;
  /** Gross salary already paid to the person this calendar month (SEK öre), for the youth cap. Default 0. */
  readonly salaryAlreadyPaidThisMonth?: number;
  /**
   * "Spara semesterersättning": the vacation pay in the gross salary (and the employer contributions on it) is set
   * aside instead of paid now; it is taxed when it is paid out (vacation-pay.ts). Default false.
   */
  readonly saveVacationPay?: boolean;
};

export type SalaryRates = {
  readonly fee: PercentString;
  readonly incomeTax: PercentString;
  readonly pension: PercentString;
  readonly pensionSpecialPayrollTax: PercentString;
  /** Vacation pay as a percentage of the salary for the work (12 %, semesterlagen 16 b §). */
  readonly vacationPay: PercentString;
  readonly employerContribution: PercentString;
  /** Youth only: the rate above the monthly cap. */
  readonly employerContributionAboveCap: PercentString | null;
};

export type Salary = {
  /** I */
  readonly amount: number;
  /** The platform fee. */
  readonly commissionAmount: number;
  /** E, as far as paid (see `uncoveredReimbursements`). */
  readonly reimbursements: number;
  readonly deductibleInputVat: number;
  /** Reimbursements the invoice did not cover (budget ≤ 0); 0 normally. */
  readonly uncoveredReimbursements: number;
  /** B = I − fee − (E − deductibleInputVat); may be negative, the salary parts are then 0. */
  readonly budget: number;
  /** G, vacation pay included. */
  readonly grossSalary: number;
  /** V: the part of `grossSalary` that is vacation pay, round(G × 12/112). */
  readonly vacationPayAmount: number;
  /** S = G − V: the salary for the work. */
  readonly salaryExcludingVacationPay: number;
  /** Whether the vacation pay is saved (set aside) instead of paid with this salary. */
  readonly saveVacationPay: boolean;
  /** The vacation pay set aside: V when saved, else 0. Not in `netSalary` or `payout`; taxed when paid out. */
  readonly savedVacationPayAmount: number;
  /** The employer contributions set aside with it (part of `socialFeeAmount`), paid when it is paid out. */
  readonly savedVacationPaySocialFeeAmount: number;
  /** Employer contributions (the balancing item). */
  readonly socialFeeAmount: number;
  readonly pensionAmount: number;
  /** Special payroll tax on the pension. */
  readonly pensionTaxAmount: number;
  /** Income tax withheld now: on G, or on G − savedVacationPay when it is saved. */
  readonly incomeTaxAmount: number;
  /** G − savedVacationPay − incomeTax. */
  readonly netSalary: number;
  /** netSalary + reimbursements. */
  readonly payout: number;
  /** The employer contribution rate (for `youth`, the reduced rate; see `employerContributionBases`). */
  readonly employerContributionRate: PercentString;
  readonly employerContributionCategory: EmployerContributionCategory;
  /** Gross salary per contribution rate, as the monthly employer declaration reports it. */
  readonly employerContributionBases: readonly ContributionBase[];
  readonly rates: SalaryRates;
  /** The payment date used, `YYYY-MM-DD`. */
  readonly paymentDate: string;
  /** `validFrom` of the employer contribution rules used. */
  readonly employerContributionRulesValidFrom: string;
};

type ResolvedInput = {
  readonly reimbursements: number;
  readonly deductibleInputVat: number;
  readonly fee: Ratio;
  readonly incomeTax: Ratio;
  readonly pension: Ratio;
  readonly pensionTax: Ratio;
  readonly vacationPay: PercentString;
  readonly saveVacationPay: boolean;
  readonly employer: EmployerContributionRate;
  readonly paymentDate: string;
};

function rateOrDefault(value: PercentString | null | undefined, fallback: PercentString, name: string): Ratio {
  const rate = percent(value ?? fallback);
  if (compare(rate, ratio(0)) < 0 || compare(rate, ONE) > 0) {
    throw new RangeError(`${name} must be between 0 and 100 %`);
  }
  return rate;
}

function resolve(input: Omit<SalaryInput, 'invoiceAmount'>): ResolvedInput {
  const reimbursements = input.reimbursements ?? 0;
  const deductibleInputVat = input.deductibleInputVat ?? 0;
  const alreadyPaid = input.salaryAlreadyPaidThisMonth ?? 0;
  assertMinorUnits(reimbursements, 'reimbursements');
  assertMinorUnits(deductibleInputVat, 'deductibleInputVat');
  if (reimbursements < 0 || deductibleInputVat < 0 || deductibleInputVat > reimbursements) {
    throw new RangeError('Need 0 ≤ deductibleInputVat ≤ reimbursements');
  }
  const paymentDate = formatIsoDate(toCalendarDate(input.paymentDate));
  return {
    reimbursements,
    deductibleInputVat,
    fee: rateOrDefault(input.feeRate, datedValueAt(PLATFORM_FEE_RATE, paymentDate), 'feeRate'),
    incomeTax: rateOrDefault(input.incomeTaxRate, DEFAULT_INCOME_TAX_RATE, 'incomeTaxRate'),
    pension: rateOrDefault(input.pensionRate, DEFAULT_PENSION_RATE, 'pensionRate'),
    pensionTax: percent(datedValueAt(PENSION_SPECIAL_PAYROLL_TAX_RATE, paymentDate)),
    vacationPay: datedValueAt(VACATION_PAY_RATE, paymentDate),
    saveVacationPay: input.saveVacationPay ?? false,
    employer: employerContributionRate({
      birthDate: input.birthDate,
      paymentDate,
      salaryAlreadyPaidThisMonth: alreadyPaid,
    }),
    paymentDate,
  };
}

/**
 * The exact gross salary a budget `B` (öre) pays for: B = G + contributions(G) + G × p × (1 + pensionTax).
 * For a youth rate the contributions are piecewise (reduced up to the remaining cap R, standard above), so
 * G = B / (1 + y + p') while that stays ≤ R, else G = (B + R × (s − y)) / (1 + s + p'), with p' = p × (1 + pensionTax).
 */
export function exactGrossSalary(
  budget: Ratio,
  employer: EmployerContributionRate,
  pensionRate: Ratio,
  pensionTaxRate: Ratio,
): Ratio {
  const pensionCost = multiply(pensionRate, add(ONE, pensionTaxRate));
  const reduced = percent(employer.rate);
  const gross = divide(budget, add(add(ONE, reduced), pensionCost));
  if (employer.reducedRateUpTo === null || employer.rateAboveCap === null) {
    return gross;
  }
  const cap = ratio(employer.reducedRateUpTo);
  if (compare(gross, cap) <= 0) {
    return gross;
  }
  const standard = percent(employer.rateAboveCap);
  return divide(add(budget, multiply(cap, subtract(standard, reduced))), add(add(ONE, standard), pensionCost));
}

function compute(invoiceAmount: number, r: ResolvedInput): Salary {
  assertMinorUnits(invoiceAmount, 'invoiceAmount');
  if (invoiceAmount < 0) {
    throw new RangeError('invoiceAmount must be ≥ 0 (a credit reverses a stored salary, it is not computed)');
  }
  const fee = multiplyMinorUnits(invoiceAmount, r.fee);
  const budget = invoiceAmount - fee - (r.reimbursements - r.deductibleInputVat);

  let gross = 0;
  let pension = 0;
  let pensionTax = 0;
  let socialFee = 0;
  let reimbursements = r.reimbursements;
  if (budget > 0) {
    gross = toMinorUnits(exactGrossSalary(ratio(budget), r.employer, r.pension, r.pensionTax));
    if (r.employer.rate === ZERO_RATE) {
      // No contribution is owed at 0 %, so none may be booked: the gross is the largest whose pension costs fit the
      // budget, and the pension premium takes the 0–2 öre its roundings leave (in the person's favour).
      const cost = (g: number): number => {
        const premium = multiplyMinorUnits(g, r.pension);
        return g + premium + multiplyMinorUnits(premium, r.pensionTax);
      };
      while (gross > 0 && cost(gross) > budget) {
        gross -= 1;
      }
      while (cost(gross + 1) <= budget) {
        gross += 1;
      }
      pension = multiplyMinorUnits(gross, r.pension);
      pensionTax = multiplyMinorUnits(pension, r.pensionTax);
      pension = budget - gross - pensionTax;
    } else {
      pension = multiplyMinorUnits(gross, r.pension);
      pensionTax = multiplyMinorUnits(pension, r.pensionTax);
      socialFee = budget - gross - pension - pensionTax;
    }
  } else {
    reimbursements = Math.max(0, invoiceAmount - fee + r.deductibleInputVat);
  }
  const split = splitVacationPay(gross, r.vacationPay);
  const saved = r.saveVacationPay ? split.vacationPay : 0;
  const savedSocialFee = setAsideSocialFee(socialFee, saved, gross);
  const incomeTax = multiplyMinorUnits(gross - saved, r.incomeTax);
  const net = gross - saved - incomeTax;
  return {
    amount: invoiceAmount,
    commissionAmount: fee,
    reimbursements,
    deductibleInputVat: r.deductibleInputVat,
    uncoveredReimbursements: r.reimbursements - reimbursements,
    budget,
    grossSalary: gross,
    vacationPayAmount: split.vacationPay,
    salaryExcludingVacationPay: split.salary,
    saveVacationPay: r.saveVacationPay,
    savedVacationPayAmount: saved,
    savedVacationPaySocialFeeAmount: savedSocialFee,
    socialFeeAmount: socialFee,
    pensionAmount: pension,
    pensionTaxAmount: pensionTax,
    incomeTaxAmount: incomeTax,
    netSalary: net,
    payout: net + reimbursements,
    employerContributionRate: r.employer.rate,
    employerContributionCategory: r.employer.category,
    employerContributionBases: contributionBases(gross, r.employer),
    rates: {
      fee: formatPercent(r.fee),
      incomeTax: formatPercent(r.incomeTax),
      pension: formatPercent(r.pension),
      pensionSpecialPayrollTax: formatPercent(r.pensionTax),
      vacationPay: formatPercent(percent(r.vacationPay)),
      employerContribution: r.employer.rate,
      employerContributionAboveCap: r.employer.rateAboveCap,
    },
    paymentDate: r.paymentDate,
    employerContributionRulesValidFrom: r.employer.rulesValidFrom,
  };
}

/**
 * The salary an invoice gives. Throws a RangeError on program errors (a malformed rate, a negative amount, a date the
 * rate tables do not cover); every user-facing check (amounts, rates within the profile's bounds) happens before.
 */
export function computeSalary(input: SalaryInput): Salary {
  return compute(input.invoiceAmount, resolve(input));
}

export type SalaryTarget = 'netSalary' | 'payout';

/**
 * The reverse: the smallest invoice amount excluding VAT (SEK öre) whose salary gives at least `target` öre of net
 * salary (or of payout). Net and payout never decrease as the invoice grows and move by at most one öre per öre of
 * invoice (G does; so do S = G − round(G × 12/112) and S − round(S × t)), so the answer gives exactly `target` whenever
 * any amount can, with vacation pay saved or not. Null when no amount can (a 100 % fee).
 */
export function invoiceAmountForTarget(
  target: number,
  input: Omit<SalaryInput, 'invoiceAmount'>,
  what: SalaryTarget = 'netSalary',
): { readonly invoiceAmount: number; readonly salary: Salary } | null {
  assertMinorUnits(target, 'target');
  const resolved = resolve(input);
  const reaches = (amount: number): Salary | null => {
    const salary = compute(amount, resolved);
    return salary[what] >= target ? salary : null;
  };
  if (reaches(0)) {
    return { invoiceAmount: 0, salary: compute(0, resolved) };
  }
  // Grow an upper bound, then bisect: the answer lies in (low, high].
  let low = 0;
  let high = Math.max(1, target);
  while (!reaches(high)) {
    low = high;
    if (high >= Number.MAX_SAFE_INTEGER / 4) {
      return null;
    }
    high *= 2;
  }
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (reaches(middle)) {
      high = middle;
    } else {
      low = middle;
    }
  }
  return { invoiceAmount: high, salary: compute(high, resolved) };
}
