// Unit tests for mileage.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { mileageAllowance } from './mileage.ts';

describe('mileageAllowance', () => {
  it('pays 25 kr per 10 km since 2023, exact to the öre', () => {
    assert.deepEqual(mileageAllowance(120, '2026-05-04'), {
      amount: 30_000,
      perTenKm: 2_500,
      rateValidFrom: '2023-01-01',
    });
    assert.equal(mileageAllowance(1, '2026-05-04').amount, 250);
    assert.equal(mileageAllowance('12.34', '2026-05-04').amount, 3_085); // 12.34 × 250 = 3 085 öre
    assert.equal(mileageAllowance(0.01, '2026-05-04').amount, 3); // 2.5 öre → 3
    assert.equal(mileageAllowance(0, '2026-05-04').amount, 0);
  });

  it('uses 18.50 kr per 10 km for a 2022 trip', () => {
    assert.equal(mileageAllowance(100, '2022-06-01').amount, 18_500);
    assert.equal(mileageAllowance(0.3, '2022-06-01').amount, 56); // 55.5 öre → 56
  });

  it('refuses what is not a distance', () => {
    for (const bad of [-1, 1.234, Number.NaN, Infinity, '1,5', 'ten', '']) {
      assert.throws(() => mileageAllowance(bad as number, '2026-01-01'), RangeError, String(bad));
    }
    assert.throws(() => mileageAllowance(10, '2021-12-31'), RangeError);
  });

  it('is within half an öre of km × rate for any distance with two decimals (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (hundredths) => {
        const km = hundredths / 100;
        const { amount } = mileageAllowance(km, '2026-01-01');
        // exact = hundredths × 250 / 100 öre; compare in quarters of an öre to stay in integers
        const exactTimes4 = hundredths * 10;
        assert.ok(Math.abs(amount * 4 - exactTimes4) <= 2, `${km} km → ${amount}`);
      }),
    );
  });
});
