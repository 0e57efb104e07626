// Tests for bank-days.ts against a list written out by hand from the official Swedish holiday calendar (lag (1989:253)
// om allmänna helgdagar, plus the eves the banks close), not from the library.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bankDayOnOrAfter,
  closedWeekdays,
  immediatePayoutDate,
  isBankDay,
  monthlyPayoutDate,
  monthlyPayoutDateOf,
  nextBankDay,
  payoutDate,
} from './bank-days.ts';

// Every Monday–Friday the banks are closed. Easter Sunday: 20 Apr 2025, 5 Apr 2026, 28 Mar 2027.
const CLOSED_WEEKDAYS: Record<number, string[]> = {
  2025: [
    '2025-01-01', // New Year's Day (Wed)
    '2025-01-06', // Epiphany (Mon)
    '2025-04-18', // Good Friday
    '2025-04-21', // Easter Monday
    '2025-05-01', // May Day (Thu)
    '2025-05-29', // Ascension Day (Easter + 39)
    '2025-06-06', // National Day (Fri)
    '2025-06-20', // Midsummer Eve (Fri)
    '2025-12-24', // Christmas Eve (Wed)
    '2025-12-25', // Christmas Day
    '2025-12-26', // Boxing Day
    '2025-12-31', // New Year's Eve (Wed)
    // Weekend: Midsummer Day 21 Jun, All Saints' Day 1 Nov, Whit Sunday 8 Jun.
  ],
  2026: [
    '2026-01-01', // Thu
    '2026-01-06', // Tue
    '2026-04-03', // Good Friday
    '2026-04-06', // Easter Monday
    '2026-05-01', // Fri
    '2026-05-14', // Ascension Day
    '2026-06-19', // Midsummer Eve
    '2026-12-24', // Thu
    '2026-12-25', // Fri
    '2026-12-31', // Thu
    // Weekend: National Day 6 Jun (Sat), Midsummer Day 20 Jun, All Saints' Day 31 Oct, Boxing Day 26 Dec.
  ],
  2027: [
    '2027-01-01', // Fri
    '2027-01-06', // Wed
    '2027-03-26', // Good Friday
    '2027-03-29', // Easter Monday
    '2027-05-06', // Ascension Day
    '2027-06-25', // Midsummer Eve
    '2027-12-24', // Fri
    '2027-12-31', // Fri
    // Weekend: May Day (Sat), National Day (Sun), Midsummer Day 26 Jun, All Saints' Day 6 Nov, 25–26 Dec.
  ],
};

/** Half days and former holidays the banks keep open. */
const OPEN_WEEKDAYS = [
  '2026-01-05', // day before Epiphany
  '2027-01-05',
  '2025-04-17', // Maundy Thursday
  '2026-04-02',
  '2027-03-25',
  '2025-04-30', // Walpurgis night
  '2026-04-30',
  '2027-04-30',
  '2025-10-31', // day before All Saints' Day
  '2026-10-30',
  '2027-11-05',
  '2025-06-09', // Whit Monday, no longer a holiday since 2005
  '2026-05-25',
  '2025-11-06', // Gustavus Adolphus Day, a flag day only
];

function everyDay(year: number): string[] {
  const days: string[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

describe('bank days 2025–2027', () => {
  for (const year of [2025, 2026, 2027]) {
    it(`closes exactly the hand-listed weekdays in ${year}`, () => {
      assert.deepEqual(closedWeekdays(year), CLOSED_WEEKDAYS[year]);
    });

    it(`is open on every other weekday of ${year} and closed on weekends`, () => {
      const closed = new Set(CLOSED_WEEKDAYS[year]);
      for (const day of everyDay(year)) {
        const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
        const expected = weekday !== 0 && weekday !== 6 && !closed.has(day);
        assert.equal(isBankDay(day), expected, day);
      }
    });
  }

  it('keeps the half days open', () => {
    for (const day of OPEN_WEEKDAYS) {
      assert.equal(isBankDay(day), true, day);
    }
  });

  it('takes a Date as its Swedish day', () => {
    // 23:30 UTC on 23 Dec 2025 is already Christmas Eve in Stockholm.
    assert.equal(isBankDay(new Date('2025-12-23T23:30:00Z')), false);
    assert.equal(isBankDay(new Date('2025-12-23T22:30:00Z')), true);
  });
});

describe('next bank day', () => {
  it('skips weekends, holidays and eves', () => {
    assert.equal(nextBankDay('2025-12-23'), '2025-12-29');
    assert.equal(nextBankDay('2026-04-02'), '2026-04-07');
    assert.equal(nextBankDay('2026-06-18'), '2026-06-22');
    assert.equal(nextBankDay('2027-12-30'), '2028-01-03');
    assert.equal(nextBankDay('2026-05-20'), '2026-05-21');
    assert.equal(bankDayOnOrAfter('2026-05-20'), '2026-05-20');
    assert.equal(bankDayOnOrAfter('2026-01-04'), '2026-01-05');
  });
});

describe('payout dates', () => {
  it('monthly: the 20th, or the next bank day', () => {
    assert.equal(monthlyPayoutDateOf(2026, 5), '2026-05-20'); // Wed
    assert.equal(monthlyPayoutDateOf(2025, 6), '2025-06-23'); // 20th is Midsummer Eve
    assert.equal(monthlyPayoutDateOf(2025, 12), '2025-12-22'); // Sat → Mon
    assert.equal(monthlyPayoutDateOf(2026, 6), '2026-06-22'); // Sat → Mon
    assert.equal(monthlyPayoutDateOf(2026, 12), '2026-12-21'); // Sun → Mon
    assert.equal(monthlyPayoutDateOf(2027, 3), '2027-03-22'); // Sat → Mon
  });

  it('monthly: registered before the month’s payout date → that date; on or after → next month’s', () => {
    assert.equal(monthlyPayoutDate('2026-05-01'), '2026-05-20');
    assert.equal(monthlyPayoutDate('2026-05-19'), '2026-05-20');
    assert.equal(monthlyPayoutDate('2026-05-20'), '2026-06-22');
    assert.equal(monthlyPayoutDate('2026-05-31'), '2026-06-22');
    assert.equal(monthlyPayoutDate('2025-12-21'), '2025-12-22'); // the 20th was a Saturday: still this month
    assert.equal(monthlyPayoutDate('2025-12-22'), '2026-01-20');
    assert.equal(monthlyPayoutDate('2026-12-31'), '2027-01-20');
  });

  it('immediate: the next bank day after the payment is registered, never the same day', () => {
    assert.equal(immediatePayoutDate('2026-05-20'), '2026-05-21');
    assert.equal(immediatePayoutDate('2026-01-05'), '2026-01-07');
    assert.equal(immediatePayoutDate('2026-01-04'), '2026-01-05');
    assert.equal(payoutDate('payout_immediate', '2025-12-23'), '2025-12-29');
    assert.equal(payoutDate('payout_monthly', '2025-12-23'), '2026-01-20');
  });
});
