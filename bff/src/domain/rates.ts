// Every dated figure the money rules use, each in its own dated table, with its source. Percentages are exact decimal
// strings ('31.42' = 31.42 %); amounts are SEK öre. Change a figure by adding an entry, never by editing a past one:
// stored salaries keep the rates they were computed with, and estimates for past dates must stay reproducible.

import { add, formatPercent, percent } from './exact-decimal.ts';
import type { PercentString } from './exact-decimal.ts';
import { datedEntryAt, datedTable, datedValueAt, findDatedEntry } from './dated-table.ts';

/**
 * The platform's fee on the invoice total excluding VAT (the spec's `commissionAmount`), a product setting.
 * 6 % is the brief's default and the market's usual level (Frilans Finans 6 %, Cool Company 5.98 %; the market runs
 * 2–10 %). A campaign code may override it per invoice.
 */
export const PLATFORM_FEE_RATE = datedTable<PercentString>('platform fee rate', [
  { validFrom: '2000-01-01', value: '6' },
]);

/**
 * The smallest invoice total excluding VAT, in SEK öre, that can be sent (docs/product/domain-rules.md#money;
 * a foreign-currency invoice is compared after conversion to SEK).
 *
 * 500 kr. No Swedish umbrella company we could check publishes a minimum, so the figure is derived from cost: every
 * invoice costs the platform a roughly fixed amount (sending and a possible e-invoice, matching the payment, a payroll
 * line in the monthly employer declaration, a payout and a payslip), on the order of 30 kr. At the default 6 % fee,
 * 500 kr is where the fee (30 kr) first covers that, and the salary it gives (≈ 357 kr gross) is still worth a payout.
 */
export const MINIMUM_INVOICE_AMOUNT = datedTable<number>('minimum invoice amount (SEK öre excl. VAT)', [
  { validFrom: '2000-01-01', value: 50_000 },
]);

export type YouthReduction = {
  /** Rate on the part of the month's salary up to the cap. */
  readonly rate: PercentString;
  readonly bornFrom: number;
  readonly bornTo: number;
  /** Per person and calendar month, all salary paid that month counted together (SEK öre). */
  readonly monthlyCap: number;
};

export type EmployerContributionRules = {
  /** Full employer contributions (arbetsgivaravgifter), socialavgiftslagen (2000:980). */
  readonly standardRate: PercentString;
  /** Only the old-age pension fee (ålderspensionsavgift) for those past the pension "target age" at the start of the year. */
  readonly olderWorkerRate: PercentString;
  readonly olderWorkerBornFrom: number;
  readonly olderWorkerBornTo: number;
  /** Born this year or earlier: no employer contributions at all. */
  readonly exemptBornUpTo: number;
  /** The temporary youth reduction of SFS 2026:100, when in force. */
  readonly youth: YouthReduction | null;
};

/** The rules of one period; only the older-worker limit and the youth reduction have changed in 2025–2027. */
function contributionRules(olderWorkerBornTo: number, youth: YouthReduction | null): EmployerContributionRules {
  return {
    standardRate: '31.42',
    olderWorkerRate: '10.21',
    olderWorkerBornFrom: 1938,
    olderWorkerBornTo,
    exemptBornUpTo: 1937,
    youth,
  };
}

const YOUTH_2026: YouthReduction = { rate: '20.81', bornFrom: 2003, bornTo: 2007, monthlyCap: 2_500_000 };
const YOUTH_2027: YouthReduction = { rate: '20.81', bornFrom: 2004, bornTo: 2008, monthlyCap: 2_500_000 };

/**
 * Employer contributions by birth year, decided by the date the salary is paid (Skatteverket, "Arbetsgivaravgifter";
 * tabled in docs/product/domain-rules.md#salaries). The older-worker limit follows the pension target age: 66 at 1 Jan 2025,
 * 67 from 2026, so born 1959 still pays the full rate in 2026 and only the old-age pension fee from 2027. The youth
 * reduction (SFS 2026:100): born 2003–2007 for salary paid 1 Apr–31 Dec 2026, born 2004–2008 for salary paid
 * 1 Jan–30 Sep 2027; 20.81 % on the first 25 000 kr of the month's salary, 31.42 % above.
 *
 * Known until 31 Dec 2027: the older-worker birth years move every year, so a 2028 salary must fail loudly until the
 * 2028 row is added rather than be computed with 2027's.
 */
