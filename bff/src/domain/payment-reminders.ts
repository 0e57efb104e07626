// Payment reminders (betalningspåminnelser): when an unpaid invoice's reminders are due, and what fee one may carry
// (docs/product/payments.md#payment-reminders; decision 0034).
//
// - The freelancer chooses per invoice (the profile gives the default): no reminders, or reminders 7 or 14 days apart.
//   With N days: the first reminder N days after the due date, the second N days after that, and never sooner than N
//   days after the first was actually sent (a run that missed days sends the first, and the second waits its N days).
//   Two at most; after that the freelancer decides (a collection agency is not part of the product).
// - A reminder fee only when the invoice stated it before the debt was due (it says "Påminnelseavgift 60 kr tas ut vid
//   påminnelse"), at most what the law allows (rates.ts REMINDER_FEE_MAX, 60 kr), in SEK, and charged with the first
//   reminder only: the act caps the compensation for a written reminder, and a creditor who charges it once is never
//   the one who charged too much.
import { parseIsoDate } from './calendar-date.ts';
import { datedValueAt } from './dated-table.ts';
import { REMINDER_FEE_MAX } from './rates.ts';

/** Days between the due date and the first reminder, and between reminders. */
export const REMINDER_INTERVALS = [7, 14] as const;
export type ReminderInterval = (typeof REMINDER_INTERVALS)[number];
export const MAX_REMINDERS = 2;

export function isReminderInterval(value: unknown): value is ReminderInterval {
  return (REMINDER_INTERVALS as readonly unknown[]).includes(value);
}

/** A reminder already sent: its number and the Swedish day it was made. */
export interface SentReminder {
  readonly sequence: number;
  readonly sentOn: string;
}

export interface ReminderDue {
  readonly sequence: 1 | 2;
  /** The first day it may be sent. */
  readonly dueOn: string;
}

const DAY_MS = 86_400_000;

function plusDays(iso: string, days: number): string {
  const day = parseIsoDate(iso);
  if (!day) throw new RangeError(`Not a date: ${iso}`);
  return new Date(Date.UTC(day.year, day.month - 1, day.day) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The next reminder of an unpaid invoice and the first day it may be sent, or null when there is none (reminders off,
 * or both sent). Whether it is due is `nextReminder(...)?.dueOn <= today`.
 */
export function nextReminder(input: {
  dueDate: string;
  interval: ReminderInterval | null;
  sent: readonly SentReminder[];
}): ReminderDue | null {
  const { dueDate, interval, sent } = input;
  if (interval === null) return null;
  const sequence = sent.length + 1;
  if (sequence > MAX_REMINDERS) return null;
  let dueOn = plusDays(dueDate, sequence * interval);
  const previous = sent.find((reminder) => reminder.sequence === sequence - 1);
  if (previous) {
    const afterPrevious = plusDays(previous.sentOn, interval);
    if (afterPrevious > dueOn) dueOn = afterPrevious;
  }
  return { sequence: sequence as 1 | 2, dueOn };
}

/** The reminder due on `today`, or null. */
export function reminderDueOn(input: {
  dueDate: string;
  interval: ReminderInterval | null;
  sent: readonly SentReminder[];
  today: string;
}): ReminderDue | null {
  const next = nextReminder(input);
  return next && next.dueOn <= input.today ? next : null;
}

/** The largest reminder fee an invoice dated `invoiceDate` may state (SEK öre). */
export function maxReminderFee(invoiceDate: string): number {
  return datedValueAt(REMINDER_FEE_MAX, invoiceDate);
}

/** The fee a reminder charges: the invoice's stated fee with the first reminder, nothing with a later one. */
export function reminderFeeCharged(sequence: number, statedFee: number | null): number {
  return sequence === 1 && statedFee !== null ? statedFee : 0;
}
