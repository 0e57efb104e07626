// Tests for payout-schedule.ts: which batch takes a salary, checked against bank-days.ts's payout dates day by day.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isBankDay, nextBankDay, payoutDate, type PayoutPreference } from './bank-days.ts';
import { batchCutoffs, expectedPayoutDate, isDueInBatch, monthlyPayoutDateOnOrBefore } from './payout-schedule.ts';

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

describe('monthlyPayoutDateOnOrBefore', () => {
  it('is this month’s payout date from that day on, else last month’s', () => {
    // 20 Dec 2026 is a Sunday: December's payout date is Monday 21 Dec.
    assert.equal(monthlyPayoutDateOnOrBefore('2026-12-20'), '2026-11-20');
    assert.equal(monthlyPayoutDateOnOrBefore('2026-12-21'), '2026-12-21');
    assert.equal(monthlyPayoutDateOnOrBefore('2027-01-19'), '2026-12-21');
    assert.equal(monthlyPayoutDateOnOrBefore('2027-01-20'), '2027-01-20');
  });
});

describe('batchCutoffs', () => {
  it('refuses a day that is not a bank day (a weekend, midsummer eve)', () => {
    assert.throws(() => batchCutoffs('2026-11-21'), RangeError);
    assert.throws(() => batchCutoffs('2026-06-19'), RangeError);
    assert.deepEqual(batchCutoffs('2026-11-23'), {
      immediateRegisteredBefore: '2026-11-23',
      monthlyRegisteredBefore: '2026-11-20',
    });
  });
});

describe('isDueInBatch agrees with the payout dates of bank-days.ts', () => {
  // Every registration day of 2025–2027 against every bank day from it up to 40 days on: the first batch that takes the
  // salary is its payout date, and every later batch takes it too (a missed batch delays, never skips).
  const preferences: PayoutPreference[] = ['payout_immediate', 'payout_monthly'];
  for (const preference of preferences) {
    it(preference, () => {
      for (const registered of days('2025-01-01', '2027-11-30')) {
        const due = payoutDate(preference, registered);
        let batch = nextBankDay(registered);
        for (let i = 0; i < 30; i++, batch = nextBankDay(batch)) {
          assert.equal(isDueInBatch(preference, registered, batch), batch >= due, `${registered} in ${batch}`);
        }
      }
    });
  }

  it('a salary is never due in the batch of the day it was registered', () => {
    for (const day of days('2026-01-01', '2026-12-31').filter((d) => isBankDay(d))) {
      assert.equal(isDueInBatch('payout_immediate', day, day), false);
      assert.equal(isDueInBatch('payout_monthly', day, day), false);
    }
  });
});

describe('expectedPayoutDate', () => {
  it('is the payout date, or the first batch still to be made when that date has passed', () => {
    assert.equal(expectedPayoutDate('payout_monthly', '2026-11-03', '2026-11-04'), '2026-11-20');
    assert.equal(expectedPayoutDate('payout_immediate', '2026-11-20', '2026-11-23'), '2026-11-23');
    // Registered before October's payout date but never paid (no bank details): the next batch.
    assert.equal(expectedPayoutDate('payout_monthly', '2026-10-05', '2026-11-24'), '2026-11-24');
  });
});
