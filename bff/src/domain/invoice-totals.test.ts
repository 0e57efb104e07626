// Unit and property tests for invoice-totals.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  checkedInvoiceTotals,
  computeInvoiceTotals,
  MAX_INVOICE_AMOUNT,
  includedVat,
  lineNetAmount,
  mainVatPercentage,
  VAT_PERCENTAGES,
} from './invoice-totals.ts';
import type { InvoiceRowAmounts, VatPercentage } from './invoice-totals.ts';

describe('lineNetAmount', () => {
  it('is quantity × unit price rounded once to the öre', () => {
    assert.equal(lineNetAmount(95_000, 150), 142_500); // 1.5 h × 950 kr
    assert.equal(lineNetAmount(333, 33), 110); // 0.33 × 3.33 kr = 1.0989 kr → 1.10
    assert.equal(lineNetAmount(1, 50), 1); // 0.5 öre → 1 (half up)
    assert.equal(lineNetAmount(1, 49), 0);
    assert.equal(lineNetAmount(-1, 50), -1); // a discount mirrors
    assert.equal(lineNetAmount(12_345, 0), 0);
  });
});

describe('computeInvoiceTotals', () => {
  it('rounds VAT once per rate, not per line', () => {
    // Three lines of 0.33 kr at 25 %: per-line VAT would be 3 × round(8.25 öre) = 24 öre; per rate round(24.75) = 25.
    const totals = computeInvoiceTotals({
      rows: [
        { unitPrice: 33, quantityHundredths: 100, vatPercentage: 25 },
        { unitPrice: 33, quantityHundredths: 100, vatPercentage: 25 },
        { unitPrice: 33, quantityHundredths: 100, vatPercentage: 25 },
      ],
    });
    assert.deepEqual(totals.vatBreakdown, [{ vatPercentage: 25, taxableAmount: 99, vatAmount: 25 }]);
    assert.equal(totals.totalExclVat, 99);
    assert.equal(totals.totalVat, 25);
    assert.equal(totals.totalInclVat, 124);
  });

  it('totals a mixed invoice per rate, highest rate first', () => {
    const totals = computeInvoiceTotals({
      rows: [
        { unitPrice: 95_000, quantityHundredths: 750, vatPercentage: 25 }, // 7 125.00
        { unitPrice: 12_990, quantityHundredths: 3, vatPercentage: 6 }, // 0.03 × 129.90 = 3.897 → 3.90
        { unitPrice: 4_950, quantityHundredths: 1_275, vatPercentage: 12 }, // 12.75 × 49.50 = 631.125 → 631.13
        { unitPrice: 100_000, quantityHundredths: 100, vatPercentage: 0 },
        { unitPrice: -50_000, quantityHundredths: 100, vatPercentage: 25 }, // discount
      ],
    });
    assert.deepEqual(totals.vatBreakdown, [
      { vatPercentage: 25, taxableAmount: 662_500, vatAmount: 165_625 },
      { vatPercentage: 12, taxableAmount: 63_113, vatAmount: 7_574 }, // 7 573.56 → 7 574
      { vatPercentage: 6, taxableAmount: 390, vatAmount: 23 }, // 23.4 → 23
      { vatPercentage: 0, taxableAmount: 100_000, vatAmount: 0 },
    ]);
    assert.equal(totals.totalExclVat, 826_003);
    assert.equal(totals.totalVat, 173_222);
    assert.equal(totals.totalInclVat, 999_225);
    assert.deepEqual(
      totals.lines.map((line) => line.netAmount),
      [712_500, 390, 63_113, 100_000, -50_000],
    );
  });

  it('re-invoices a receipt without its VAT and mileage at the main rate, and reports them as reimbursements', () => {
    const totals = computeInvoiceTotals({
      rows: [
        { unitPrice: 100_000, quantityHundredths: 4_000, vatPercentage: 25 },
        { unitPrice: 50_000, quantityHundredths: 100, vatPercentage: 6 },
      ],
      // A 1 500 kr receipt with 25 % VAT (300 kr) and a 106 kr train ticket with 6 % VAT (6 kr).
      expenses: [
        { amountInclVat: 150_000, vatPercentage: 25 },
        { amountInclVat: 10_600, vatPercentage: 6 },
      ],
      mileage: [{ allowance: 30_000 }],
    });
    assert.equal(totals.reinvoicedVatPercentage, 25);
    assert.deepEqual(totals.lines.slice(2), [
      { kind: 'expense', index: 0, netAmount: 120_000, vatPercentage: 25 },
      { kind: 'expense', index: 1, netAmount: 10_000, vatPercentage: 25 },
      { kind: 'mileage', index: 0, netAmount: 30_000, vatPercentage: 25 },
    ]);
    assert.deepEqual(totals.vatBreakdown, [
      { vatPercentage: 25, taxableAmount: 4_160_000, vatAmount: 1_040_000 },
      { vatPercentage: 6, taxableAmount: 50_000, vatAmount: 3_000 },
    ]);
    assert.deepEqual(totals.reimbursements, {
      expenses: 160_600,
      deductibleInputVat: 30_600,
      mileage: 30_000,
      total: 190_600,
    });
  });

  it('keeps a reverse-charge invoice at 0 %, expenses included', () => {
    const totals = computeInvoiceTotals({
      rows: [{ unitPrice: 100_000, quantityHundredths: 100, vatPercentage: 0 }],
      expenses: [{ amountInclVat: 12_500, vatPercentage: 25 }],
    });
    assert.equal(totals.reinvoicedVatPercentage, 0);
    assert.equal(totals.totalVat, 0);
    assert.equal(totals.totalExclVat, 110_000);
  });

  it('lets the caller set the re-invoicing rate', () => {
    const totals = computeInvoiceTotals({ rows: [], mileage: [{ allowance: 2_500 }], reinvoicedVatPercentage: 12 });
    assert.deepEqual(totals.vatBreakdown, [{ vatPercentage: 12, taxableAmount: 2_500, vatAmount: 300 }]);
  });

  it('is empty and zero without lines', () => {
    const totals = computeInvoiceTotals({ rows: [] });
    assert.deepEqual(totals.vatBreakdown, []);
    assert.equal(totals.totalInclVat, 0);
  });

  it('refuses program errors', () => {
    assert.throws(
      () =>
        computeInvoiceTotals({ rows: [{ unitPrice: 1, quantityHundredths: 1, vatPercentage: 20 as VatPercentage }] }),
      RangeError,
    );
    assert.throws(
      () => computeInvoiceTotals({ rows: [{ unitPrice: 1.5, quantityHundredths: 1, vatPercentage: 25 }] }),
      RangeError,
    );
    assert.throws(
      () => computeInvoiceTotals({ rows: [{ unitPrice: 1, quantityHundredths: 0.5, vatPercentage: 25 }] }),
      RangeError,
    );
    assert.throws(
      () => computeInvoiceTotals({ rows: [], expenses: [{ amountInclVat: -1, vatPercentage: 25 }] }),
      RangeError,
    );
  });
});

