// Tests for e-invoice-wait.ts: a wait for the customer's e-invoice acceptance counted in Swedish bank days.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isBankDay } from './bank-days.ts';
import { addBankDays, bankDaysBetween, eInvoiceWait } from './e-invoice-wait.ts';

const day = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('bankDaysBetween and addBankDays', () => {
  it('count the bank days after the first day, written out by hand around weekends and Christmas', () => {
    // Friday 27 Nov 2026 → Monday 30 Nov: one bank day.
    assert.equal(bankDaysBetween('2026-11-27', '2026-11-30'), 1);
    assert.equal(bankDaysBetween('2026-11-27', '2026-11-29'), 0);
    assert.equal(bankDaysBetween('2026-11-27', '2026-11-27'), 0);
    assert.equal(bankDaysBetween('2026-11-30', '2026-11-27'), 0);
    // Tuesday 22 Dec 2026: 23 Dec is a bank day; 24, 25 (Christmas), 26–27 (weekend), 28, 29, 30, 31 (eve closed).
    assert.equal(bankDaysBetween('2026-12-22', '2026-12-31'), 4);
    assert.equal(addBankDays('2026-12-22', 3), '2026-12-29');
    assert.equal(addBankDays('2026-11-27', 3), '2026-12-02');
    assert.equal(addBankDays('2026-11-27', 0), '2026-11-27');
  });

  it('agree with each other for any day and count', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 30 }), (from, n) => {
        const to = addBankDays(from, n);
        assert.equal(bankDaysBetween(from, to), n);
        if (n > 0) assert.ok(isBankDay(to));
        // The day before the n-th bank day still counts one fewer.
        if (n > 0) {
          const before = new Date(`${to}T00:00:00Z`);
          before.setUTCDate(before.getUTCDate() - 1);
          assert.equal(bankDaysBetween(from, before.toISOString().slice(0, 10)), n - 1);
        }
      }),
    );
  });
});

describe('eInvoiceWait', () => {
  it('reaches the limit (3 bank days) on the third bank day after the wait began, not before', () => {
    assert.deepEqual(eInvoiceWait('2026-11-27', '2026-12-01'), {
      bankDaysWaited: 2,
      limitBankDays: 3,
      limitReachedOn: '2026-12-02',
      limitReached: false,
    });
    assert.equal(eInvoiceWait('2026-11-27', '2026-12-02').limitReached, true);
    assert.equal(eInvoiceWait('2026-11-27', '2026-12-02').bankDaysWaited, 3);
  });

  it('says the limit is reached exactly when the bank days waited reach it, for any start and any day seen', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 40 }), (since, after) => {
        const seen = new Date(`${since}T00:00:00Z`);
        seen.setUTCDate(seen.getUTCDate() + after);
        const wait = eInvoiceWait(since, seen.toISOString().slice(0, 10));
        assert.equal(wait.limitReached, wait.bankDaysWaited >= wait.limitBankDays);
      }),
    );
  });
});
