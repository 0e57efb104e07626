// Calendar dates (a day without a time of day) and turning an injected "today" into the Swedish calendar day.

export type CalendarDate = {
  readonly year: number;
  readonly month: number;
  readonly day: number;
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;

const stockholmDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Stockholm',
  calendar: 'gregory',
  numberingSystem: 'latn',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    return isLeapYear(year) ? 29 : 28;
  }
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Parses a strict `YYYY-MM-DD` string that names a real day; null otherwise. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) {
    return null;
  }
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isValidCalendarDate(year, month, day) ? { year, month, day } : null;
}

export function formatIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Negative when `a` is before `b`, 0 on the same day, positive when after. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * The calendar day an injected "today"/"at" value stands for.
 * A `YYYY-MM-DD` string is taken as that day; a `Date` or an ISO date-time string is the day it falls on in Sweden
 * (Europe/Stockholm). This is program input, not user input: anything else throws a RangeError.
 */
export function toCalendarDate(value: Date | string): CalendarDate {
  if (typeof value === 'string') {
    const date = parseIsoDate(value);
    if (date) {
      return date;
    }
    if (!ISO_DATE_TIME.test(value)) {
      throw new RangeError(`Not an ISO date or date-time: ${value}`);
    }
    return toCalendarDate(new Date(value));
  }
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new RangeError('Invalid Date');
  }
  const parts = stockholmDay.formatToParts(value);
  const part = (type: 'year' | 'month' | 'day'): number => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * The minute (since the epoch) `swedishToday` last worked out, and its day. Sweden's offsets from UTC are whole hours,
 * so its days begin at the start of a minute: every instant of one minute falls on the same day. Asked for several
 * times a request, the day costs Intl's formatting once a minute instead of at every call.
 */
let lastMinute = Number.NaN;
let lastDay = '';

/** Today in Sweden as `YYYY-MM-DD`: work it out once per request and pass it to every evaluation. */
export function swedishToday(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = formatIsoDate(toCalendarDate(now));
    lastMinute = minute;
  }
  return lastDay;
}
