// Unit and property tests for money.ts and exact-decimal.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  add,
  compare,
  divide,
  formatDecimal,
  formatPercent,
  multiply,
  parseDecimal,
  parsePercent,
  percent,
  ratio,
  subtract,
} from './exact-decimal.ts';
import {
  CURRENCIES,
  CURRENCY_CODES,
  formatMinorUnits,
  isCurrencyCode,
  multiplyMinorUnits,
  parseAmount,
  roundHalfUp,
  toMinorUnits,
} from './money.ts';

describe('exact decimals', () => {
  it('reduces and normalises the sign', () => {
    assert.deepEqual(ratio(6, -4), { numerator: -3n, denominator: 2n });
    assert.deepEqual(ratio(0, 7), { numerator: 0n, denominator: 1n });
    assert.throws(() => ratio(1, 0), RangeError);
    assert.throws(() => ratio(0.5), RangeError);
  });

  it('computes exactly where floats do not', () => {
    // 0.1 + 0.2 = 0.3 exactly, not 0.30000000000000004.
    assert.equal(compare(add(parseDecimal('0.1')!, parseDecimal('0.2')!), parseDecimal('0.3')!), 0);
    assert.equal(formatDecimal(multiply(parseDecimal('1.15')!, ratio(100))), '115');
    assert.equal(formatDecimal(subtract(ratio(1), parseDecimal('0.9')!)), '0.1');
    assert.equal(formatDecimal(divide(ratio(1), ratio(8))), '0.125');
  });

  it('parses plain decimals only', () => {
    assert.deepEqual(parseDecimal('31.42'), ratio(3142, 100));
    assert.deepEqual(parseDecimal('-0.5'), ratio(-1, 2));
    assert.deepEqual(parseDecimal('007'), ratio(7));
    for (const bad of ['', '1,5', '1e3', '.5', '5.', '+1', ' 1', '1 000', 'NaN', '0x10']) {
      assert.equal(parseDecimal(bad), null, bad);
    }
    assert.equal(parseDecimal('1.123', 2), null);
  });

  it('reads and writes percentages', () => {
    assert.deepEqual(parsePercent('31.42'), ratio(3142, 10000));
    assert.equal(formatPercent(percent('6')), '6.00');
    assert.equal(formatPercent(percent('4.5')), '4.50');
    assert.equal(formatPercent(percent('24.26')), '24.26');
    assert.equal(formatPercent(percent('20.8125')), '20.8125');
    assert.throws(() => percent('31,42'), RangeError);
  });

  it('refuses to format a value without a finite decimal expansion', () => {
    assert.throws(() => formatDecimal(ratio(1, 3)), RangeError);
    assert.equal(formatDecimal(ratio(-1, 40), 4), '-0.0250');
  });
});

describe('roundHalfUp: the one rounding', () => {
  it('rounds halves away from zero, everything else to the nearest', () => {
    const cases: [number, number, bigint][] = [
      [5, 10, 1n],
      [15, 10, 2n],
      [25, 10, 3n],
      [-5, 10, -1n],
      [-25, 10, -3n],
      [4999, 10000, 0n],
      [-4999, 10000, 0n],
      [1, 3, 0n],
      [2, 3, 1n],
      [-2, 3, -1n],
      [7, 1, 7n],
      [0, 1, 0n],
    ];
    for (const [n, d, expected] of cases) {
      assert.equal(roundHalfUp(ratio(n, d)), expected, `${n}/${d}`);
    }
  });

  it('is within half a unit of the exact value and symmetric (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (n, d) => {
          const value = ratio(n, d);
          const rounded = roundHalfUp(value);
          const error = subtract(ratio(rounded), value);
          assert.ok(compare(error, ratio(1, 2)) <= 0 && compare(error, ratio(-1, 2)) >= 0);
          assert.equal(roundHalfUp(ratio(-n, d)), -rounded);
        },
      ),
    );
  });

  it('books a fee to the öre: 6 % of 40 000 kr and of odd amounts', () => {
    assert.equal(multiplyMinorUnits(4_000_000, percent('6')), 240_000);
    assert.equal(multiplyMinorUnits(25, percent('6')), 2); // 1.5 öre → 2
    assert.equal(multiplyMinorUnits(24, percent('6')), 1); // 1.44 öre → 1
    assert.equal(multiplyMinorUnits(-25, percent('6')), -2);
    assert.throws(() => toMinorUnits(ratio(10n ** 20n)), RangeError);
  });
});

