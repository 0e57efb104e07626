// What one customer payment does to an invoice: how much of it goes to the invoice (the rest is an overpayment), and
// which share of the invoice's salary basis it pays for, so that the salary items of partial payments add up to the
// invoice's exactly.
//
// Shares are cumulative: after payments totalling `paid` of `total` (incl. VAT), a part `x` of the invoice (e.g. its
// total excl. VAT) is paid up to round(x × paid / total); a payment's share is the difference of that before and after
// it. Each share is within an öre of its exact value, none is negative, and once the invoice is paid in full the shares
// sum to `x` exactly, however the payments were split.
//
// The receipts' deductible VAT is part of the receipts: the shares are taken of the VAT and of the receipts less their
// VAT, so a payment's VAT share can never exceed its receipts share (the salary function refuses that).

import { ratio } from './exact-decimal.ts';
import { assertMinorUnits, toMinorUnits } from './money.ts';

export interface PaymentOutcome {
  /** The part of the payment that goes to the invoice (invoice currency). */
  readonly applied: number;
  /** The part beyond what was outstanding: recorded, shown to an admin, never salary. */
  readonly overpaid: number;
  /** The invoice's paid amount after the payment. */
  readonly paidAfter: number;
  /** Whether the payment settles the invoice (5 Paid); else it stays or becomes 4 Partially paid. */
  readonly settles: boolean;
}

/** A payment of `amount` towards an invoice of `total` (incl. VAT) of which `paidBefore` is paid. */
export function paymentOutcome(total: number, paidBefore: number, amount: number): PaymentOutcome {
  assertMinorUnits(total, 'total');
  assertMinorUnits(paidBefore, 'paidBefore');
  assertMinorUnits(amount, 'amount');
  if (total <= 0 || paidBefore < 0 || paidBefore > total || amount <= 0) {
    throw new RangeError('Need total > 0, 0 ≤ paidBefore ≤ total and amount > 0');
  }
  const applied = Math.min(amount, total - paidBefore);
  return {
    applied,
    overpaid: amount - applied,
    paidAfter: paidBefore + applied,
    settles: paidBefore + applied === total,
  };
}

/** A reminder fee the invoice carries (docs/product/payments.md#reminder-fees): charged by a reminder, and paid so far. */
export interface ReminderFeeState {
  readonly charged: number;
  readonly paid: number;
}

export interface PaymentAllocation extends PaymentOutcome {
  /** The part that pays the reminder fee charged (the platform's, never salary). */
  readonly feeApplied: number;
}

/**
 * A payment of `amount` towards an invoice of `total` (incl. VAT) of which `paidBefore` is paid, and the reminder fee it
 * carries: first the invoice (so a customer who pays only the invoice amount has paid the invoice, and the salary is
 * whole), then the fee charged and not yet paid, and only what is beyond both is an overpayment. So a payment of the
 * invoice plus its fee, by the same OCR reference, pays both and is no overpayment.
 */
export function allocatePayment(
  total: number,
  paidBefore: number,
  amount: number,
  fee: ReminderFeeState = { charged: 0, paid: 0 },
): PaymentAllocation {
  assertMinorUnits(fee.charged, 'fee charged');
  assertMinorUnits(fee.paid, 'fee paid');
  if (fee.charged < 0 || fee.paid < 0 || fee.paid > fee.charged) {
    throw new RangeError('Need 0 ≤ fee paid ≤ fee charged');
  }
  const outcome = paymentOutcome(total, paidBefore, amount);
  const feeApplied = Math.min(outcome.overpaid, fee.charged - fee.paid);
  return { ...outcome, feeApplied, overpaid: outcome.overpaid - feeApplied };
}

/** What an invoice's salary is computed from (invoice-totals.ts and its mileage), all but the mileage in its currency. */
export interface SalaryBasis {
  /** Total including VAT: what the customer pays. */
  readonly totalInclVat: number;
  /** Total excluding VAT: the salary's I. */
  readonly totalExclVat: number;
  /** Receipts including their VAT (reimbursed tax-free). */
  readonly receipts: number;
  /** The receipts' VAT, which the platform deducts. */
  readonly deductibleInputVat: number;
  /** The mileage allowance, SEK öre (SEK by law, whatever the invoice's currency). */
  readonly mileageSek: number;
}

/** The share of a basis one payment pays for: the same fields, without the total incl. VAT. */
export type SalaryBasisShare = Omit<SalaryBasis, 'totalInclVat'>;

function cumulative(part: number, paid: number, total: number): number {
  return toMinorUnits(ratio(BigInt(part) * BigInt(paid), BigInt(total)));
}

/** The share of `basis` paid by a payment that takes the invoice from `paidBefore` to `paidAfter` (incl. VAT). */
export function shareOfPayment(basis: SalaryBasis, paidBefore: number, paidAfter: number): SalaryBasisShare {
  const { totalInclVat: total } = basis;
  for (const [name, value] of Object.entries(basis)) {
    assertMinorUnits(value, name);
    if (value < 0) throw new RangeError(`${name} must be ≥ 0`);
  }
  if (basis.deductibleInputVat > basis.receipts) throw new RangeError('Need deductibleInputVat ≤ receipts');
  if (total <= 0 || paidBefore < 0 || paidBefore > paidAfter || paidAfter > total) {
    throw new RangeError('Need 0 ≤ paidBefore ≤ paidAfter ≤ totalInclVat');
  }
  const share = (part: number) => cumulative(part, paidAfter, total) - cumulative(part, paidBefore, total);
  const vat = share(basis.deductibleInputVat);
  return {
    totalExclVat: share(basis.totalExclVat),
    receipts: share(basis.receipts - basis.deductibleInputVat) + vat,
    deductibleInputVat: vat,
    mileageSek: share(basis.mileageSek),
  };
}
