// Tests for payment-reminders.ts: when a reminder is due, over every lateness and every history a run can meet.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  maxReminderFee,
  nextReminder,
  reminderDueOn,
  reminderFeeCharged,
  REMINDER_INTERVALS,
  type SentReminder,
} from './payment-reminders.ts';

const DAY_MS = 86_400_000;
const plus = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe('payment reminders', () => {
  it('off: never a reminder', () => {
    assert.equal(nextReminder({ dueDate: '2026-03-01', interval: null, sent: [] }), null);
  });

  it('every 7 days: the first 7 days after the due date, the second 7 days after it', () => {
    assert.deepEqual(nextReminder({ dueDate: '2026-03-01', interval: 7, sent: [] }), {
      sequence: 1,
      dueOn: '2026-03-08',
    });
    assert.equal(reminderDueOn({ dueDate: '2026-03-01', interval: 7, sent: [], today: '2026-03-07' }), null);
    assert.deepEqual(
      reminderDueOn({
        dueDate: '2026-03-01',
        interval: 7,
        sent: [{ sequence: 1, sentOn: '2026-03-08' }],
        today: '2026-03-15',
      }),
      { sequence: 2, dueOn: '2026-03-15' },
    );
    assert.equal(
      nextReminder({
        dueDate: '2026-03-01',
        interval: 7,
        sent: [
          { sequence: 1, sentOn: '2026-03-08' },
          { sequence: 2, sentOn: '2026-03-15' },
        ],
      }),
      null,
    );
  });

  it('a first reminder sent late keeps the second its full interval after it', () => {
    // 40 days late before reminders ran: the first goes now, the second 14 days later, not tomorrow.
    assert.deepEqual(
      nextReminder({ dueDate: '2026-03-01', interval: 14, sent: [{ sequence: 1, sentOn: '2026-04-10' }] }),
      { sequence: 2, dueOn: '2026-04-24' },
    );
  });

  it('over any lateness and any daily runs: each reminder once, in order, at least the interval apart', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REMINDER_INTERVALS),
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 60 }),
        (interval, lateAtStart, gaps) => {
          const dueDate = '2026-05-01';
          let today = plus(dueDate, lateAtStart);
          const sent: SentReminder[] = [];
          for (const gap of gaps) {
            const due = reminderDueOn({ dueDate, interval, sent, today });
            if (due) {
              assert.equal(due.sequence, sent.length + 1);
              sent.push({ sequence: due.sequence, sentOn: today });
            }
            // A run on the same day again (another process, a retry) finds nothing more due.
            if (due) assert.equal(reminderDueOn({ dueDate, interval, sent, today }), null);
            today = plus(today, gap);
          }
          assert.ok(sent.length <= 2);
          if (sent[0]) assert.ok(sent[0].sentOn >= plus(dueDate, interval));
          if (sent[1]) {
            assert.ok(sent[1].sentOn >= plus(dueDate, 2 * interval));
            assert.ok(sent[1].sentOn >= plus(sent[0]!.sentOn, interval));
          }
        },
      ),
    );
  });

  it('the fee: the stated fee with the first reminder only, at most 60 kr', () => {
    assert.equal(reminderFeeCharged(1, 6_000), 6_000);
    assert.equal(reminderFeeCharged(2, 6_000), 0);
    assert.equal(reminderFeeCharged(1, null), 0);
    assert.equal(maxReminderFee('2026-11-27'), 6_000);
    assert.throws(() => maxReminderFee('2013-03-15'), RangeError);
  });
});
