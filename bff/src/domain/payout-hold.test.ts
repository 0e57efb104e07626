// Tests for payout-hold.ts: when payouts to a changed salary account wait, for any order of change, confirmation, stop
// and clock.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isBankDay } from './bank-days.ts';
import { expectedPayoutDate } from './payout-schedule.ts';
import { coolingOffEnd, earliestPayoutDayAfterHold, expectedPayoutDateUnderHold, payoutHoldAt } from './payout-hold.ts';

const HOUR = 3_600_000;
const instant = fc.date({
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('payoutHoldAt', () => {
  it('holds nothing without a change, or for a change that holds nothing (a first registration)', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    assert.equal(payoutHoldAt(null, now), null);
    assert.equal(payoutHoldAt({ holdUntil: null, confirmedAt: null, stoppedAt: null }, now), null);
  });

  it('a change waits until its period ends, to the millisecond, then pays', () => {
    const until = new Date('2026-11-28T12:00:00Z');
    const change = { holdUntil: until, confirmedAt: null, stoppedAt: null };
    assert.deepEqual(payoutHoldAt(change, new Date(until.getTime() - 1)), { state: 'cooling_off', until });
    assert.equal(payoutHoldAt(change, until), null);
  });

  it('for any clock: a stop holds for ever, a confirmation releases, else the period decides', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: -48, max: 48 }),
        fc.boolean(),
        fc.boolean(),
        (now, hoursLeft, confirmed, stopped) => {
          const holdUntil = new Date(now.getTime() + hoursLeft * HOUR);
          const hold = payoutHoldAt(
            { holdUntil, confirmedAt: confirmed ? now : null, stoppedAt: stopped ? now : null },
            now,
          );
          if (stopped) assert.deepEqual(hold, { state: 'stopped' });
          else if (confirmed || hoursLeft <= 0) assert.equal(hold, null);
          else assert.deepEqual(hold, { state: 'cooling_off', until: holdUntil });
        },
      ),
    );
  });
});

describe('coolingOffEnd', () => {
  it('is the setting’s 24 hours after the change, across the change to summer time too', () => {
    assert.equal(coolingOffEnd(new Date('2026-11-27T13:05:00Z')).toISOString(), '2026-11-28T13:05:00.000Z');
    // Sweden moves to summer time in the night to 29 Mar 2026: 24 real hours, 25 on the wall clock.
    assert.equal(coolingOffEnd(new Date('2026-03-28T12:00:00Z')).toISOString(), '2026-03-29T12:00:00.000Z');
  });
});

describe('earliestPayoutDayAfterHold', () => {
  it('is a bank day after the Swedish day the hold ends, never the same day', () => {
    fc.assert(
      fc.property(instant, (until) => {
        const day = earliestPayoutDayAfterHold(until);
        const swedishDay = until.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
        assert.ok(isBankDay(day));
        assert.ok(day > swedishDay, `${day} after ${swedishDay}`);
      }),
    );
    // 23:30 UTC on Friday 27 Nov 2026 is already Saturday in Sweden: the next bank day is Monday.
    assert.equal(earliestPayoutDayAfterHold(new Date('2026-11-27T23:30:00Z')), '2026-11-30');
  });
});

describe('expectedPayoutDateUnderHold', () => {
  it('is the usual day without a hold, none while stopped, and never before the hold ends', () => {
    const day = fc.date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2027-12-01T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        fc.constantFrom('payout_monthly' as const, 'payout_immediate' as const),
        day,
        day,
        (preference, registered, until) => {
          const registeredOn = registered.toISOString().slice(0, 10);
          const firstOpen = earliestPayoutDayAfterHold(registered);
          const usual = expectedPayoutDate(preference, registeredOn, firstOpen);
          assert.equal(expectedPayoutDateUnderHold(preference, registeredOn, firstOpen, null), usual);
          assert.equal(expectedPayoutDateUnderHold(preference, registeredOn, firstOpen, { state: 'stopped' }), null);
          const held = expectedPayoutDateUnderHold(preference, registeredOn, firstOpen, {
            state: 'cooling_off',
            until,
          });
          assert.ok(held !== null && held >= usual && held >= earliestPayoutDayAfterHold(until));
          assert.ok(held === usual || held === earliestPayoutDayAfterHold(until));
        },
      ),
    );
  });
});
