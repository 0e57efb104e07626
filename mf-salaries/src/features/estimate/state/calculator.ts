// The calculator's fields as typed, turned into the BFF's requests (integer minor units, exact kilometres), or the
// issues that keep a request from being sent. Pure.
import type { FieldIssue } from '@frilo/ui/form/messages';
import { parseAmount, parseRate, type NumberLocale } from '@frilo/ui/form/number-format';

export const CURRENCIES = ['SEK', 'EUR', 'USD', 'NOK', 'DKK', 'GBP'] as const;
export const VAT_RATES = ['25', '12', '6', '0'] as const;
export type Currency = (typeof CURRENCIES)[number];
type VatPercentage = 25 | 12 | 6 | 0;

function vatOf(text: string): VatPercentage {
  const rate = Number(text);
  return rate === 12 || rate === 6 || rate === 0 ? rate : 25;
}

export type SalaryValues = {
  amount: string;
  currency: string;
  expenses: string;
  expensesVat: string;
  mileage: string;
};

export type InverseValues = { target: string; wanted: string; expenses: string; expensesVat: string; mileage: string };

export const INITIAL_SALARY: SalaryValues = {
  amount: '',
  currency: 'SEK',
  expenses: '',
  expensesVat: '25',
  mileage: '',
};
export const INITIAL_INVERSE: InverseValues = {
  target: 'netSalary',
  wanted: '',
  expenses: '',
  expensesVat: '25',
  mileage: '',
};

const MAX_AMOUNT = 100_000_000_000;
const MAX_RECEIPT = 100_000_000;

type Issues<K extends string> = Partial<Record<K, FieldIssue>>;
type Parsed<T, K extends string> = { ok: true; value: T } | { ok: false; issues: Issues<K> };

type Extras = { expenses?: { amount: number; vatPercentage: VatPercentage }[]; mileageKm?: number };

function extras(values: { expenses: string; expensesVat: string; mileage: string }, locale: NumberLocale) {
  const issues: Issues<'expenses' | 'mileage'> = {};
  const body: Extras = {};
  if (values.expenses.trim()) {
    const receipt = parseAmount(values.expenses, locale, { min: 0, max: MAX_RECEIPT });
    if (receipt.ok) {
      if (receipt.value > 0) body.expenses = [{ amount: receipt.value, vatPercentage: vatOf(values.expensesVat) }];
    } else issues.expenses = receipt.issue;
  }
  if (values.mileage.trim()) {
    const km = parseRate(values.mileage, locale, { decimals: 2, min: 0, max: 100_000 });
    // Hundredths of a kilometre are exact; the request's number has at most two decimals.
    if (km.ok) {
      if (km.value.hundredths > 0) body.mileageKm = km.value.hundredths / 100;
    } else issues.mileage = km.issue;
  }
  return { issues, body };
}

/** The estimateSalary request for the values, or null while the amount is empty. */
export function salaryRequest(
  values: SalaryValues,
  locale: NumberLocale,
): Parsed<{ amount: number; currency: Currency } & Extras, keyof SalaryValues> | null {
  if (!values.amount.trim()) return null;
  const amount = parseAmount(values.amount, locale, { min: 0, max: MAX_AMOUNT });
  const rest = extras(values, locale);
  const issues: Issues<keyof SalaryValues> = { ...rest.issues };
  if (!amount.ok) issues.amount = amount.issue;
  if (!amount.ok || Object.keys(issues).length) return { ok: false, issues };
  const currency = (CURRENCIES as readonly string[]).includes(values.currency) ? (values.currency as Currency) : 'SEK';
  return { ok: true, value: { amount: amount.value, currency, ...rest.body } };
}

/** The estimateInvoiceAmount request, or null while the wanted amount is empty. */
export function inverseRequest(
  values: InverseValues,
  locale: NumberLocale,
): Parsed<{ target: 'netSalary' | 'payout'; amount: number } & Extras, keyof InverseValues> | null {
  if (!values.wanted.trim()) return null;
  const wanted = parseAmount(values.wanted, locale, { min: 0, max: 10_000_000_000 });
  const rest = extras(values, locale);
  const issues: Issues<keyof InverseValues> = { ...rest.issues };
  if (!wanted.ok) issues.wanted = wanted.issue;
  if (!wanted.ok || Object.keys(issues).length) return { ok: false, issues };
  const target = values.target === 'payout' ? 'payout' : 'netSalary';
  return { ok: true, value: { target, amount: wanted.value, ...rest.body } };
}

/**
 * The calculator's "what if": the income tax rate, pension rate and vacation pay choice to compute with (the
 * profile's until changed; the profile itself is never changed here), and a campaign code once it is checked.
 */
export type WhatIfValues = {
  incomeTaxRate: string;
  pensionRate: string;
  saveVacationPay: boolean;
  campaignCode: string;
};

/** The contract's bounds (SalaryEstimateRequest.incomeTaxRate / pensionRate), as the profile's. */
export const TAX_BOUNDS = { min: 0, max: 60 } as const;
export const PENSION_BOUNDS = { min: 0, max: 30 } as const;

export type WhatIf = { incomeTaxRate: number; pensionRate: number; saveVacationPay: boolean; campaignCode?: string };

/** The "what if" part of both requests, or the issues of its rates; `appliedCode` is a code checked valid. */
export function whatIfRequest(
  values: WhatIfValues,
  locale: NumberLocale,
  appliedCode: string | null,
): Parsed<WhatIf, 'incomeTaxRate' | 'pensionRate'> {
  const tax = parseRate(values.incomeTaxRate, locale, { decimals: 2, ...TAX_BOUNDS });
  const pension = parseRate(values.pensionRate, locale, { decimals: 2, ...PENSION_BOUNDS });
  const issues: Issues<'incomeTaxRate' | 'pensionRate'> = {};
  if (!tax.ok) issues.incomeTaxRate = tax.issue;
  if (!pension.ok) issues.pensionRate = pension.issue;
  if (!tax.ok || !pension.ok) return { ok: false, issues };
  return {
    ok: true,
    value: {
      incomeTaxRate: Number(tax.value.decimal),
      pensionRate: Number(pension.value.decimal),
      saveVacationPay: values.saveVacationPay,
      ...(appliedCode ? { campaignCode: appliedCode } : {}),
    },
  };
}
