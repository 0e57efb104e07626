// Tests for payment-allocation.ts: what a payment settles, and that the shares of any split of payments add up to the
// invoice's salary basis to the öre.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { allocatePayment, paymentOutcome, shareOfPayment, type SalaryBasis } from './payment-allocation.ts';

describe('paymentOutcome', () => {
  it('a payment of the whole amount settles the invoice', () => {
    assert.deepEqual(paymentOutcome(125_000, 0, 125_000), {
      applied: 125_000,
      overpaid: 0,
      paidAfter: 125_000,
      settles: true,
    });
  });

  it('a part leaves the rest outstanding, and a later payment of the rest settles it', () => {
    const first = paymentOutcome(125_000, 0, 50_000);
    assert.deepEqual(first, { applied: 50_000, overpaid: 0, paidAfter: 50_000, settles: false });
    assert.deepEqual(paymentOutcome(125_000, first.paidAfter, 75_000), {
      applied: 75_000,
      overpaid: 0,
      paidAfter: 125_000,
      settles: true,
    });
  });

  it('an overpayment settles the invoice and keeps the excess apart', () => {
    assert.deepEqual(paymentOutcome(125_000, 100_000, 30_000), {
      applied: 25_000,
      overpaid: 5_000,
      paidAfter: 125_000,
      settles: true,
    });
  });

  it('a payment of an invoice already paid is all overpayment', () => {
    assert.deepEqual(paymentOutcome(125_000, 125_000, 1_000), {
      applied: 0,
      overpaid: 1_000,
      paidAfter: 125_000,
      settles: true,
    });
  });

  it('refuses nonsense: no amount, negative or fractional öre, more paid than owed', () => {
    assert.throws(() => paymentOutcome(125_000, 0, 0), RangeError);
    assert.throws(() => paymentOutcome(125_000, 0, -5), RangeError);
    assert.throws(() => paymentOutcome(125_000, 0, 1.5), RangeError);
    assert.throws(() => paymentOutcome(125_000, 125_001, 1), RangeError);
    assert.throws(() => paymentOutcome(0, 0, 1), RangeError);
  });
});

describe('allocatePayment: the invoice, then its reminder fee, then an overpayment', () => {
  it('the invoice plus its 60 kr fee by the same OCR pays both: no overpayment', () => {
    assert.deepEqual(allocatePayment(125_000, 0, 131_000, { charged: 6_000, paid: 0 }), {
      applied: 125_000,
      feeApplied: 6_000,
      overpaid: 0,
      paidAfter: 125_000,
      settles: true,
    });
  });

  it('only the invoice amount: the invoice is paid, the fee stays unpaid', () => {
    assert.deepEqual(allocatePayment(125_000, 0, 125_000, { charged: 6_000, paid: 0 }), {
      applied: 125_000,
      feeApplied: 0,
      overpaid: 0,
      paidAfter: 125_000,
      settles: true,
    });
  });

  it('the fee paid later, on its own, after the invoice; beyond it an overpayment', () => {
    assert.deepEqual(allocatePayment(125_000, 125_000, 7_000, { charged: 6_000, paid: 0 }), {
      applied: 0,
      feeApplied: 6_000,
      overpaid: 1_000,
      paidAfter: 125_000,
      settles: true,
    });
    assert.equal(allocatePayment(125_000, 125_000, 7_000, { charged: 6_000, paid: 6_000 }).overpaid, 7_000);
  });

  it('no fee charged (none stated, or no reminder sent yet): the rest is an overpayment as before', () => {
    assert.deepEqual(allocatePayment(125_000, 0, 131_000), { ...paymentOutcome(125_000, 0, 131_000), feeApplied: 0 });
  });

  it('over any payments: each part non-negative, they add up to the payment, the fee never paid twice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 6_000),
        (total, amounts, charged) => {
          let paid = 0;
          let feePaid = 0;
          for (const amount of amounts) {
            const result = allocatePayment(total, paid, amount, { charged, paid: feePaid });
            assert.ok(result.applied >= 0 && result.feeApplied >= 0 && result.overpaid >= 0);
            assert.equal(result.applied + result.feeApplied + result.overpaid, amount);
            // The fee only once the invoice is paid in full.
            if (result.feeApplied > 0) assert.equal(result.paidAfter, total);
            paid = result.paidAfter;
            feePaid += result.feeApplied;
          }
          assert.ok(paid <= total && feePaid <= charged);
        },
      ),
    );
  });

  it('refuses a fee paid beyond what was charged', () => {
    assert.throws(() => allocatePayment(100, 0, 1, { charged: 6_000, paid: 6_001 }), RangeError);
  });
});

