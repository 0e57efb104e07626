// The step's live totals must be the BFF's to the öre: this test reads the BFF's one totals function
// in place and compares on many rows of odd quantities and prices, discounts included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeInvoiceTotals } from '../../../../../bff/src/domain/invoice-totals.ts';
import { rowTotals, VAT_PERCENTAGES, type RowAmounts } from './row-totals.ts';

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

test('live row totals equal the BFF’s totals on thousands of random invoices', () => {
  const next = random(7);
  for (let invoice = 0; invoice < 2000; invoice++) {
    const rows: RowAmounts[] = Array.from({ length: 1 + Math.floor(next() * 8) }, () => ({
      unitPrice: Math.floor(next() * 2_000_000) - (next() < 0.1 ? 2_500_000 : 0),
      quantityHundredths: 1 + Math.floor(next() * 100_000),
      vatPercentage: VAT_PERCENTAGES[Math.floor(next() * 4)]!,
    }));
    const ours = rowTotals(rows);
    const bff = computeInvoiceTotals({ rows });
    assert.deepEqual(ours.vatBreakdown, bff.vatBreakdown);
    assert.equal(ours.totalExclVat, bff.totalExclVat);
    assert.equal(ours.totalVat, bff.totalVat);
    assert.equal(ours.totalInclVat, bff.totalInclVat);
  }
});

test('a half öre rounds away from zero, once per line and once per rate', () => {
  // 0.5 × 1.01 kr = 0.505 kr → 0.51 kr; VAT 25 % of 0.51 kr = 0.1275 → 0.13 kr.
  assert.deepEqual(rowTotals([{ unitPrice: 101, quantityHundredths: 50, vatPercentage: 25 }]), {
    vatBreakdown: [{ vatPercentage: 25, taxableAmount: 51, vatAmount: 13 }],
    totalExclVat: 51,
    totalVat: 13,
    totalInclVat: 64,
  });
});
