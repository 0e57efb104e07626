import assert from 'node:assert/strict';
import { test } from 'node:test';
import { payoutNowWords } from './payout-now.ts';

test('tomorrow needs no reason; later days are explained, grouped by why', () => {
  assert.deepEqual(payoutNowWords({ date: '2026-12-16', account: 'Swedbank •••• 7897', skipped: [] }).reasons, []);
  assert.deepEqual(
    payoutNowWords({
      date: '2026-12-28',
      account: 'Swedbank •••• 7897',
      skipped: [
        { date: '2026-12-24', reason: 'holiday' },
        { date: '2026-12-25', reason: 'holiday' },
        { date: '2026-12-26', reason: 'weekend' },
        { date: '2026-12-27', reason: 'weekend' },
      ],
    }).reasons,
    [
      { reason: 'holiday', days: ['2026-12-24', '2026-12-25'] },
      { reason: 'weekend', days: ['2026-12-26', '2026-12-27'] },
    ],
  );
});
