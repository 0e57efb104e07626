// Tests for invoice-status.ts: every state against every event (with every routing), compared with the issue's
// reading written out again here by hand, so a changed table row fails one named case.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allowedInvoiceEvents,
  INVOICE_STATE_KEYS,
  INVOICE_STATES,
  INVOICE_STATUS_NAMES,
  invoiceStatesNamed,
  isInvoiceEditable,
  transitionInvoice,
} from './invoice-status.ts';
import type { InvoiceEvent, InvoiceState } from './invoice-status.ts';

/** Every event, with each routing of `send` and `approve`, labelled for the expected table below. */
const EVENTS: Record<string, InvoiceEvent> = {
  'send/review': { type: 'send', reviewRequired: true, preconditionsPending: false },
  'send/review+pending': { type: 'send', reviewRequired: true, preconditionsPending: true },
  'send/pending': { type: 'send', reviewRequired: false, preconditionsPending: true },
  'send/ready': { type: 'send', reviewRequired: false, preconditionsPending: false },
  'approve/pending': { type: 'approve', preconditionsPending: true },
  'approve/ready': { type: 'approve', preconditionsPending: false },
  request_changes: { type: 'request_changes' },
  preconditions_met: { type: 'preconditions_met' },
  send_by_email: { type: 'send_by_email' },
  delivered: { type: 'delivered' },
  delivery_failed_temporarily: { type: 'delivery_failed_temporarily' },
  delivery_failed: { type: 'delivery_failed' },
  partial_payment: { type: 'partial_payment' },
  full_payment: { type: 'full_payment' },
  credit: { type: 'credit' },
  delete: { type: 'delete' },
  reminder_sent: { type: 'reminder_sent' },
  interest_invoiced: { type: 'interest_invoiced' },
};

// The issue-11 reading, as "from --event--> to". Everything else must be refused.
const SENDS = (from: InvoiceState) => [
  `${from} --send/review--> need_admin_approval`,
  `${from} --send/review+pending--> need_admin_approval`,
  `${from} --send/pending--> waiting`,
  `${from} --send/ready--> sending`,
];
const EXPECTED = new Set([
  ...SENDS('draft'), // 1 → send
  ...SENDS('changes_requested'), // 7 → edited → send again
  ...SENDS('not_sent'), // −3 → the user fixes it and sends again
  'need_admin_approval --approve/ready--> sending',
  'need_admin_approval --approve/pending--> waiting',
  'need_admin_approval --request_changes--> changes_requested',
  'waiting --preconditions_met--> sending',
  'waiting --send_by_email--> sending',
  'sending --delivered--> sent',
  'sending --delivery_failed_temporarily--> temporary_error',
  'sending --delivery_failed--> not_sent',
  'temporary_error --delivered--> sent',
  'temporary_error --delivery_failed_temporarily--> temporary_error',
  'temporary_error --delivery_failed--> not_sent',
  'sent --partial_payment--> partially_paid',
  'sent --full_payment--> paid',
  'partially_paid --partial_payment--> partially_paid',
  'partially_paid --full_payment--> paid',
  'sent --credit--> credited',
  'partially_paid --credit--> credited',
  'draft --delete--> deleted',
  // Decision 0034: a reminder of an unpaid invoice, and an interest invoice for a paid one, change no state.
  'sent --reminder_sent--> sent',
  'partially_paid --reminder_sent--> partially_paid',
  'paid --interest_invoiced--> paid',
]);

describe('transitionInvoice: every state × every event', () => {
  for (const from of INVOICE_STATE_KEYS) {
    for (const [label, event] of Object.entries(EVENTS)) {
      const allowed = [...EXPECTED].find((row) => row.startsWith(`${from} --${label}--> `));
      it(`${from} --${label}--> ${allowed ? allowed.split('--> ')[1] : '409'}`, () => {
        const result = transitionInvoice(from, event);
        if (allowed) {
          const to = allowed.split('--> ')[1] as InvoiceState;
          assert.deepEqual(result, {
            ok: true,
            from,
            to,
            status: INVOICE_STATES[to].status,
            statusName: INVOICE_STATES[to].statusName,
          });
        } else {
          assert.equal(result.ok, false);
          assert.ok(!result.ok);
          assert.equal(result.error.code, 'illegal_transition');
          assert.equal(result.error.from, from);
          assert.equal(result.error.event, event.type);
          assert.match(result.error.message, new RegExp(`state "${from}"`));
        }
      });
    }
  }

  it('covers the expected table exactly (no row of it unreachable)', () => {
    const reached = new Set<string>();
    for (const from of INVOICE_STATE_KEYS) {
      for (const [label, event] of Object.entries(EVENTS)) {
        const result = transitionInvoice(from, event);
        if (result.ok) {
          reached.add(`${from} --${label}--> ${result.to}`);
        }
      }
    }
    assert.deepEqual([...reached].sort(), [...EXPECTED].sort());
  });
});

describe('statuses', () => {
  it('maps each state to the spec’s numbers and names', () => {
    assert.deepEqual(
      Object.fromEntries(INVOICE_STATE_KEYS.map((s) => [s, [INVOICE_STATES[s].status, INVOICE_STATES[s].statusName]])),
      {
        deleted: [0, 'deleted'],
        draft: [1, 'drafted'],
        waiting: [2, 'quoted'],
        sending: [2, 'sending'],
        sent: [3, 'sent'],
        partially_paid: [4, 'partially_paid'],
        paid: [5, 'paid'],
        credited: [6, 'credited'],
        changes_requested: [7, 'drafted'],
        need_admin_approval: [-1, 'need_admin_approval'],
        temporary_error: [-2, 'sending'],
        not_sent: [-3, 'failed'],
      },
    );
  });

  it('uses every spec number, and every spec name but the old `accepted`', () => {
    const numbers = new Set(INVOICE_STATE_KEYS.map((s) => INVOICE_STATES[s].status));
    assert.deepEqual(
      [...numbers].sort((a, b) => a - b),
      [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7],
    );
    const names = new Set(INVOICE_STATE_KEYS.map((s) => INVOICE_STATES[s].statusName));
    assert.deepEqual(
      INVOICE_STATUS_NAMES.filter((name) => !names.has(name)),
      ['accepted'],
    );
  });

  it('filters by named status, `accepted` meaning sent', () => {
    assert.deepEqual(invoiceStatesNamed('accepted'), ['sent']);
    assert.deepEqual(invoiceStatesNamed('drafted'), ['draft', 'changes_requested']);
    assert.deepEqual(invoiceStatesNamed('sending'), ['sending', 'temporary_error']);
    assert.deepEqual(invoiceStatesNamed('failed'), ['not_sent']);
  });

  it('lets only drafts, changes-requested and not-sent invoices be edited', () => {
    assert.deepEqual(INVOICE_STATE_KEYS.filter(isInvoiceEditable), ['draft', 'changes_requested', 'not_sent']);
  });

  it('lists the events allowed from a state', () => {
    assert.deepEqual(allowedInvoiceEvents('draft'), ['send', 'delete']);
    assert.deepEqual(allowedInvoiceEvents('sent'), ['partial_payment', 'full_payment', 'credit', 'reminder_sent']);
    assert.deepEqual(allowedInvoiceEvents('paid'), ['interest_invoiced']);
    assert.deepEqual(allowedInvoiceEvents('deleted'), []);
    assert.deepEqual(allowedInvoiceEvents('credited'), []);
  });
});