export const EMPLOYER_CONTRIBUTION_RULES = datedTable<EmployerContributionRules>(
  'employer contribution rules',
  [
    { validFrom: '2025-01-01', value: contributionRules(1958, null) },
    { validFrom: '2026-01-01', value: contributionRules(1958, null) },
    { validFrom: '2026-04-01', value: contributionRules(1958, YOUTH_2026) },
    { validFrom: '2027-01-01', value: contributionRules(1959, YOUTH_2027) },
    { validFrom: '2027-10-01', value: contributionRules(1959, null) },
  ],
  { knownUntil: '2027-12-31' },
);

/**
 * Special payroll tax on pension costs (särskild löneskatt på pensionskostnader, lag (1991:687)), 24.26 % of the
 * pension premium. Unchanged for decades; the table starts with the salary rules it is used with.
 */
export const PENSION_SPECIAL_PAYROLL_TAX_RATE = datedTable<PercentString>('special payroll tax on pension costs', [
  { validFrom: '2025-01-01', value: '24.26' },
]);

/**
 * Tax-free mileage allowance for driving one's own car in service, in SEK öre per 10 km (per Swedish mil)
 * (Skatteverket, "Bilersättning"): 18.50 kr per mil in 2022, 25 kr per mil from 2023.
 */
export const MILEAGE_ALLOWANCE_PER_10_KM = datedTable<number>('mileage allowance (öre per 10 km, own car)', [
  { validFrom: '2022-01-01', value: 1_850 },
  { validFrom: '2023-01-01', value: 2_500 },
]);

/**
 * The Riksbank's reference rate (räntelagen (1975:635) 9 §): the policy rate at the end of the previous calendar
 * half-year, rounded up to the nearest half percentage point when needed, set for each 1 January and 1 July.
 * 2.00 % from 1 Jul 2025 (policy rate 2.00 %) and from 1 Jan 2026 (policy rate 1.75 %, rounded up). Earlier half-years
 * are left out: the Riksbank's published series up to 1 Jul 2024 is known, but 1 Jan 2025 could not be confirmed from
 * a primary source here, and a gap would be worse than a clear "no value" error.
 *
 * Known until 30 Jun 2026: the rate for 1 Jul 2026 (from the policy rate on 30 Jun 2026) was not known when this row was
 * last checked, so statutory interest for a day after 30 Jun 2026 is "not known yet" (a RangeError here, `rate_unknown`
 * from late-payment-interest.ts), never the last known rate taken as a guess. Add each new half-year from the Riksbank's
 * announcement (riksbank.se, "Referensränta") and move `knownUntil` to its last day.
 */
export const REFERENCE_RATE = datedTable<PercentString>(
  'Riksbank reference rate',
  [
    { validFrom: '2025-07-01', value: '2.00' },
    { validFrom: '2026-01-01', value: '2.00' },
  ],
  { knownUntil: '2026-06-30' },
);

/**
 * The most a written payment reminder may cost the debtor, in SEK öre (lag (1981:739) om ersättning för
 * inkassokostnader m.m.): 60 kr since 16 Mar 2013, when the amounts moved from förordning (1981:1057) into the act (50 kr
 * before). It may only be charged when it was agreed before the debt arose, which for us means the invoice said so
 * (docs/product/payments.md#payment-reminders).
 */
export const REMINDER_FEE_MAX = datedTable<number>('reminder fee maximum (SEK öre)', [
  { validFrom: '2013-03-16', value: 6_000 },
]);

/**
 * The cooling-off period after a salary account is replaced (docs/product/payments.md#payout-holds), in hours: payouts
 * to the new account wait this long unless the freelancer confirms the change from the email that announced it. A
 * product setting, not a law. 24 hours: long enough for the email to reach someone who checks it once a day and for
 * support to act on a stop during office hours; short enough that a freelancer who really moved bank (and does not
 * confirm) loses at most one bank day. The period of a change is the one in force on the Swedish day it was made.
 */
