// Unit tests for exchange-rates.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { convertToSek, latestRateOnOrBefore, toSek } from './exchange-rates.ts';
import type { ExchangeRate } from './exchange-rates.ts';

const rates: ExchangeRate[] = [
  { currency: 'eur', date: '2026-03-02', sekPerUnit: '11.0534' },
  { currency: 'eur', date: '2026-02-27', sekPerUnit: '11.1000' },
  { currency: 'usd', date: '2026-03-03', sekPerUnit: '10.2' },
  { currency: 'eur', date: '2026-03-04', sekPerUnit: '10.99' },
];

describe('latestRateOnOrBefore', () => {
  it('takes the latest rate set on or before the day, for that currency only', () => {
    assert.equal(latestRateOnOrBefore(rates, 'eur', '2026-03-02')?.sekPerUnit, '11.0534');
    assert.equal(latestRateOnOrBefore(rates, 'eur', '2026-03-03')?.sekPerUnit, '11.0534');
    assert.equal(latestRateOnOrBefore(rates, 'eur', '2026-03-01')?.sekPerUnit, '11.1000');
    assert.equal(latestRateOnOrBefore(rates, 'eur', '2026-12-31')?.sekPerUnit, '10.99');
    assert.equal(latestRateOnOrBefore(rates, 'eur', '2026-02-26'), undefined);
    assert.equal(latestRateOnOrBefore(rates, 'gbp', '2026-12-31'), undefined);
  });
});

describe('convertToSek', () => {
  it('converts exactly and rounds once, saying which rate it used', () => {
    // 1 234.56 EUR × 11.0534 = 13 646.085 5104 SEK → 13 646.09
    assert.deepEqual(convertToSek(123_456, rates[0]!), {
      currency: 'eur',
      amount: 123_456,
      sekAmount: 1_364_609,
      rate: rates[0],
    });
    // 0.05 EUR × 11.1 = 0.555 SEK → 0.56 (half up)
    assert.equal(convertToSek(5, rates[1]!).sekAmount, 56);
  });

  it('passes SEK through and says when no rate is known', () => {
    assert.deepEqual(toSek(1_000, 'sek', '2026-01-01', []), {
      currency: 'sek',
      amount: 1_000,
      sekAmount: 1_000,
      rate: null,
    });
    assert.equal(toSek(1_000, 'eur', '2026-01-01', rates), undefined);
    assert.equal(toSek(100, 'usd', '2026-03-10', rates)?.sekAmount, 1_020);
  });

  it('refuses an unusable rate', () => {
    assert.throws(() => convertToSek(100, { currency: 'eur', date: '2026-01-01', sekPerUnit: '0' }), RangeError);
    assert.throws(() => convertToSek(100, { currency: 'eur', date: '2026-01-01', sekPerUnit: '11,05' }), RangeError);
    assert.throws(() => convertToSek(100, { currency: 'eur', date: '2026-13-01', sekPerUnit: '11' }), RangeError);
  });

  it('is within half an öre of amount × rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), fc.integer({ min: 1, max: 99_999_999 }), (amount, rate10k) => {
        const sek = convertToSek(amount, {
          currency: 'eur',
          date: '2026-01-01',
          sekPerUnit: (rate10k / 10_000).toFixed(4),
        }).sekAmount;
        const exactTimes10k = BigInt(amount) * BigInt(rate10k);
        const diff = BigInt(sek) * 10_000n - exactTimes10k;
        assert.ok(diff <= 5_000n && diff >= -5_000n);
      }),
    );
  });
});
