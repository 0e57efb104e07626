// Swedish bank days and the payout dates built on them.
//
// A bank day is Monday–Friday except Swedish public holidays (lag (1989:253) om allmänna helgdagar, from the maintained
// `date-holidays` data) and the eves the banks keep closed: midsummer eve, Christmas eve and New Year's eve (added here
// ourselves, whatever the library calls them). The half days — the day before Epiphany, Maundy Thursday, Walpurgis
// night, the day before All Saints' Day — are bank days: the library marks them "optional" and they are not used.
// Tested against a list of closed days written out by hand (bank-days.test.ts).
//
// Payout dates (docs/product/domain-rules.md#payout-dates-and-bank-days):
// - payout_monthly: the month's payout date is the 20th, or the next bank day when the 20th is not one. The cut-off is
//   that payout date itself: a salary registered before it leaves that day; one registered on or after it (the batch of
//   that day is already being made) leaves on the next month's payout date.
// - payout_immediate and a manual payout: the next bank day after the day the payment is registered (never the same
//   day, even a bank day: the payout file goes to the bank in the night batch).
// - A date on a non-bank day moves to the next bank day (this product's rule; Swedish payday custom moves it earlier).

import Holidays from 'date-holidays';
import { formatIsoDate, toCalendarDate } from './calendar-date.ts';
import type { CalendarDate } from './calendar-date.ts';

const swedishHolidays = new Holidays('SE');
const closedDaysByYear = new Map<number, ReadonlySet<string>>();

function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

function weekday(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Midsummer eve: the Friday between 19 and 25 June. */
export function midsummerEve(year: number): string {
  for (let day = 19; day <= 25; day++) {
    if (weekday({ year, month: 6, day }) === 5) {
      return formatIsoDate({ year, month: 6, day });
    }
  }
  throw new Error('unreachable: every 7 days hold a Friday');
}

/** Every closed holiday or eve of `year` as `YYYY-MM-DD`, weekend ones included. */
function closedDaysSet(year: number): ReadonlySet<string> {
  let days = closedDaysByYear.get(year);
  if (!days) {
    const set = new Set<string>();
    for (const holiday of swedishHolidays.getHolidays(year)) {
      if (holiday.type === 'public' || holiday.type === 'bank') {
        set.add(holiday.date.slice(0, 10));
      }
    }
    set.add(midsummerEve(year));
    set.add(`${year}-12-24`);
    set.add(`${year}-12-31`);
    days = set;
    closedDaysByYear.set(year, days);
  }
  return days;
}

function isBankCalendarDay(date: CalendarDate): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !closedDaysSet(date.year).has(formatIsoDate(date));
}

/** Monday–Friday days of `year` the banks are closed, sorted. */
export function closedWeekdays(year: number): string[] {
  return [...closedDaysSet(year)]
    .filter((iso) => {
      const day = weekday(toCalendarDate(iso));
      return day !== 0 && day !== 6;
    })
    .sort();
}

/** Whether `date` (a `YYYY-MM-DD` day, or a `Date` taken as its Swedish day) is a Swedish bank day. */
export function isBankDay(date: Date | string): boolean {
  return isBankCalendarDay(toCalendarDate(date));
}

/** `date` itself when it is a bank day, else the next one. */
export function bankDayOnOrAfter(date: Date | string): string {
  let day = toCalendarDate(date);
  while (!isBankCalendarDay(day)) {
    day = addDays(day, 1);
  }
  return formatIsoDate(day);
}

/** The last bank day strictly before `date`. */
export function previousBankDay(date: Date | string): string {
  let day = addDays(toCalendarDate(date), -1);
  while (!isBankCalendarDay(day)) {
    day = addDays(day, -1);
  }
  return formatIsoDate(day);
}

/** The first bank day strictly after `date`. */
export function nextBankDay(date: Date | string): string {
  return bankDayOnOrAfter(formatIsoDate(addDays(toCalendarDate(date), 1)));
}

/** The monthly payout date of a month: the 20th, or the next bank day. */
export function monthlyPayoutDateOf(year: number, month: number): string {
  return bankDayOnOrAfter(formatIsoDate({ year, month, day: 20 }));
}

/** payout_monthly: when a salary registered on `registeredOn` leaves (see the cut-off above). */
export function monthlyPayoutDate(registeredOn: Date | string): string {
  const day = toCalendarDate(registeredOn);
  const thisMonth = monthlyPayoutDateOf(day.year, day.month);
  if (formatIsoDate(day) < thisMonth) {
    return thisMonth;
  }
  return day.month === 12 ? monthlyPayoutDateOf(day.year + 1, 1) : monthlyPayoutDateOf(day.year, day.month + 1);
}

/** payout_immediate (and a manual payout): the next bank day after the payment is registered. */
export function immediatePayoutDate(registeredOn: Date | string): string {
  return nextBankDay(registeredOn);
}

export type PayoutPreference = 'payout_monthly' | 'payout_immediate';

export function payoutDate(preference: PayoutPreference, registeredOn: Date | string): string {
  return preference === 'payout_monthly' ? monthlyPayoutDate(registeredOn) : immediatePayoutDate(registeredOn);
}
