import assert from 'node:assert/strict';
import { test } from 'node:test';
import { destinationOf, sendPlanOf } from './destination.ts';

const base = {
  channel: 'email' as const,
  email: 'ap@volvo.se',
  participantId: null,
  eInvoiceAccepted: false,
  waitingFor: [] as ('bank_details' | 'e_invoice_acceptance')[],
  reviewRequired: false,
  message: null,
  waitLimitBankDays: 3,
  eInvoiceWait: null,
};

test('an email customer gets the PDF by email; an e-invoice customer through Peppol, accepted or not', () => {
  assert.deepEqual(destinationOf(base), { kind: 'email', email: 'ap@volvo.se' });
  assert.deepEqual(destinationOf({ ...base, channel: 'e_invoice', participantId: '0007:5560360793' }), {
    kind: 'e_invoice',
    participantId: '0007:5560360793',
    accepted: false,
  });
});

test('review first, then bank details, then the e-invoice acceptance hold a send back; else it goes now', () => {
  assert.equal(sendPlanOf(base), 'now');
  assert.equal(sendPlanOf({ ...base, waitingFor: ['e_invoice_acceptance'] }), 'wait_e_invoice');
  assert.equal(sendPlanOf({ ...base, waitingFor: ['e_invoice_acceptance', 'bank_details'] }), 'wait_bank_details');
  assert.equal(sendPlanOf({ ...base, reviewRequired: true, waitingFor: ['bank_details'] }), 'review');
});
