import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDay, invoiceState, INVOICE_STATES } from './invoice-display.ts';

test('the number and the name together tell every one of the twelve states apart', () => {
  const pairs: [number, string][] = [
    [1, 'drafted'],
    [7, 'drafted'],
    [-1, 'need_admin_approval'],
    [2, 'quoted'],
    [2, 'sending'],
    [-2, 'sending'],
    [-3, 'failed'],
    [3, 'sent'],
    [4, 'partially_paid'],
    [5, 'paid'],
    [6, 'credited'],
    [0, 'deleted'],
  ];
  assert.deepEqual(
    pairs.map(([status, name]) => invoiceState(status, name)),
    [...INVOICE_STATES],
  );
});

test('a calendar day stays the same day in any time zone', () => {
  assert.equal(formatDay('2026-01-31', 'en'), '31 Jan 2026');
  assert.match(formatDay('2026-01-31', 'sv'), /^31 jan\.? 2026$/);
});
