// Unit and property tests for vacation-pay.ts and the vacation pay in THE salary function. The vectors were computed
// by hand with exact fractions (Python's Fraction), in the rounding order of docs/product/payments.md#vacation-pay.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isBankDay } from './bank-days.ts';
import { multiply, percent, ratio, subtract, compare, divide } from './exact-decimal.ts';
import type { Ratio } from './exact-decimal.ts';
import { computeSalary, invoiceAmountForTarget } from './salary.ts';
import {
  expectedVacationPayPayoutDay,
  setAsideSocialFee,
  splitVacationPay,
  vacationPayDueBefore,
  vacationPayPayout,
  vacationPayPayoutDay,
  vacationPayPayoutDayAfter,
  vacationPayRateAt,
} from './vacation-pay.ts';

const PAID = '2026-05-25';
const abs = (r: Ratio): Ratio => (r.numerator < 0n ? { numerator: -r.numerator, denominator: r.denominator } : r);
/** |a − b| ≤ bound (all exact). */
const within = (a: Ratio, b: Ratio, bound: Ratio) => compare(abs(subtract(a, b)), bound) <= 0;

describe('splitVacationPay', () => {
  it('the public 40 000 kr example: G 28 610.56 = S 25 545.14 + V 3 065.42', () => {
    assert.equal(vacationPayRateAt(PAID), '12');
    assert.deepEqual(splitVacationPay(2_861_056, '12'), { vacationPay: 306_542, salary: 2_554_514 });
  });

  it('rounds half up: 112 öre is 100 + 12, 56 öre is 50 + 6, 7 öre gives 0.75 → 1', () => {
    assert.deepEqual(splitVacationPay(112, '12'), { vacationPay: 12, salary: 100 });
    assert.deepEqual(splitVacationPay(56, '12'), { vacationPay: 6, salary: 50 });
    assert.deepEqual(splitVacationPay(7, '12'), { vacationPay: 1, salary: 6 });
    assert.deepEqual(splitVacationPay(0, '12'), { vacationPay: 0, salary: 0 });
    // 14/28 of an öre exactly: 12 × 70 / 112 = 7.5 → 8.
    assert.deepEqual(splitVacationPay(70, '12'), { vacationPay: 8, salary: 62 });
  });

  it('property: S + V = G; V within ½ öre of G × 12/112 and within 0.56 öre of 12 % of S', () => {
    const twelve = percent('12');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (gross) => {
        const { vacationPay, salary } = splitVacationPay(gross, '12');
        assert.equal(salary + vacationPay, gross);
        assert.ok(within(ratio(vacationPay), ratio(BigInt(gross) * 12n, 112n), ratio(1, 2)));
        assert.ok(within(ratio(vacationPay), multiply(ratio(salary), twelve), ratio(56, 100)));
        assert.ok(vacationPay >= 0 && salary >= 0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('setAsideSocialFee and vacationPayPayout', () => {
  it('the example: 963.16 of 8 989.44 kr set aside; paid out at 30 %: tax 919.63, net 2 145.79', () => {
    assert.equal(setAsideSocialFee(898_944, 306_542, 2_861_056), 96_316);
    assert.deepEqual(vacationPayPayout(306_542, '30'), {
      grossAmount: 306_542,
      incomeTaxRate: '30',
      incomeTaxAmount: 91_963,
      netAmount: 214_579,
    });
    assert.equal(vacationPayPayout(306_542, '32').netAmount, 208_449);
    assert.equal(setAsideSocialFee(0, 0, 0), 0);
    assert.throws(() => setAsideSocialFee(10, 11, 10), RangeError);
  });

  it('property: the share is within ½ öre of socialFee × V / G, never more than the contributions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000_000 }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        (gross, socialFee) => {
          const { vacationPay } = splitVacationPay(gross, '12');
          const share = setAsideSocialFee(socialFee, vacationPay, gross);
          assert.ok(
            within(ratio(share), divide(ratio(BigInt(socialFee) * BigInt(vacationPay)), ratio(gross)), ratio(1, 2)),
          );
          assert.ok(share >= 0 && share <= socialFee);
        },
      ),
    );
  });
});

describe('the yearly payout day', () => {
  it('the last bank day before midsummer eve (a Thursday), hand-listed', () => {
    assert.deepEqual([2025, 2026, 2027, 2028, 2029].map(vacationPayPayoutDay), [
      '2025-06-19',
      '2026-06-18',
      '2027-06-24',
      '2028-06-22',
      '2029-06-21',
    ]);
  });

  it('property: a bank day between 18 and 24 June; what was saved before it is due in its batch, and not earlier', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          const year = Number(day.slice(0, 4));
          const payoutDay = vacationPayPayoutDay(year);
          assert.ok(isBankDay(payoutDay));
          assert.ok(payoutDay >= `${year}-06-18` && payoutDay <= `${year}-06-24`);
          const after = vacationPayPayoutDayAfter(day);
          assert.ok(after > day);
          // Saved on `day`: not due in any batch before the next payout day, due in that one.
          assert.ok(day >= vacationPayDueBefore(day));
          assert.ok(day < vacationPayDueBefore(after));
          assert.equal(expectedVacationPayPayoutDay(day, day), after);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('vacation pay in computeSalary', () => {
  const base = { invoiceAmount: 4_000_000, birthDate: '1985-06-01', paymentDate: PAID } as const;

  it('paid with the salary (the default): every figure as before, V shown as part of G', () => {
    const salary = computeSalary(base);
    assert.equal(salary.grossSalary, 2_861_056);
    assert.equal(salary.vacationPayAmount, 306_542);
    assert.equal(salary.salaryExcludingVacationPay, 2_554_514);
    assert.equal(salary.saveVacationPay, false);
    assert.equal(salary.savedVacationPayAmount, 0);
    assert.equal(salary.savedVacationPaySocialFeeAmount, 0);
    assert.equal(salary.socialFeeAmount, 898_944);
    assert.equal(salary.incomeTaxAmount, 858_317);
    assert.equal(salary.netSalary, 2_002_739);
    assert.equal(salary.payout, 2_002_739);
    assert.equal(salary.rates.vacationPay, '12.00');
  });

  it('saved: tax and net on S only, V and its contributions set aside, G and the contributions unchanged', () => {
    const salary = computeSalary({ ...base, saveVacationPay: true });
    assert.equal(salary.grossSalary, 2_861_056);
    assert.equal(salary.socialFeeAmount, 898_944);
    assert.equal(salary.savedVacationPayAmount, 306_542);
    assert.equal(salary.savedVacationPaySocialFeeAmount, 96_316);
    assert.equal(salary.incomeTaxAmount, 766_354); // 30 % of 25 545.14
    assert.equal(salary.netSalary, 1_788_160); // 17 881.60
    assert.equal(salary.payout, 1_788_160);
  });

  it('property: the parts add up, saved or not, and saving moves exactly V (and its tax) out of the pay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 6000 }).map((n) => (n / 100).toFixed(2)),
        fc.integer({ min: 0, max: 3000 }).map((n) => (n / 100).toFixed(2)),
        fc.constantFrom('1985-06-01', '1950-03-03', '1930-01-01', '2005-07-07'),
        fc.integer({ min: 0, max: 5_000_000 }),
        (invoiceAmount, incomeTaxRate, pensionRate, birthDate, reimbursements) => {
          const input = { invoiceAmount, incomeTaxRate, pensionRate, birthDate, paymentDate: PAID, reimbursements };
          const paid = computeSalary(input);
          const saved = computeSalary({ ...input, saveVacationPay: true });
          for (const key of [
            'grossSalary',
            'socialFeeAmount',
            'pensionAmount',
            'pensionTaxAmount',
            'vacationPayAmount',
          ] as const)
            assert.equal(saved[key], paid[key], key);
          assert.equal(paid.salaryExcludingVacationPay + paid.vacationPayAmount, paid.grossSalary);
          assert.equal(saved.savedVacationPayAmount, saved.vacationPayAmount);
          assert.equal(saved.netSalary, saved.salaryExcludingVacationPay - saved.incomeTaxAmount, 'net = S − tax(S)');
          assert.equal(saved.incomeTaxAmount, Number(multiplyRound(saved.salaryExcludingVacationPay, incomeTaxRate)));
          assert.equal(saved.payout, saved.netSalary + saved.reimbursements);
          assert.ok(saved.savedVacationPaySocialFeeAmount <= saved.socialFeeAmount);
          // What is paid now and what is saved (taxed later at the same rate) differ from paying at once only by the
          // rounding of two taxes instead of one: at most one öre.
          const later = vacationPayPayout(saved.savedVacationPayAmount, incomeTaxRate);
          assert.ok(Math.abs(saved.netSalary + later.netAmount - paid.netSalary) <= 1);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: the reverse is exact with vacation pay saved: the answer fed back gives the same net and payout', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000_000 }),
        fc.integer({ min: 0, max: 6000 }).map((n) => (n / 100).toFixed(2)),
        fc.integer({ min: 0, max: 3000 }).map((n) => (n / 100).toFixed(2)),
        fc.boolean(),
        fc.constantFrom<'netSalary' | 'payout'>('netSalary', 'payout'),
        fc.constantFrom('1985-06-01', '2005-07-07', '1930-01-01'),
        (target, incomeTaxRate, pensionRate, saveVacationPay, what, birthDate) => {
          const input = { incomeTaxRate, pensionRate, birthDate, paymentDate: PAID, saveVacationPay };
          const found = invoiceAmountForTarget(target, input, what);
          assert.ok(found);
          const again = computeSalary({ ...input, invoiceAmount: found.invoiceAmount });
          assert.equal(again[what], target);
          if (found.invoiceAmount > 0)
            assert.ok(computeSalary({ ...input, invoiceAmount: found.invoiceAmount - 1 })[what] < target);
        },
      ),
      { numRuns: 300 },
    );
  });
});

function multiplyRound(amount: number, rate: string): bigint {
  const exact = multiply(ratio(amount), percent(rate));
  return (2n * exact.numerator + exact.denominator) / (2n * exact.denominator);
}