export const BANK_ACCOUNT_CHANGE_HOLD_HOURS = datedTable<number>(
  'cooling-off period after a salary account change (hours)',
  [{ validFrom: '2000-01-01', value: 24 }],
);

/**
 * How long an invoice waits for its customer to accept e-invoices (problem 16) before the freelancer is told and
 * offered to send it as a PDF by email instead (docs/product/sending.md#waiting-for-e-invoice-acceptance), in bank
 * days after the day the wait began. A product setting, not a law. 3 bank days: a customer that has not turned up in
 * the Peppol directory within a working week of being invoiced usually needs a word from the freelancer, and the
 * invoice's payment terms run from its date, so a longer silent wait costs the freelancer their money's time.
 */
export const E_INVOICE_ACCEPTANCE_WAIT_BANK_DAYS = datedTable<number>(
  'wait for e-invoice acceptance before offering the PDF by email (bank days)',
  [{ validFrom: '2000-01-01', value: 3 }],
);

/** Late payment interest is the reference rate plus 8 percentage points (räntelagen 6 §). */
export const LATE_PAYMENT_INTEREST_MARGIN: PercentString = '8';

export type LatePaymentInterest = {
  /** The yearly interest rate, e.g. `'10.00'`. */
  readonly rate: PercentString;
  readonly referenceRate: PercentString;
  /** The half-year the reference rate was set for. */
  readonly referenceRateValidFrom: string;
};

/**
 * Statutory late payment interest (dröjsmålsränta) for a debt falling due on `date`. Per the Supreme Court (NJA 2007
 * s. 742) the rate follows the reference rate of each half-year the delay lasts; callers computing interest over a long
 * delay ask for each half-year.
 */
export function latePaymentInterestRate(date: Date | string): LatePaymentInterest {
  const entry = datedEntryAt(REFERENCE_RATE, date);
  return {
    rate: formatPercent(add(percent(entry.value), percent(LATE_PAYMENT_INTEREST_MARGIN))),
    referenceRate: formatPercent(percent(entry.value)),
    referenceRateValidFrom: entry.validFrom,
  };
}

/** Like `latePaymentInterestRate`, or null for a day the reference-rate table does not cover (not known yet). */
export function findLatePaymentInterestRate(date: Date | string): LatePaymentInterest | null {
  const entry = findDatedEntry(REFERENCE_RATE, date);
  return entry ? latePaymentInterestRate(entry.validFrom) : null;
}

/** Whether an invoice total excluding VAT, in SEK öre, reaches the minimum invoice amount in force on `date` (docs/product/domain-rules.md#money). */
export function meetsMinimumInvoiceAmount(totalExclVatSek: number, date: Date | string): boolean {
  return totalExclVatSek >= datedValueAt(MINIMUM_INVOICE_AMOUNT, date);
}

/**
 * Vacation pay (semesterersättning) under the annual leave act's percentage rule, semesterlagen (1977:480) 16 b §
 * (procentregeln, in its present wording since the reform of 1 April 2010, prop. 2009/10:4): 12 % of the salary earned.
 * The freelancer is employed for each assignment, so it is part of every salary and shown as such
 * (docs/product/payments.md#vacation-pay): with S the salary for the work, V = 12 % × S and the gross G = S + V.
 */
export const VACATION_PAY_RATE = datedTable<PercentString>('vacation pay rate (percentage rule)', [
  { validFrom: '2010-04-01', value: '12' },
]);

/**
 * When saved vacation pay is paid out each year (docs/product/payments.md#saved-vacation-pay), a product setting: the
 * umbrella companies pay it "around midsummer". The last bank day before midsummer eve (a Thursday, 18–24 June), so it
 * is in the account for the holiday. The rule of a year is the entry in force on 1 January of that year.
 */
export type VacationPayPayoutRule = 'last_bank_day_before_midsummer_eve' | 'first_bank_day_after_midsummer';

export const VACATION_PAY_PAYOUT_DAY = datedTable<VacationPayPayoutRule>('saved vacation pay payout day', [
  { validFrom: '2000-01-01', value: 'last_bank_day_before_midsummer_eve' },
]);
