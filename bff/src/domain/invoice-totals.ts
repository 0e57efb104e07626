// THE invoice totals (EN 16931): the API, every screen, the PDF and the e-invoice show these numbers and no others.
//
// - Line net = quantity × unit price, rounded once to the minor unit (BT-131).
// - Per VAT rate: taxable amount = the sum of its line nets (BT-116); VAT = taxable × rate, rounded once per rate
//   (BT-117). Never a sum of per-line VAT amounts: that drifts by öre from what the customer's system computes.
// - Totals are sums: excl. VAT (BT-109), VAT (BT-110), incl. VAT (BT-112).
//
// Expenses and mileage (docs/product/domain-rules.md#invoice-totals-and-expenses: an expense has an amount including VAT, a receipt, or a mileage record). The platform
// is the seller, so it re-invoices them to the customer as lines of the invoice ("vidarefakturering", Skatteverket):
// - a receipt enters at its amount excluding the receipt's VAT (that VAT the platform deducts as input VAT), and
//   mileage at its allowance;
// - both carry the VAT rate of the invoice's main service (re-invoiced costs follow the supply they belong to, whatever
//   the receipt's own rate): the rate whose rows have the largest net, the higher rate on a tie; 0 % on a reverse-charge
//   invoice since all its rows are 0 %; a caller may set it explicitly.
// - The person gets back the whole receipt (VAT included) and the mileage tax-free: `reimbursements` below, which is
//   the salary's E, with the receipts' VAT as its `deductibleInputVat`.
// Amounts are in the invoice's currency; a caller converts SEK receipts or mileage for a foreign-currency invoice first.

import { ratio } from './exact-decimal.ts';
import { assertMinorUnits, multiplyMinorUnits, roundHalfUp } from './money.ts';

export type VatPercentage = 25 | 12 | 6 | 0;

/** Swedish VAT rates (mervärdesskattelagen (2023:200) 9 kap.): 25 % standard, 12 %, 6 %, 0 % (exempt or reverse charge). */
export const VAT_PERCENTAGES: readonly VatPercentage[] = [25, 12, 6, 0];

export function isVatPercentage(value: unknown): value is VatPercentage {
  return typeof value === 'number' && (VAT_PERCENTAGES as readonly number[]).includes(value);
}

export type InvoiceRowAmounts = {
  /** Unit price excluding VAT, minor units (negative for a discount row). */
  readonly unitPrice: number;
  /** Quantity in hundredths (1.5 hours = 150): the spec allows 2 decimals. */
  readonly quantityHundredths: number;
  readonly vatPercentage: VatPercentage;
};

export type ExpenseAmounts = {
  /** The receipt's total including its VAT, minor units. */
  readonly amountInclVat: number;
  /** The VAT rate on the receipt (0 for a receipt without deductible Swedish VAT). */
  readonly vatPercentage: VatPercentage;
};

export type MileageAmounts = {
  /** The allowance (mileage.ts), minor units. */
  readonly allowance: number;
};

export type InvoiceLine = {
  readonly kind: 'row' | 'expense' | 'mileage';
  /** Position within its kind's input list. */
  readonly index: number;
  readonly netAmount: number;
  readonly vatPercentage: VatPercentage;
};

export type VatBreakdown = {
  readonly vatPercentage: VatPercentage;
  readonly taxableAmount: number;
  readonly vatAmount: number;
};

export type Reimbursements = {
  /** Receipts including their VAT. */
  readonly expenses: number;
  /** The receipts' VAT, deducted by the platform as input VAT. */
  readonly deductibleInputVat: number;
  readonly mileage: number;
  /** What the person gets back tax-free: expenses + mileage (the salary's E). */
  readonly total: number;
};

export type InvoiceTotals = {
  /** Rows, then expenses, then mileage, in input order. */
  readonly lines: readonly InvoiceLine[];
  /** One entry per VAT rate used, highest rate first. */
  readonly vatBreakdown: readonly VatBreakdown[];
  readonly totalExclVat: number;
  readonly totalVat: number;
  readonly totalInclVat: number;
  /** The rate expenses and mileage were invoiced with. */
  readonly reinvoicedVatPercentage: VatPercentage;
  readonly reimbursements: Reimbursements;
};

export type InvoiceTotalsInput = {
  readonly rows: readonly InvoiceRowAmounts[];
  readonly expenses?: readonly ExpenseAmounts[];
  readonly mileage?: readonly MileageAmounts[];
  /** The rate for re-invoiced expenses and mileage; default the main service's rate (see above). */
  readonly reinvoicedVatPercentage?: VatPercentage;
};

function checkVat(value: unknown): VatPercentage {
  if (!isVatPercentage(value)) {
    throw new RangeError(`Not a Swedish VAT rate: ${String(value)}`);
  }
  return value;
}

/** Quantity × unit price, rounded once to the minor unit. */
export function lineNetAmount(unitPrice: number, quantityHundredths: number): number {
  assertMinorUnits(quantityHundredths, 'quantityHundredths');
  return multiplyMinorUnits(unitPrice, ratio(quantityHundredths, 100));
}

/** The VAT included in an amount that includes VAT at `vatPercentage`: amount × rate / (100 + rate), rounded once. */
export function includedVat(amountInclVat: number, vatPercentage: VatPercentage): number {
  return multiplyMinorUnits(amountInclVat, ratio(checkVat(vatPercentage), 100 + vatPercentage));
}