describe('helpers', () => {
  it('includedVat: the VAT inside an amount including VAT', () => {
    assert.equal(includedVat(12_500, 25), 2_500);
    assert.equal(includedVat(10_600, 6), 600);
    assert.equal(includedVat(11_200, 12), 1_200);
    assert.equal(includedVat(100, 25), 20);
    assert.equal(includedVat(99, 0), 0);
  });

  it('mainVatPercentage: the rate with the largest net, the higher on a tie, 25 % without rows', () => {
    assert.equal(mainVatPercentage([]), 25);
    assert.equal(
      mainVatPercentage([
        { unitPrice: 100, quantityHundredths: 100, vatPercentage: 6 },
        { unitPrice: 100, quantityHundredths: 100, vatPercentage: 12 },
      ]),
      12,
    );
    assert.equal(
      mainVatPercentage([
        { unitPrice: 100, quantityHundredths: 100, vatPercentage: 25 },
        { unitPrice: 101, quantityHundredths: 100, vatPercentage: 6 },
      ]),
      6,
    );
  });
});

const rowArb: fc.Arbitrary<InvoiceRowAmounts> = fc.record({
  unitPrice: fc.oneof(fc.integer({ min: -1_000_000, max: 100_000_000 }), fc.integer({ min: 1, max: 999 })),
  quantityHundredths: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 99 })),
  vatPercentage: fc.constantFrom(...VAT_PERCENTAGES),
});