describe('currencies', () => {
  it('knows the six invoice currencies and their two decimals', () => {
    assert.deepEqual([...CURRENCY_CODES], ['sek', 'eur', 'usd', 'nok', 'dkk', 'gbp']);
    for (const code of CURRENCY_CODES) {
      assert.equal(CURRENCIES[code].minorUnits, 2);
      assert.equal(CURRENCIES[code].iso, code.toUpperCase());
      assert.equal(isCurrencyCode(code), true);
    }
    assert.equal(isCurrencyCode('SEK'), false);
    assert.equal(isCurrencyCode('jpy'), false);
    assert.equal(isCurrencyCode('toString'), false);
  });

  it('formats minor units as a plain decimal', () => {
    assert.equal(formatMinorUnits(123_450), '1234.50');
    assert.equal(formatMinorUnits(5), '0.05');
    assert.equal(formatMinorUnits(-5), '-0.05');
    assert.equal(formatMinorUnits(0), '0.00');
    assert.equal(formatMinorUnits(-123_456_789), '-1234567.89');
  });
});

describe('parseAmount', () => {
  const ok = (minorUnits: number) => ({ ok: true, minorUnits });
  const error = (code: string) => ({ ok: false, error: code });

  it('reads Swedish notation', () => {
    for (const [text, minor] of [
      ['1 234,50', 123_450],
      ['1\u00a0234,50', 123_450],
      ['1\u202f234\u202f567,5', 123_456_750],
      ['0,05', 5],
      ['12', 1_200],
      ['1234,5', 123_450],
      ['  99,99 ', 9_999],
      ['1.234,50', 123_450],
    ] as const) {
      assert.deepEqual(parseAmount(text, { locale: 'sv' }), ok(minor), text);
    }
    assert.deepEqual(parseAmount('12.50', { locale: 'sv' }), ok(1_250), 'a point typed in a Swedish form');
  });

  it('reads English notation', () => {
    for (const [text, minor] of [
      ['1,234.50', 123_450],
      ['1,234', 123_400],
      ['1,234,567.89', 123_456_789],
      ['0.5', 50],
      ['1 234.50', 123_450],
    ] as const) {
      assert.deepEqual(parseAmount(text, { locale: 'en' }), ok(minor), text);
    }
  });

  it('reads either when there is no locale and the text is unambiguous', () => {
    assert.deepEqual(parseAmount('1 234,50'), ok(123_450));
    assert.deepEqual(parseAmount('1,234.50'), ok(123_450));
    assert.deepEqual(parseAmount('12,5'), ok(1_250));
    assert.deepEqual(parseAmount('1,234,567'), ok(123_456_700));
    assert.deepEqual(parseAmount('1,234'), error('ambiguous_separator'));
    assert.deepEqual(parseAmount('1.234'), error('ambiguous_separator'));
  });

  it('refuses more than two decimals instead of rounding them away', () => {
    assert.deepEqual(parseAmount('1,234', { locale: 'sv' }), error('too_many_decimals'));
    assert.deepEqual(parseAmount('0.001', { locale: 'en' }), error('too_many_decimals'));
    assert.deepEqual(parseAmount('12,500'), error('ambiguous_separator'));
    assert.deepEqual(parseAmount('12,5000'), error('too_many_decimals'));
  });

  it('gives a clear code for every bad input', () => {
    assert.deepEqual(parseAmount(''), error('empty'));
    assert.deepEqual(parseAmount('   '), error('empty'));
    for (const bad of ['abc', '12kr', '1,2,3', '1 23', '12 ,5', ',5', '5,', '1..2', '--5', '1,234.5.6', '1e5', '١٢']) {
      assert.deepEqual(parseAmount(bad), error('invalid_format'), bad);
    }
    assert.deepEqual(parseAmount('1,234,567', { locale: 'sv' }), error('invalid_format'));
    assert.deepEqual(parseAmount('12,50', { locale: 'en' }), error('invalid_format'));
    assert.deepEqual(parseAmount('-5'), error('negative'));
    assert.deepEqual(parseAmount('\u22125,50', { allowNegative: true }), ok(-550));
    assert.deepEqual(parseAmount('-0'), ok(0));
    assert.deepEqual(parseAmount('99999999999999999'), error('too_large'));
    assert.deepEqual(parseAmount(12 as unknown as string), error('invalid_format'));
  });

  it('reads back every amount Intl formats, in both languages (property)', () => {
    const sv = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const en = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (minor) => {
        const major = minor / 100; // exact enough to format: Intl rounds the double back to these 2 decimals
        assert.deepEqual(parseAmount(sv.format(major), { locale: 'sv' }), ok(minor));
        assert.deepEqual(parseAmount(en.format(major), { locale: 'en' }), ok(minor));
        assert.deepEqual(parseAmount(sv.format(major)), ok(minor));
      }),
    );
  });
});
