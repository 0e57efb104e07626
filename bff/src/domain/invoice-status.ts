// The invoice status machine: the numeric and named statuses (docs/product/domain-rules.md#invoice-statuses) and every allowed transition, in one table.
//
// The reading implemented (issue 11): 1 Draft → send → −1 Waiting for admin (review required) or 2 Waiting (a
// precondition pending: bank details, e-invoice acceptance) or sending → 3 Sent; −1 → approve → sending (or Waiting when
// a precondition is still pending), or → 7 Changes requested → edited → send again; sending → −2 Temporary error
// (retried automatically) → Sent, or → −3 Not sent (the user fixes it and sends again); 3 → 4 Partially paid → 5 Paid;
// 3 or 4 → 6 Credited; 1 → 0 Deleted. A payment reminder (3 or 4) and an interest invoice for a late payment (5) are
// events that leave the state as it is (decision 0034).
//
// States vs. the spec's two lists. The spec has 11 numbers and 11 names that do not pair up: "sending" has no number,
// "accepted" is the earlier name of 3, and 7 and −2 have no name. So the machine's states are their own keys, each
// with the numeric `status` and the `statusName` the API returns:
// - `sending` keeps numeric 2 (the invoice is still waiting to reach the customer, as in 2 Waiting) with statusName
//   `sending`; `waiting` is 2 with `quoted`. Store the state key (not the number) so the two stay apart.
// - 7 Changes requested is named `drafted`: it is back with the user and editable like a draft; the number tells the
//   badge apart.
// - −2 Temporary error is named `sending`: it is still being sent, retried automatically; the number tells it apart.
// - `accepted` is accepted as a filter alias of `sent` (3) and never returned.

export type InvoiceState =
  | 'deleted'
  | 'draft'
  | 'waiting'
  | 'sending'
  | 'sent'
  | 'partially_paid'
  | 'paid'
  | 'credited'
  | 'changes_requested'
  | 'need_admin_approval'
  | 'temporary_error'
  | 'not_sent';

export type InvoiceStatusNumber = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | -1 | -2 | -3;

export type InvoiceStatusName =
  | 'drafted'
  | 'quoted'
  | 'accepted'
  | 'need_admin_approval'
  | 'sending'
  | 'sent'
  | 'partially_paid'
  | 'paid'
  | 'credited'
  | 'deleted'
  | 'failed';

export const INVOICE_STATUS_NAMES: readonly InvoiceStatusName[] = [
  'drafted',
  'quoted',
  'accepted',
  'need_admin_approval',
  'sending',
  'sent',
  'partially_paid',
  'paid',
  'credited',
  'deleted',
  'failed',
];

export const INVOICE_STATES: Readonly<
  Record<
    InvoiceState,
    { readonly status: InvoiceStatusNumber; readonly statusName: InvoiceStatusName; readonly editable: boolean }
  >
> = {
  deleted: { status: 0, statusName: 'deleted', editable: false },
  draft: { status: 1, statusName: 'drafted', editable: true },
  waiting: { status: 2, statusName: 'quoted', editable: false },
  sending: { status: 2, statusName: 'sending', editable: false },
  sent: { status: 3, statusName: 'sent', editable: false },
  partially_paid: { status: 4, statusName: 'partially_paid', editable: false },
  paid: { status: 5, statusName: 'paid', editable: false },
  credited: { status: 6, statusName: 'credited', editable: false },
  changes_requested: { status: 7, statusName: 'drafted', editable: true },
  need_admin_approval: { status: -1, statusName: 'need_admin_approval', editable: false },
  temporary_error: { status: -2, statusName: 'sending', editable: false },
  // Editable: the user fixes what made sending fail (e.g. characters the e-invoice cannot carry) and sends again.
  not_sent: { status: -3, statusName: 'failed', editable: true },
};

export const INVOICE_STATE_KEYS = Object.keys(INVOICE_STATES) as InvoiceState[];

export type InvoiceEventType =
  | 'send'
  | 'approve'
  | 'request_changes'
  | 'preconditions_met'
  | 'send_by_email'
  | 'delivered'
  | 'delivery_failed_temporarily'
  | 'delivery_failed'
  | 'partial_payment'
  | 'full_payment'
  | 'credit'
  | 'delete'
  | 'reminder_sent'
  | 'interest_invoiced';

/**
 * What happens to an invoice. `send` and `approve` carry the facts that route them (decided by the module: the review
 * setting, bank details, e-invoice acceptance).
 */
export type InvoiceEvent =
  | { readonly type: 'send'; readonly reviewRequired: boolean; readonly preconditionsPending: boolean }
  | { readonly type: 'approve'; readonly preconditionsPending: boolean }
  | { readonly type: Exclude<InvoiceEventType, 'send' | 'approve'> };

/** Which branch of a routed event a transition is: `review` (needs an admin), `pending` (a precondition), `ready`. */
export type Route = 'review' | 'pending' | 'ready';

export type Transition = {
  readonly from: InvoiceState;
  readonly event: InvoiceEventType;
  /** For `send`/`approve`: the branch this row is; absent for the others. */
  readonly route?: Route;
  readonly to: InvoiceState;
};

