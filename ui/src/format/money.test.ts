import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatMoney } from './money.ts';

test('one money format per language: "1 234,50 kr" / "12,00 EUR" in Swedish, "SEK 1,234.50" in English', () => {
  assert.equal(formatMoney(2477443, 'SEK', 'sv'), '24\u00a0774,43\u00a0kr');
  assert.equal(formatMoney(2477443, 'SEK', 'en'), 'SEK\u00a024,774.43');
  assert.equal(formatMoney(2090000, 'sek', 'en'), 'SEK\u00a020,900.00');
  assert.equal(formatMoney(1200, 'EUR', 'sv'), '12,00\u00a0EUR');
  assert.equal(formatMoney(1200, 'EUR', 'en'), 'EUR\u00a012.00');
  assert.equal(formatMoney(-5, 'SEK', 'en'), '−SEK\u00a00.05');
  assert.equal(formatMoney(-5, 'SEK', 'sv'), '−0,05\u00a0kr');
});

test('every amount keeps its öre and its currency on the side the language puts it', () => {
  fc.assert(
    fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom('SEK', 'EUR', 'USD'), (minor, currency) => {
      const sv = formatMoney(minor, currency, 'sv');
      const en = formatMoney(minor, currency, 'en');
      assert.equal(Number(sv.replace(/\D/g, '')), Math.abs(minor));
      assert.equal(Number(en.replace(/\D/g, '')), Math.abs(minor));
      assert.ok(sv.endsWith(currency === 'SEK' ? '\u00a0kr' : `\u00a0${currency}`), sv);
      assert.ok(en.replace('−', '').startsWith(`${currency}\u00a0`), en);
    }),
  );
});