describe('computeInvoiceTotals: properties', () => {
  it('never loses an öre: lines sum to the taxable amounts, which sum to the totals', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 200 }),
        fc.array(
          fc.record({
            amountInclVat: fc.integer({ min: 0, max: 10_000_000 }),
            vatPercentage: fc.constantFrom(...VAT_PERCENTAGES),
          }),
          { maxLength: 10 },
        ),
        fc.array(fc.record({ allowance: fc.integer({ min: 0, max: 1_000_000 }) }), { maxLength: 5 }),
        (rows, expenses, mileage) => {
          const totals = computeInvoiceTotals({ rows, expenses, mileage });
          assert.equal(totals.lines.length, rows.length + expenses.length + mileage.length);
          for (const entry of totals.vatBreakdown) {
            const lines = totals.lines.filter((line) => line.vatPercentage === entry.vatPercentage);
            assert.equal(
              entry.taxableAmount,
              lines.reduce((sum, line) => sum + line.netAmount, 0),
            );
            // VAT once per rate: |100 × vat − taxable × rate| ≤ 50 (half an öre, in hundredths)
            assert.ok(Math.abs(entry.vatAmount * 100 - entry.taxableAmount * entry.vatPercentage) <= 50);
          }
          assert.equal(
            totals.totalExclVat,
            totals.lines.reduce((sum, line) => sum + line.netAmount, 0),
          );
          assert.equal(
            totals.totalVat,
            totals.vatBreakdown.reduce((sum, entry) => sum + entry.vatAmount, 0),
          );
          assert.equal(totals.totalInclVat, totals.totalExclVat + totals.totalVat);
          rows.forEach((row, index) => {
            const net = totals.lines[index]?.netAmount ?? Number.NaN;
            // |100 × net − quantity × price| ≤ 50: each line within half an öre of its exact value
            assert.ok(Math.abs(net * 100 - row.quantityHundredths * row.unitPrice) <= 50);
          });
          assert.equal(
            totals.reimbursements.total,
            expenses.reduce((s, e) => s + e.amountInclVat, 0) + mileage.reduce((s, m) => s + m.allowance, 0),
          );
          const expenseLines = totals.lines.filter((line) => line.kind === 'expense');
          assert.equal(
            expenseLines.reduce((s, l) => s + l.netAmount, 0) + totals.reimbursements.deductibleInputVat,
            totals.reimbursements.expenses,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order of the rows', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 50 }), (rows) => {
        const forward = computeInvoiceTotals({ rows });
        const backward = computeInvoiceTotals({ rows: [...rows].reverse() });
        assert.deepEqual(forward.vatBreakdown, backward.vatBreakdown);
      }),
    );
  });
});