const SENDABLE: readonly InvoiceState[] = ['draft', 'changes_requested', 'not_sent'];

/** Every allowed transition. Anything not listed is illegal. */
export const INVOICE_TRANSITIONS: readonly Transition[] = [
  ...SENDABLE.flatMap((from): Transition[] => [
    { from, event: 'send', route: 'review', to: 'need_admin_approval' },
    { from, event: 'send', route: 'pending', to: 'waiting' },
    { from, event: 'send', route: 'ready', to: 'sending' },
  ]),
  { from: 'need_admin_approval', event: 'approve', route: 'pending', to: 'waiting' },
  { from: 'need_admin_approval', event: 'approve', route: 'ready', to: 'sending' },
  { from: 'need_admin_approval', event: 'request_changes', to: 'changes_requested' },
  { from: 'waiting', event: 'preconditions_met', to: 'sending' },
  // The freelancer stops waiting for the customer's e-invoice acceptance and sends the PDF by email instead.
  { from: 'waiting', event: 'send_by_email', to: 'sending' },
  { from: 'sending', event: 'delivered', to: 'sent' },
  { from: 'sending', event: 'delivery_failed_temporarily', to: 'temporary_error' },
  { from: 'sending', event: 'delivery_failed', to: 'not_sent' },
  { from: 'temporary_error', event: 'delivered', to: 'sent' },
  // Another failed automatic retry: recorded as its own event, the state stays.
  { from: 'temporary_error', event: 'delivery_failed_temporarily', to: 'temporary_error' },
  { from: 'temporary_error', event: 'delivery_failed', to: 'not_sent' },
  { from: 'sent', event: 'partial_payment', to: 'partially_paid' },
  { from: 'sent', event: 'full_payment', to: 'paid' },
  { from: 'partially_paid', event: 'partial_payment', to: 'partially_paid' },
  { from: 'partially_paid', event: 'full_payment', to: 'paid' },
  { from: 'sent', event: 'credit', to: 'credited' },
  { from: 'partially_paid', event: 'credit', to: 'credited' },
  { from: 'draft', event: 'delete', to: 'deleted' },
  // A payment reminder is an event of an unpaid invoice, not a state (decision 0034): the invoice stays Sent or
  // Partially paid, so payments and credits work as before; the event records it, its fee and who sent it, once.
  { from: 'sent', event: 'reminder_sent', to: 'sent' },
  { from: 'partially_paid', event: 'reminder_sent', to: 'partially_paid' },
  // An interest invoice sent for a late payment: recorded on the paid invoice, which stays paid.
  { from: 'paid', event: 'interest_invoiced', to: 'paid' },
];

export type IllegalTransition = {
  readonly code: 'illegal_transition';
  readonly from: InvoiceState;
  readonly event: InvoiceEventType;
  /** English, for logs and the problem detail; the UI translates `code`. */
  readonly message: string;
};

export type TransitionResult =
  | {
      readonly ok: true;
      readonly from: InvoiceState;
      readonly to: InvoiceState;
      readonly status: InvoiceStatusNumber;
      readonly statusName: InvoiceStatusName;
    }
  | { readonly ok: false; readonly error: IllegalTransition };

function routeOf(event: InvoiceEvent): Route | undefined {
  if (event.type === 'send') {
    return event.reviewRequired ? 'review' : event.preconditionsPending ? 'pending' : 'ready';
  }
  if (event.type === 'approve') {
    return event.preconditionsPending ? 'pending' : 'ready';
  }
  return undefined;
}

/** The state after `event`, or an `illegal_transition` error (the API's 409). Pure: recording the event is the caller's. */
export function transitionInvoice(from: InvoiceState, event: InvoiceEvent): TransitionResult {
  const route = routeOf(event);
  const row = INVOICE_TRANSITIONS.find((t) => t.from === from && t.event === event.type && t.route === route);
  if (!row) {
    return {
      ok: false,
      error: {
        code: 'illegal_transition',
        from,
        event: event.type,
        message: `An invoice in state "${from}" (status ${INVOICE_STATES[from].status}) cannot "${event.type}"`,
      },
    };
  }
  return {
    ok: true,
    from,
    to: row.to,
    status: INVOICE_STATES[row.to].status,
    statusName: INVOICE_STATES[row.to].statusName,
  };
}

/** The event types allowed from `state` (for the UI's buttons and the contract's description). */
export function allowedInvoiceEvents(state: InvoiceState): InvoiceEventType[] {
  return [...new Set(INVOICE_TRANSITIONS.filter((t) => t.from === state).map((t) => t.event))];
}

export function isInvoiceEditable(state: InvoiceState): boolean {
  return INVOICE_STATES[state].editable;
}

/** The states a named-status filter selects (`accepted` is the earlier name of `sent`). */
export function invoiceStatesNamed(name: InvoiceStatusName): InvoiceState[] {
  const wanted = name === 'accepted' ? 'sent' : name;
  return INVOICE_STATE_KEYS.filter((state) => INVOICE_STATES[state].statusName === wanted);
}
