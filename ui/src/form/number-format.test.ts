import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatAmount, formatRate, parseAmount, parseDecimal, parseRate } from './number-format.ts';

const amount = (text: string, locale: 'sv' | 'en') => {
  const parsed = parseAmount(text, locale);
  return parsed.ok ? parsed.value : parsed.issue.code;
};

test('Swedish amounts: space groups, comma decimals, and a plain point is a decimal point too', () => {
  assert.equal(amount('1 234,50', 'sv'), 123450);
  assert.equal(amount('1\u00a0234,5', 'sv'), 123450);
  assert.equal(amount('1\u202f234\u202f567,89', 'sv'), 123456789);
  assert.equal(amount('1234,5', 'sv'), 123450);
  assert.equal(amount('1234.5', 'sv'), 123450);
  assert.equal(amount('1234', 'sv'), 123400);
  assert.equal(amount(',5', 'sv'), 50);
  // A lone comma is the decimal comma: three decimals are more than an amount has.
  assert.equal(amount('1,234', 'sv'), 'invalid_precision');
});

test('English amounts: comma groups, point decimals', () => {
  assert.equal(amount('1,234.50', 'en'), 123450);
  assert.equal(amount('1234.5', 'en'), 123450);
  assert.equal(amount('1,234', 'en'), 123400);
  assert.equal(amount('1,234,567.89', 'en'), 123456789);
  // One comma not followed by three digits can only be a decimal comma.
  assert.equal(amount('12,5', 'en'), 1250);
});

test('both marks: the last one is the decimal mark, whichever language the page speaks', () => {
  assert.equal(amount('1.234,50', 'en'), 123450);
  assert.equal(amount('1,234.50', 'sv'), 123450);
});

test('what cannot be read is refused, never guessed', () => {
  for (const text of ['12,34.5', '1 23,5', 'abc', '1,2,3', '12kr', '--5', '.', '1.2.3,4,5']) {
    assert.equal(amount(text, 'en'), 'not_a_number', text);
  }
  assert.equal(amount('  ', 'sv'), 'required');
});

test('amounts are exact: no rounding, no floating point', () => {
  assert.equal(amount('0,1', 'sv'), 10);
  assert.equal(amount('0.29', 'en'), 29);
  assert.equal(amount('19.999', 'en'), 'invalid_precision');
  assert.equal(amount('19.990', 'en'), 1999);
  assert.equal(amount('90071992547410,00', 'sv'), 'too_large');
  assert.equal(amount('-5', 'sv'), 'too_small');
  const refund = parseAmount('−12,50', 'sv', { min: -100000 });
  assert.deepEqual(refund, { ok: true, value: -1250 });
});

test('a bound names its limit the way the language writes amounts', () => {
  const over = parseAmount('2 000', 'sv', { max: 100000 });
  assert.deepEqual(over, { ok: false, issue: { code: 'too_large', params: { limit: '1\u00a0000,00' } } });
});

test('amounts are written back the language’s way', () => {
  assert.equal(formatAmount(123450, 'sv'), '1\u00a0234,50');
  assert.equal(formatAmount(123450, 'en'), '1,234.50');
  assert.equal(formatAmount(5, 'en'), '0.05');
  assert.equal(formatAmount(-1250, 'sv'), '−12,50');
  assert.equal(formatAmount(100, 'sv', 0), '100');
});

test('rates: exact decimals and hundredths, "%" allowed, bounds and precision checked', () => {
  assert.deepEqual(parseRate('32,5', 'sv'), { ok: true, value: { decimal: '32.5', hundredths: 3250 } });
  assert.deepEqual(parseRate('32.5 %', 'en'), { ok: true, value: { decimal: '32.5', hundredths: 3250 } });
  assert.deepEqual(parseRate('4,50%', 'sv'), { ok: true, value: { decimal: '4.5', hundredths: 450 } });
  assert.deepEqual(parseRate('0', 'sv'), { ok: true, value: { decimal: '0', hundredths: 0 } });
  const code = (text: string) => {
    const parsed = parseRate(text, 'sv', { min: 0, max: 60 });
    return parsed.ok ? parsed.value.decimal : parsed.issue.code;
  };
  assert.equal(code('60,01'), 'too_large');
  assert.equal(code('-1'), 'too_small');
  assert.equal(code('30,125'), 'invalid_precision');
  assert.equal(code('trettio'), 'not_a_number');
  assert.equal(code(''), 'required');
  assert.equal(formatRate('32.5', 'sv'), '32,5');
  assert.equal(formatRate(32.5, 'en'), '32.5');
});

test('the digits are read as typed', () => {
  assert.deepEqual(parseDecimal('007,50', 'sv'), { ok: true, value: { negative: false, whole: '7', fraction: '50' } });
});
