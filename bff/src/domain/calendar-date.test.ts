// Unit tests for calendar-date.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  compareCalendarDates,
  daysInMonth,
  formatIsoDate,
  isLeapYear,
  isValidCalendarDate,
  parseIsoDate,
  swedishToday,
  toCalendarDate,
} from './calendar-date.ts';

describe('leap years and month lengths', () => {
  it('follows the Gregorian rules', () => {
    assert.equal(isLeapYear(2024), true);
    assert.equal(isLeapYear(2023), false);
    assert.equal(isLeapYear(2000), true);
    assert.equal(isLeapYear(1900), false);
    assert.equal(isLeapYear(2100), false);
    assert.equal(isLeapYear(1600), true);
  });

  it('knows the days of each month', () => {
    assert.deepEqual(
      Array.from({ length: 12 }, (_, i) => daysInMonth(2023, i + 1)),
      [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31],
    );
    assert.equal(daysInMonth(2024, 2), 29);
    assert.equal(daysInMonth(1900, 2), 28);
  });

  it('validates dates', () => {
    assert.equal(isValidCalendarDate(2024, 2, 29), true);
    assert.equal(isValidCalendarDate(2023, 2, 29), false);
    assert.equal(isValidCalendarDate(2023, 4, 31), false);
    assert.equal(isValidCalendarDate(2023, 13, 1), false);
    assert.equal(isValidCalendarDate(2023, 0, 1), false);
    assert.equal(isValidCalendarDate(2023, 1, 0), false);
    assert.equal(isValidCalendarDate(2023, 1.5, 1), false);
  });
});

describe('parseIsoDate and formatIsoDate', () => {
  it('parses strict YYYY-MM-DD real days', () => {
    assert.deepEqual(parseIsoDate('2024-02-29'), {
      year: 2024,
      month: 2,
      day: 29,
    });
    assert.equal(parseIsoDate('2023-02-29'), null);
    assert.equal(parseIsoDate('2023-2-01'), null);
    assert.equal(parseIsoDate('20230201'), null);
    assert.equal(parseIsoDate('2023-02-01T00:00:00Z'), null);
  });

  it('formats with zero padding', () => {
    assert.equal(formatIsoDate({ year: 1905, month: 3, day: 7 }), '1905-03-07');
  });

  it('compares dates', () => {
    const a = { year: 2024, month: 12, day: 31 };
    const b = { year: 2025, month: 1, day: 1 };
    assert.ok(compareCalendarDates(a, b) < 0);
    assert.ok(compareCalendarDates(b, a) > 0);
    assert.equal(compareCalendarDates(a, { ...a }), 0);
    assert.ok(compareCalendarDates({ year: 2025, month: 1, day: 2 }, b) > 0);
  });
});

describe('toCalendarDate', () => {
  it('takes a YYYY-MM-DD string as that day', () => {
    assert.deepEqual(toCalendarDate('2025-06-15'), {
      year: 2025,
      month: 6,
      day: 15,
    });
  });

  it('takes a Date as the day it is in Sweden (CET/CEST)', () => {
    assert.deepEqual(toCalendarDate(new Date('2024-12-31T23:30:00Z')), {
      year: 2025,
      month: 1,
      day: 1,
    });
    assert.deepEqual(toCalendarDate(new Date('2025-01-31T22:59:59Z')), {
      year: 2025,
      month: 1,
      day: 31,
    });
    assert.deepEqual(toCalendarDate(new Date('2025-01-31T23:00:00Z')), {
      year: 2025,
      month: 2,
      day: 1,
    });
    assert.deepEqual(toCalendarDate(new Date('2025-06-30T21:59:59Z')), {
      year: 2025,
      month: 6,
      day: 30,
    });
    assert.deepEqual(toCalendarDate(new Date('2025-06-30T22:00:00Z')), {
      year: 2025,
      month: 7,
      day: 1,
    });
  });

  it('takes an ISO date-time string like a Date', () => {
    assert.deepEqual(toCalendarDate('2024-12-31T23:30:00Z'), {
      year: 2025,
      month: 1,
      day: 1,
    });
    assert.deepEqual(toCalendarDate('2025-03-10T08:00:00+01:00'), {
      year: 2025,
      month: 3,
      day: 10,
    });
  });

  it('throws for values that are not dates', () => {
    assert.throws(() => toCalendarDate('2023-02-29'), RangeError);
    assert.throws(() => toCalendarDate('yesterday'), RangeError);
    assert.throws(() => toCalendarDate('06/15/2025'), RangeError);
    assert.throws(() => toCalendarDate(new Date('nonsense')), RangeError);
    assert.throws(() => toCalendarDate('2025-13-01T00:00:00Z'), RangeError);
  });
});

describe('swedishToday', () => {
  it('is the Swedish day of any instant, asked in any order (its cache of the last minute never answers for another)', () => {
    // Instants around the changes of summer time and midnight in Stockholm, and anywhere in 1970-2200.
    const edges = [
      Date.UTC(2026, 2, 29, 1),
      Date.UTC(2026, 9, 25, 1),
      Date.UTC(2026, 11, 31, 23),
      Date.UTC(2027, 0, 1),
    ];
    const instant = fc.oneof(
      fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }),
      fc.tuple(fc.constantFrom(...edges), fc.integer({ min: -120_000, max: 120_000 })).map(([at, ms]) => at + ms),
    );
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => {
        for (const at of instants)
          assert.equal(swedishToday(new Date(at)), formatIsoDate(toCalendarDate(new Date(at))));
      }),
      { numRuns: 2000 },
    );
  });

  it('a second before and at midnight in Stockholm are two days, in winter and in summer', () => {
    assert.equal(swedishToday(new Date('2026-12-31T22:59:59.999Z')), '2026-12-31');
    assert.equal(swedishToday(new Date('2026-12-31T23:00:00.000Z')), '2027-01-01');
    assert.equal(swedishToday(new Date('2026-06-30T21:59:59.999Z')), '2026-06-30');
    assert.equal(swedishToday(new Date('2026-06-30T22:00:00.000Z')), '2026-07-01');
    assert.throws(() => swedishToday(new Date(Number.NaN)), RangeError);
  });
});
