// Income tax and pension rates as people type them (Swedish "32,5" or "32.5", with or without "%"),
// checked like the BFF checks them: a number, at most two decimals, within the contract's bounds.
import type { FieldIssue } from '../../lib/messages.ts';

/** The contract's bounds (ProfileUpdate.incomeTaxRate / pensionRate). */
export const INCOME_TAX_BOUNDS = { min: 0, max: 60 } as const;
export const PENSION_BOUNDS = { min: 0, max: 30 } as const;

/** docs/product/accounts.md#profile-and-salary-settings: typical self-employed tax 30–50 %, recommended pension 4.5 %. */
export const TYPICAL_TAX = { from: 30, to: 50 } as const;
export const RECOMMENDED_PENSION = 4.5;

export type RateResult = { ok: true; value: number } | { ok: false; issue: FieldIssue };

export function parseRate(input: string, bounds: { min: number; max: number }): RateResult {
  const text = input.trim().replace(/\s*%$/, '').replace(/\s/g, '').replace(',', '.');
  if (!text) return { ok: false, issue: { code: 'required' } };
  if (!/^-?\d+(\.\d*)?$|^-?\.\d+$/.test(text)) return { ok: false, issue: { code: 'not_a_number' } };
  const value = Number(text);
  if (value < bounds.min) return { ok: false, issue: { code: 'too_small', params: { limit: bounds.min } } };
  if (value > bounds.max) return { ok: false, issue: { code: 'too_large', params: { limit: bounds.max } } };
  const decimals = text.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  if (decimals > 2) return { ok: false, issue: { code: 'invalid_precision', params: { decimals: 2 } } };
  return { ok: true, value };
}

/** A rate the way the language writes numbers: 32,5 in Swedish, 32.5 in English. */
export function formatRate(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value);
}