// Issue 21: eight rows of 1e9 × 1e6 passed Number.MAX_SAFE_INTEGER öre and the totals threw (a 500). Whatever the
// contract lets through (up to 100 rows of ±1e9 × 1e6, 50 receipts, mileage), the checked totals answer: the totals
// when every amount is within the ceiling, else which line or that a total is over it. Checked against BigInt.
describe('checkedInvoiceTotals', () => {
  const big = BigInt;
  const abs = (n: bigint) => (n < 0n ? -n : n);
  const roundDiv100 = (n: bigint) => (n < 0n ? -((-n * 2n + 100n) / 200n) : (n * 2n + 100n) / 200n);
  const contractRow: fc.Arbitrary<InvoiceRowAmounts> = fc.record({
    unitPrice: fc.oneof(
      fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
      fc.constantFrom(1_000_000_000, -1_000_000_000, 100_000_000),
    ),
    quantityHundredths: fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(100_000_000, 1_000, 100)),
    vatPercentage: fc.constantFrom(...VAT_PERCENTAGES),
  });

  it('never throws, and refuses exactly the inputs with an amount over the ceiling (property)', () => {
    fc.assert(
      fc.property(
        fc.array(contractRow, { minLength: 0, maxLength: 100 }),
        fc.array(
          fc.record({
            amountInclVat: fc.integer({ min: 0, max: 100_000_000 }),
            vatPercentage: fc.constantFrom(...VAT_PERCENTAGES),
          }),
          { maxLength: 50 },
        ),
        (rows, expenses) => {
          const checked = checkedInvoiceTotals({ rows, expenses });
          const nets = rows.map((row) => roundDiv100(big(row.unitPrice) * big(row.quantityHundredths)));
          const lineOver = nets.findIndex((net) => abs(net) > big(MAX_INVOICE_AMOUNT));
          if (lineOver !== -1) {
            assert.deepEqual(checked, { ok: false, over: { kind: 'row', index: lineOver } });
            return;
          }
          if (checked.ok) {
            const { totals } = checked;
            assert.deepEqual(totals, computeInvoiceTotals({ rows, expenses }));
            for (const amount of [totals.totalExclVat, totals.totalVat, totals.totalInclVat])
              assert.ok(Math.abs(amount) <= MAX_INVOICE_AMOUNT);
          } else {
            assert.equal(checked.over, 'total');
            const totals = computeInvoiceTotals({ rows, expenses });
            const amounts = [
              totals.totalExclVat,
              totals.totalVat,
              totals.totalInclVat,
              ...totals.vatBreakdown.flatMap((entry) => [entry.taxableAmount, entry.vatAmount]),
            ];
            assert.ok(amounts.some((amount) => Math.abs(amount) > MAX_INVOICE_AMOUNT));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the issue’s eight rows of 1e9 × 1e6 are refused at the first row; at the ceiling exactly is an invoice', () => {
    const huge: InvoiceRowAmounts = { unitPrice: 1_000_000_000, quantityHundredths: 100_000_000, vatPercentage: 25 };
    assert.throws(
      () => computeInvoiceTotals({ rows: Array(8).fill(huge) }),
      RangeError,
      'the unchecked totals overflow',
    );
    assert.deepEqual(checkedInvoiceTotals({ rows: Array(8).fill(huge) }), {
      ok: false,
      over: { kind: 'row', index: 0 },
    });
    const atCeiling = checkedInvoiceTotals({
      rows: [{ unitPrice: 1_000_000_000, quantityHundredths: 1_000, vatPercentage: 0 }],
    });
    assert.ok(atCeiling.ok);
    assert.equal(atCeiling.totals.totalInclVat, MAX_INVOICE_AMOUNT);
    // One öre of VAT more is over.
    assert.deepEqual(
      checkedInvoiceTotals({ rows: [{ unitPrice: 800_000_000, quantityHundredths: 1_000, vatPercentage: 25 }] }),
      {
        ok: true,
        totals: computeInvoiceTotals({
          rows: [{ unitPrice: 800_000_000, quantityHundredths: 1_000, vatPercentage: 25 }],
        }),
      },
    );
    assert.deepEqual(
      checkedInvoiceTotals({ rows: [{ unitPrice: 800_000_001, quantityHundredths: 1_000, vatPercentage: 25 }] }),
      { ok: false, over: 'total' },
    );
  });
});
