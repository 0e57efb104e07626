// The payout status machine, and the payment item statuses of spec §4 the salaries screen shows.
//
// A payout (money leaving for one freelancer on one bank day) is `initiated` when it is made: asked for by the
// freelancer, or put together by the bank day's batch; its pain.001 file is then written with the batch. The bank's
// status report (pain.002) or the passing of the execution day completes it (`completed_transaction`, "Paid out");
// a rejection in a status report, or an admin marking it denied, ends it as `failed_after_complete` ("Denied by
// bank"), before or after completion, and its salary is available again. A payout that cannot be put into a file at
// all (the account or the name cannot be paid to) ends as `failed`, its salary available again too.
//
// Payment items (spec §4) are the rows of the salaries screen: a salary item (a customer's payment and the salary it
// gave) is `completed_invoice` ("Paid": the invoice is paid, the salary waits for its payout), then takes its payout's
// status while it is in one; a payout shows its own.

export type PayoutState = 'initiated' | 'completed_transaction' | 'failed_after_complete' | 'failed';

export const PAYOUT_STATES: readonly PayoutState[] = [
  'initiated',
  'completed_transaction',
  'failed_after_complete',
  'failed',
];

/** Spec §4's payment item statuses, in the order of the money chain. */
export type PaymentItemStatus =
  | 'completed_invoice'
  | 'initiated'
  | 'completed_transaction'
  | 'failed_after_complete'
  | 'failed';

export const PAYMENT_ITEM_STATUSES: readonly PaymentItemStatus[] = [
  'completed_invoice',
  'initiated',
  'completed_transaction',
  'failed_after_complete',
  'failed',
];

export type PayoutEventType = 'complete' | 'deny' | 'fail';

export interface PayoutTransition {
  readonly from: PayoutState;
  readonly event: PayoutEventType;
  readonly to: PayoutState;
}

/** Every allowed transition; anything else is illegal. */
export const PAYOUT_TRANSITIONS: readonly PayoutTransition[] = [
  { from: 'initiated', event: 'complete', to: 'completed_transaction' },
  { from: 'initiated', event: 'deny', to: 'failed_after_complete' },
  { from: 'completed_transaction', event: 'deny', to: 'failed_after_complete' },
  { from: 'initiated', event: 'fail', to: 'failed' },
];

export type PayoutTransitionResult =
  | { readonly ok: true; readonly to: PayoutState }
  | { readonly ok: false; readonly message: string };

export function transitionPayout(from: PayoutState, event: PayoutEventType): PayoutTransitionResult {
  const row = PAYOUT_TRANSITIONS.find((t) => t.from === from && t.event === event);
  return row ? { ok: true, to: row.to } : { ok: false, message: `A payout in state "${from}" cannot "${event}"` };
}

/** Whether the payout still holds its salary items (a denied or failed one has let them go). */
export function payoutHoldsItems(state: PayoutState): boolean {
  return state === 'initiated' || state === 'completed_transaction';
}
