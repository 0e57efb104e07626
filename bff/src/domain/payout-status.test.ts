// Tests for payout-status.ts: every pair of state and event, against the table written out here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAYOUT_STATES, payoutHoldsItems, transitionPayout, type PayoutEventType } from './payout-status.ts';

const EVENTS: PayoutEventType[] = ['complete', 'deny', 'fail'];
const ALLOWED: Record<string, string> = {
  'initiated complete': 'completed_transaction',
  'initiated deny': 'failed_after_complete',
  'initiated fail': 'failed',
  'completed_transaction deny': 'failed_after_complete',
};

describe('transitionPayout', () => {
  for (const from of PAYOUT_STATES) {
    for (const event of EVENTS) {
      const expected = ALLOWED[`${from} ${event}`];
      it(`${from} --${event}--> ${expected ?? 'refused'}`, () => {
        const result = transitionPayout(from, event);
        if (expected) assert.deepEqual(result, { ok: true, to: expected });
        else assert.equal(result.ok, false);
      });
    }
  }

  it('a denied or failed payout lets its salary go, an initiated or completed one holds it', () => {
    assert.deepEqual(PAYOUT_STATES.filter(payoutHoldsItems), ['initiated', 'completed_transaction']);
  });
});