/** The rate of the invoice's main service: the rate whose rows' nets sum highest, the higher rate on a tie; 25 % without rows. */
export function mainVatPercentage(rows: readonly InvoiceRowAmounts[]): VatPercentage {
  const sums = new Map<VatPercentage, number>();
  for (const row of rows) {
    sums.set(
      row.vatPercentage,
      (sums.get(row.vatPercentage) ?? 0) + lineNetAmount(row.unitPrice, row.quantityHundredths),
    );
  }
  let best: VatPercentage | null = null;
  for (const rate of VAT_PERCENTAGES) {
    const sum = sums.get(rate);
    if (sum !== undefined && (best === null || sum > (sums.get(best) ?? 0))) {
      best = rate;
    }
  }
  return best ?? 25;
}

export function computeInvoiceTotals(input: InvoiceTotalsInput): InvoiceTotals {
  const expenses = input.expenses ?? [];
  const mileage = input.mileage ?? [];
  input.rows.forEach((row) => checkVat(row.vatPercentage));
  const reinvoiced = checkVat(input.reinvoicedVatPercentage ?? mainVatPercentage(input.rows));

  const lines: InvoiceLine[] = input.rows.map((row, index) => ({
    kind: 'row',
    index,
    netAmount: lineNetAmount(row.unitPrice, row.quantityHundredths),
    vatPercentage: row.vatPercentage,
  }));
  let expenseTotal = 0;
  let inputVat = 0;
  expenses.forEach((expense, index) => {
    assertMinorUnits(expense.amountInclVat, 'amountInclVat');
    if (expense.amountInclVat < 0) {
      throw new RangeError('An expense amount must be ≥ 0');
    }
    const vat = includedVat(expense.amountInclVat, expense.vatPercentage);
    expenseTotal += expense.amountInclVat;
    inputVat += vat;
    lines.push({ kind: 'expense', index, netAmount: expense.amountInclVat - vat, vatPercentage: reinvoiced });
  });
  let mileageTotal = 0;
  mileage.forEach((trip, index) => {
    assertMinorUnits(trip.allowance, 'allowance');
    if (trip.allowance < 0) {
      throw new RangeError('A mileage allowance must be ≥ 0');
    }
    mileageTotal += trip.allowance;
    lines.push({ kind: 'mileage', index, netAmount: trip.allowance, vatPercentage: reinvoiced });
  });

  const taxable = new Map<VatPercentage, number>();
  for (const line of lines) {
    taxable.set(line.vatPercentage, (taxable.get(line.vatPercentage) ?? 0) + line.netAmount);
  }
  const vatBreakdown: VatBreakdown[] = VAT_PERCENTAGES.filter((rate) => taxable.has(rate)).map((rate) => {
    const taxableAmount = taxable.get(rate) ?? 0;
    return { vatPercentage: rate, taxableAmount, vatAmount: multiplyMinorUnits(taxableAmount, ratio(rate, 100)) };
  });
  const totalExclVat = vatBreakdown.reduce((sum, entry) => sum + entry.taxableAmount, 0);
  const totalVat = vatBreakdown.reduce((sum, entry) => sum + entry.vatAmount, 0);
  for (const total of [totalExclVat, totalVat, totalExclVat + totalVat]) {
    assertMinorUnits(total, 'invoice total');
  }
  return {
    lines,
    vatBreakdown,
    totalExclVat,
    totalVat,
    totalInclVat: totalExclVat + totalVat,
    reinvoicedVatPercentage: reinvoiced,
    reimbursements: {
      expenses: expenseTotal,
      deductibleInputVat: inputVat,
      mileage: mileageTotal,
      total: expenseTotal + mileageTotal,
    },
  };
}

/**
 * The largest amount an invoice may carry, in minor units of its currency (100 000 000.00): every line's net, every
 * VAT rate's taxable amount and VAT, and the totals, in absolute value (docs/product/invoices.md#totals). Far above
 * any freelance invoice, far below where integer arithmetic stops being exact, and what the PDF's columns are laid out
 * to hold.
 */
export const MAX_INVOICE_AMOUNT = 10_000_000_000;

export type CheckedInvoiceTotals =
  | { readonly ok: true; readonly totals: InvoiceTotals }
  /** A line's net (rows, then expenses, then mileage, each by its index in its list) or a total over the ceiling. */
  | { readonly ok: false; readonly over: { readonly kind: InvoiceLine['kind']; readonly index: number } | 'total' };

const overCeiling = (amount: bigint) => (amount < 0n ? -amount : amount) > BigInt(MAX_INVOICE_AMOUNT);

/**
 * THE totals, for amounts a user typed: refuses (rather than throwing on) a line or a total over MAX_INVOICE_AMOUNT.
 * Each line is checked exactly first, so the sums that follow are far inside the safe-integer range.
 */
export function checkedInvoiceTotals(input: InvoiceTotalsInput): CheckedInvoiceTotals {
  for (const [index, row] of input.rows.entries()) {
    const net = roundHalfUp({
      numerator: BigInt(row.unitPrice) * BigInt(row.quantityHundredths),
      denominator: 100n,
    });
    if (overCeiling(net)) return { ok: false, over: { kind: 'row', index } };
  }
  for (const [index, expense] of (input.expenses ?? []).entries())
    if (overCeiling(BigInt(expense.amountInclVat))) return { ok: false, over: { kind: 'expense', index } };
  for (const [index, trip] of (input.mileage ?? []).entries())
    if (overCeiling(BigInt(trip.allowance))) return { ok: false, over: { kind: 'mileage', index } };
  const totals = computeInvoiceTotals(input);
  const amounts = [
    totals.totalExclVat,
    totals.totalVat,
    totals.totalInclVat,
    ...totals.vatBreakdown.flatMap((entry) => [entry.taxableAmount, entry.vatAmount]),
  ];
  if (amounts.some((amount) => overCeiling(BigInt(amount)))) return { ok: false, over: 'total' };
  return { ok: true, totals };
}
