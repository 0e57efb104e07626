import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { statusWords } from '@frilo/ui/salary-status';
import { payoutLines, type Row } from './payout-lines.ts';

const salary = (amount: number, expectedPayoutDate: string | null): Row => ({
  kind: 'salary',
  status: 'completed_invoice',
  expectedPayoutDate,
  payoutDate: null,
  amount,
});
const payout = (amount: number, status: Row['status'], day: string): Row => ({
  kind: 'payout',
  status,
  expectedPayoutDate: status === 'initiated' ? day : null,
  payoutDate: day,
  amount,
});

test('a payout on its way comes first, then the paid salaries by their payout day; the newest done payout last', () => {
  const lines = payoutLines(
    [salary(300_00, '2026-12-21'), salary(200_00, '2026-12-21'), salary(50_00, null)],
    [
      payout(800_00, 'initiated', '2026-12-02'),
      payout(700_00, 'completed_transaction', '2026-11-20'),
      payout(600_00, 'failed_after_complete', '2026-10-20'),
    ],
  );
  assert.deepEqual(
    lines.upcoming.map((line) => [statusWords(line.row), line.amount, line.salaries]),
    [
      [{ key: 'onItsWay', date: '2026-12-02' }, 800_00, null],
      [{ key: 'customerPaid', date: '2026-12-21' }, 500_00, 2],
      [{ key: 'customerPaidNoAccount', date: null }, 50_00, 1],
    ],
  );
  assert.deepEqual(statusWords(lines.latest!.row), { key: 'paidOut', date: '2026-11-20' });
  assert.equal(lines.latest!.amount, 700_00);
});

test('a payout the bank denied is what happened last; nothing paid means no lines', () => {
  const denied = payoutLines([salary(100_00, '2026-12-03')], [payout(100_00, 'failed_after_complete', '2026-12-02')]);
  assert.deepEqual(statusWords(denied.latest!.row), { key: 'denied', date: null });
  assert.deepEqual(payoutLines([], []), { upcoming: [], latest: null });
});

test('every salary waiting is counted once, to the öre, under its own payout day', () => {
  const day = fc.option(fc.constantFrom('2026-12-02', '2026-12-21', '2027-01-20'), { nil: null });
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), day), { maxLength: 30 }), (items) => {
      const lines = payoutLines(
        items.map(([amount, d]) => salary(amount, d)),
        [],
      ).upcoming;
      assert.equal(
        lines.reduce((sum, line) => sum + line.amount, 0),
        items.reduce((sum, [amount]) => sum + amount, 0),
      );
      assert.equal(
        lines.reduce((sum, line) => sum + line.salaries!, 0),
        items.length,
      );
      for (const line of lines) {
        const mine = items.filter(([, d]) => d === line.row.expectedPayoutDate);
        assert.equal(
          line.amount,
          mine.reduce((sum, [amount]) => sum + amount, 0),
        );
      }
      assert.equal(new Set(lines.map((line) => line.row.expectedPayoutDate)).size, lines.length);
    }),
  );
});
