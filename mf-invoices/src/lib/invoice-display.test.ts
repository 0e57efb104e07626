import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDay, formatMoney, invoiceState, INVOICE_STATES } from './invoice-display.ts';

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

test('money keeps every öre and says its currency in the language of the page', () => {
  assert.equal(formatMoney(123456789, 'SEK', 'sv'), '1\u00a0234\u00a0567,89\u00a0kr');
  assert.equal(formatMoney(5, 'EUR', 'sv'), '0,05\u00a0EUR');
  assert.equal(formatMoney(123456789, 'SEK', 'en'), 'SEK\u00a01,234,567.89');
  assert.equal(formatMoney(-1000, 'USD', 'en'), '−USD\u00a010.00');
});

test('a calendar day stays the same day in any time zone', () => {
  assert.equal(formatDay('2026-01-31', 'en'), '31 Jan 2026');
  assert.match(formatDay('2026-01-31', 'sv'), /^31 jan\.? 2026$/);
});
