import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shortDay, statusWords } from './salary-status.ts';

test('a salary the customer paid waits for its payout day; without an account it says so, never "Paid"', () => {
  assert.deepEqual(statusWords({ status: 'completed_invoice', expectedPayoutDate: '2026-12-02', payoutDate: null }), {
    key: 'customerPaid',
    date: '2026-12-02',
  });
  assert.deepEqual(statusWords({ status: 'completed_invoice', expectedPayoutDate: null, payoutDate: null }), {
    key: 'customerPaidNoAccount',
    date: null,
  });
});

test('a payout made is on its way with the day it leaves, then paid out, or denied by the bank', () => {
  assert.deepEqual(statusWords({ status: 'initiated', expectedPayoutDate: '2026-12-02', payoutDate: '2026-12-02' }), {
    key: 'onItsWay',
    date: '2026-12-02',
  });
  assert.deepEqual(
    statusWords({ status: 'completed_transaction', expectedPayoutDate: null, payoutDate: '2026-12-02' }),
    {
      key: 'paidOut',
      date: '2026-12-02',
    },
  );
  assert.equal(
    statusWords({ status: 'failed_after_complete', expectedPayoutDate: null, payoutDate: '2026-12-02' }).key,
    'denied',
  );
  assert.equal(statusWords({ status: 'failed', expectedPayoutDate: null, payoutDate: null }).key, 'failed');
});

test('the day is short, with the year only when it is another year', () => {
  assert.match(shortDay('2026-12-02', 'sv', '2026-11-27'), /^2 dec\.?$/);
  assert.equal(shortDay('2026-12-02', 'en', '2026-11-27'), '2 Dec');
  assert.equal(shortDay('2027-01-04', 'en', '2026-12-30'), '4 Jan 2027');
});
