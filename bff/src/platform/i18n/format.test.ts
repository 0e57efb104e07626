// One money and day format per language in the emails (the web app's, ui/src/format/money.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatDay, formatMoney } from './format.ts';

test('money reads "1 234,50 kr" in Swedish and "SEK 1,234.50" in English, other currencies by their code', () => {
  assert.equal(formatMoney(123450, 'SEK', 'sv'), '1\u00a0234,50\u00a0kr');
  assert.equal(formatMoney(123450, 'SEK', 'en'), 'SEK\u00a01,234.50');
  assert.equal(formatMoney(1200, 'eur', 'sv'), '12,00\u00a0EUR');
  assert.equal(formatMoney(2477443, 'SEK', 'en'), 'SEK\u00a024,774.43');
  assert.equal(formatMoney(-5, 'SEK', 'en'), '−SEK\u00a00.05');
});

test('any amount keeps its öre exactly in both languages', () => {
  fc.assert(
    fc.property(fc.integer({ min: -1e13, max: 1e13 }), (minor) => {
      const digits = (text: string) => text.replace(/\D/g, '');
      assert.equal(Number(digits(formatMoney(minor, 'SEK', 'sv'))), Math.abs(minor));
      assert.equal(Number(digits(formatMoney(minor, 'SEK', 'en'))), Math.abs(minor));
    }),
  );
});

test('days read as the language writes them, never ISO, on the day given whatever the time zone', () => {
  assert.equal(formatDay('2026-12-02', 'sv'), '2 december 2026');
  assert.equal(formatDay('2026-12-02', 'en'), '2 December 2026');
  assert.equal(formatDay('2027-01-01', 'sv'), '1 januari 2027');
});
