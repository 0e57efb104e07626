// Campaign codes (a valid code is accepted, any other is "Invalid campaign code"; docs/product/invoices.md): what a code does to the
// platform fee, and when it may be used. The codes themselves are data an admin keeps (the campaign_code table).

import { compare, formatPercent, multiply, percent, ratio, subtract, ONE } from './exact-decimal.ts';
import type { PercentString } from './exact-decimal.ts';

export type CampaignEffect =
  /** The platform fee becomes this rate. */
  | { readonly type: 'fee_rate'; readonly value: PercentString }
  /** This share of the platform fee is waived (100 = no fee). */
  | { readonly type: 'fee_discount'; readonly value: PercentString };

export type CampaignCodeTerms = {
  readonly effect: CampaignEffect;
  /** First and last day (`YYYY-MM-DD`, inclusive) the code can be used; no last day = open-ended. */
  readonly validFrom: string;
  readonly validTo: string | null;
  readonly maxUses: number | null;
  readonly uses: number;
};

/** How a code is written and stored: trimmed, upper case (codes are case-insensitive). */
export function normaliseCampaignCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Whether a code can be written at all: 1–40 of A–Z, 0–9, `-`, `_` (after normalising). */
export function isWellFormedCampaignCode(code: string): boolean {
  return /^[A-Z0-9_-]{1,40}$/.test(code);
}

/** Whether the code may be used on `day` (`YYYY-MM-DD`): within its dates and not used up. */
export function isCampaignCodeUsable(terms: CampaignCodeTerms, day: string): boolean {
  if (day < terms.validFrom) return false;
  if (terms.validTo !== null && day > terms.validTo) return false;
  return terms.maxUses === null || terms.uses < terms.maxUses;
}

/** The fee rate a code gives when the platform's own rate is `platformRate` (both percent strings). */
export function campaignFeeRate(effect: CampaignEffect, platformRate: PercentString): PercentString {
  const value = percent(effect.value);
  if (compare(value, ratio(0)) < 0 || compare(value, ONE) > 0) {
    throw new RangeError(`A campaign's ${effect.type} must be between 0 and 100 %`);
  }
  if (effect.type === 'fee_rate') return formatPercent(value);
  return formatPercent(multiply(percent(platformRate), subtract(ONE, value)));
}