const BASIS: SalaryBasis = {
  totalInclVat: 1_250_000,
  totalExclVat: 1_000_000,
  receipts: 62_500,
  deductibleInputVat: 12_500,
  mileageSek: 25_000,
};

describe('shareOfPayment', () => {
  it('a payment in full pays for the whole basis', () => {
    assert.deepEqual(shareOfPayment(BASIS, 0, BASIS.totalInclVat), {
      totalExclVat: 1_000_000,
      receipts: 62_500,
      deductibleInputVat: 12_500,
      mileageSek: 25_000,
    });
  });

  it('a payment of 40 % pays for 40 % of each part, the rest for the rest', () => {
    const first = shareOfPayment(BASIS, 0, 500_000);
    const rest = shareOfPayment(BASIS, 500_000, 1_250_000);
    assert.deepEqual(first, { totalExclVat: 400_000, receipts: 25_000, deductibleInputVat: 5_000, mileageSek: 10_000 });
    assert.deepEqual(rest, { totalExclVat: 600_000, receipts: 37_500, deductibleInputVat: 7_500, mileageSek: 15_000 });
  });

  it('rounds each cumulative share half up: thirds of 100 öre are 33, 34, 33', () => {
    const basis = { totalInclVat: 3, totalExclVat: 100, receipts: 0, deductibleInputVat: 0, mileageSek: 0 };
    const shares = [shareOfPayment(basis, 0, 1), shareOfPayment(basis, 1, 2), shareOfPayment(basis, 2, 3)];
    assert.deepEqual(
      shares.map((s) => s.totalExclVat),
      [33, 34, 33],
    );
  });

  it('never gives more VAT than receipts, where rounding the two alone would', () => {
    // Receipts 3, VAT 2 of a total of 4, paid one öre at a time: rounding each alone gives the VAT 1 and the receipts 0
    // on the third payment.
    const basis = { totalInclVat: 4, totalExclVat: 4, receipts: 3, deductibleInputVat: 2, mileageSek: 0 };
    for (let paid = 0; paid < 4; paid++) {
      const share = shareOfPayment(basis, paid, paid + 1);
      assert.ok(share.deductibleInputVat <= share.receipts, JSON.stringify(share));
    }
  });

  it('property: any split into payments adds up to the basis exactly, each share within an öre or two of exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 12 }),
        (total, exclVat, receipts, vatPercent, mileage, weights) => {
          const basis: SalaryBasis = {
            totalInclVat: total,
            totalExclVat: exclVat,
            receipts,
            deductibleInputVat: Math.floor((receipts * vatPercent) / 100),
            mileageSek: mileage,
          };
          // Cut the total at the weights' cumulative proportions (the last cut is the total).
          const weightSum = weights.reduce((a, b) => a + b, 0);
          let acc = 0;
          const cuts = weights.map((w) => Math.floor(((acc += w) * total) / weightSum));
          const sums = { totalExclVat: 0, receipts: 0, deductibleInputVat: 0, mileageSek: 0 };
          let before = 0;
          for (const cut of cuts) {
            const share = shareOfPayment(basis, before, cut);
            for (const key of Object.keys(sums) as (keyof typeof sums)[]) {
              assert.ok(share[key] >= 0);
              const exact = (basis[key] * (cut - before)) / total;
              // Two roundings of ½ öre each; the receipts are two such shares (their VAT and the rest).
              const bound = key === 'receipts' ? 2 : 1;
              assert.ok(Math.abs(share[key] - exact) <= bound + 1e-9, `${key} ${share[key]} vs ${exact}`);
              sums[key] += share[key];
            }
            assert.ok(share.deductibleInputVat <= share.receipts);
            before = cut;
          }
          assert.deepEqual(sums, {
            totalExclVat: basis.totalExclVat,
            receipts: basis.receipts,
            deductibleInputVat: basis.deductibleInputVat,
            mileageSek: basis.mileageSek,
          });
        },
      ),
    );
  });
});
