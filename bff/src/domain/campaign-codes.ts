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

/** Why a code cannot be used on a day: before its first day, after its last, or its limit of uses reached. */
export type CampaignCodeUnusable = 'not_started' | 'expired' | 'used_up';

/** Why the code may not be used on `day` (`YYYY-MM-DD`), or null when it may: within its dates and not used up. */
export function campaignCodeUnusable(terms: CampaignCodeTerms, day: string): CampaignCodeUnusable | null {
  // The order of the back office's states: an expired code that is also used up is expired.
  if (terms.validTo !== null && day > terms.validTo) return 'expired';
  if (terms.maxUses !== null && terms.uses >= terms.maxUses) return 'used_up';
  if (day < terms.validFrom) return 'not_started';
  return null;
}

/** Whether the code may be used on `day` (`YYYY-MM-DD`): within its dates and not used up. */
export function isCampaignCodeUsable(terms: CampaignCodeTerms, day: string): boolean {
  return campaignCodeUnusable(terms, day) === null;
}

/**
 * Whether a code's fee applies to an invoice on `day` (docs/product/invoices.md#campaign-codes): an invoice that holds
 * one of the code's uses (counted when it was sent) keeps the code whatever happens to it later (expired, used up,
 * by this very invoice or others); an invoice that holds none (a draft) has it only while the code may be used.
 */
export function campaignCodeApplies(terms: CampaignCodeTerms, day: string, useCounted: boolean): boolean {
  return useCounted || isCampaignCodeUsable(terms, day);
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
