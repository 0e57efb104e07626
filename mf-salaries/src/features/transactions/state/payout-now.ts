// What "pay out now" says before it is pressed (docs/product/payments.md#pay-out-now): the day the money leaves, the
// account it goes to, and when that day is not tomorrow, why: the days between, grouped by reason. Pure.
import type { components } from '@frilo/openapi/client';

type PayoutNow = NonNullable<components['schemas']['PayoutSummary']['payoutNow']>;
export type SkipReason = PayoutNow['skipped'][number]['reason'];

export type PayoutNowWords = {
  date: string;
  account: string;
  /** Empty when the money leaves tomorrow. */
  reasons: { reason: SkipReason; days: string[] }[];
};

export function payoutNowWords(payoutNow: PayoutNow): PayoutNowWords {
  const reasons: PayoutNowWords['reasons'] = [];
  for (const { date, reason } of payoutNow.skipped) {
    const group = reasons.find((r) => r.reason === reason);
    if (group) group.days.push(date);
    else reasons.push({ reason, days: [date] });
  }
  return { date: payoutNow.date, account: payoutNow.account, reasons };
}
