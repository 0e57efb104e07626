// Income tax and pension rates as people type them (Swedish "32,5" or "32.5", with or without "%"),
// checked like the BFF checks them: a number, at most two decimals, within the contract's bounds.
import type { FieldIssue } from '@frilo/ui/form/messages';
import { parseRate as parseKitRate } from '@frilo/ui/form/number-format';

export { formatRate } from '@frilo/ui/form/number-format';

/** The contract's bounds (ProfileUpdate.incomeTaxRate / pensionRate). */
export const INCOME_TAX_BOUNDS = { min: 0, max: 60 } as const;
export const PENSION_BOUNDS = { min: 0, max: 30 } as const;

/** docs/product/accounts.md#profile-and-salary-settings: typical self-employed tax 30–50 %, recommended pension 4.5 %. */
export const TYPICAL_TAX = { from: 30, to: 50 } as const;
export const RECOMMENDED_PENSION = 4.5;

export type RateResult = { ok: true; value: number } | { ok: false; issue: FieldIssue };

/** A rate never has thousands, so a comma is always the decimal comma, whatever the page's language. */
export function parseRate(input: string, bounds: { min: number; max: number }): RateResult {
  const parsed = parseKitRate(input, 'sv', { ...bounds, decimals: 2 });
  return parsed.ok ? { ok: true, value: Number(parsed.value.decimal) } : parsed;
}
