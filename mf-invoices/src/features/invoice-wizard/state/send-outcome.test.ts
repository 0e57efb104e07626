import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockingProblems, newIdempotencyKey, sendOutcome } from './send-outcome.ts';

const recipient = (eInvoice: boolean | null) => ({
  id: 'c',
  name: 'Volvo',
  type: 'organization' as const,
  reverseVat: false,
  available: true,
  snapshot: eInvoice === null ? null : ({ eInvoice } as never),
});

test('the success dialog says what happened to the invoice', () => {
  assert.equal(sendOutcome({ statusName: 'sending', problemCodes: [], recipient: recipient(false) }), 'email');
  assert.equal(sendOutcome({ statusName: 'sending', problemCodes: [], recipient: recipient(true) }), 'e_invoice');
  assert.equal(sendOutcome({ statusName: 'quoted', problemCodes: [4], recipient: recipient(null) }), 'bank_details');
  assert.equal(
    sendOutcome({ statusName: 'quoted', problemCodes: [16], recipient: recipient(true) }),
    'e_invoice_acceptance',
  );
  assert.equal(
    sendOutcome({ statusName: 'need_admin_approval', problemCodes: [4], recipient: recipient(null) }),
    'admin_review',
  );
});

test('missing bank details and e-invoice acceptance hold a send back; everything else blocks it', () => {
  const problems = [{ problemCode: 4 }, { problemCode: 16 }, { problemCode: 3 }, { problemCode: null }];
  assert.deepEqual(blockingProblems(problems), [{ problemCode: 3 }, { problemCode: null }]);
});

test('an idempotency key fits the contract’s pattern and differs every time', () => {
  const key = newIdempotencyKey();
  assert.match(key, /^[A-Za-z0-9_-]{8,100}$/);
  assert.notEqual(key, newIdempotencyKey());
});
