import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoney } from './money.ts';

test('amounts read the way each language writes them, credit invoices with a minus', () => {
  assert.equal(formatMoney(1234550, 'SEK', 'sv'), '12\u00a0345,50\u00a0kr');
  assert.equal(formatMoney(1234550, 'SEK', 'en'), 'SEK\u00a012,345.50');
  assert.equal(formatMoney(-50000, 'EUR', 'sv'), '−500,00\u00a0EUR');
  assert.equal(formatMoney(5, 'SEK', 'en'), 'SEK\u00a00.05');
});
