// The rows' totals while the user types, the way the BFF computes them (bff/src/domain/invoice-totals.ts,
// EN 16931): a line's net is quantity × unit price rounded once (half away from zero); per VAT rate the
// taxable amount is the sum of its nets and the VAT that sum × rate, rounded once. The saved invoice's
// totals come from the BFF; this copy only makes the step's figures live, and row-totals.test.ts keeps
// it equal to the BFF's function.

export type VatPercentage = 25 | 12 | 6 | 0;
export const VAT_PERCENTAGES: readonly VatPercentage[] = [25, 12, 6, 0];

export type RowAmounts = { unitPrice: number; quantityHundredths: number; vatPercentage: VatPercentage };
export type RateTotal = { vatPercentage: VatPercentage; taxableAmount: number; vatAmount: number };
export type RowTotals = { vatBreakdown: RateTotal[]; totalExclVat: number; totalVat: number; totalInclVat: number };

/** numerator / denominator rounded half away from zero (denominator > 0). */
function roundedDivision(numerator: bigint, denominator: bigint): number {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return Number(numerator < 0n ? -rounded : rounded);
}

export function lineNet(unitPrice: number, quantityHundredths: number): number {
  return roundedDivision(BigInt(unitPrice) * BigInt(quantityHundredths), 100n);
}

export function rowTotals(rows: readonly RowAmounts[]): RowTotals {
  const taxable = new Map<VatPercentage, number>();
  for (const row of rows) {
    taxable.set(
      row.vatPercentage,
      (taxable.get(row.vatPercentage) ?? 0) + lineNet(row.unitPrice, row.quantityHundredths),
    );
  }
  const vatBreakdown = VAT_PERCENTAGES.filter((rate) => taxable.has(rate)).map((vatPercentage) => {
    const taxableAmount = taxable.get(vatPercentage) ?? 0;
    return {
      vatPercentage,
      taxableAmount,
      vatAmount: roundedDivision(BigInt(taxableAmount) * BigInt(vatPercentage), 100n),
    };
  });
  const totalExclVat = vatBreakdown.reduce((sum, rate) => sum + rate.taxableAmount, 0);
  const totalVat = vatBreakdown.reduce((sum, rate) => sum + rate.vatAmount, 0);
  return { vatBreakdown, totalExclVat, totalVat, totalInclVat: totalExclVat + totalVat };
}
