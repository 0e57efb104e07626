// Unit and property tests for salary.ts. The vectors were computed by hand with exact fractions, step by step in
// the rounding order of docs/product/domain-rules.md#salaries (a separate Python Fraction script, not this code); the Frilans Finans one is public.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { employerContributionRate, exactEmployerContributions } from './employer-contributions.ts';
import { compare, multiply, percent, ratio, subtract } from './exact-decimal.ts';
import type { Ratio } from './exact-decimal.ts';
import { computeSalary, exactGrossSalary, invoiceAmountForTarget } from './salary.ts';
import type { SalaryInput } from './salary.ts';

const PAID = '2026-05-25';

type Figures = {
  commissionAmount: number;
  grossSalary: number;
  socialFeeAmount: number;
  pensionAmount: number;
  pensionTaxAmount: number;
  incomeTaxAmount: number;
  netSalary: number;
  payout: number;
};

function figures(input: SalaryInput): Figures {
  const s = computeSalary(input);
  return {
    commissionAmount: s.commissionAmount,
    grossSalary: s.grossSalary,
    socialFeeAmount: s.socialFeeAmount,
    pensionAmount: s.pensionAmount,
    pensionTaxAmount: s.pensionTaxAmount,
    incomeTaxAmount: s.incomeTaxAmount,
    netSalary: s.netSalary,
    payout: s.payout,
  };
}

describe('computeSalary: hand-computed vectors', () => {
  it('Frilans Finans public example: 40 000 kr, fee 6 %, tax 30 %, no pension, standard rate', () => {
    const salary = computeSalary({ invoiceAmount: 4_000_000, birthDate: '1985-06-01', paymentDate: PAID });
    assert.deepEqual(
      { ...figures({ invoiceAmount: 4_000_000, birthDate: '1985-06-01', paymentDate: PAID }) },
      {
        commissionAmount: 240_000,
        grossSalary: 2_861_056, // 28 610.56
        socialFeeAmount: 898_944, // 8 989.44
        pensionAmount: 0,
        pensionTaxAmount: 0,
        incomeTaxAmount: 858_317, // 8 583.17
        netSalary: 2_002_739, // 20 027.39
        payout: 2_002_739,
      },
    );
    assert.equal(salary.amount, 4_000_000);
    assert.equal(salary.budget, 3_760_000);
    assert.equal(salary.employerContributionRate, '31.42');
    assert.equal(salary.employerContributionCategory, 'standard');
    assert.deepEqual(salary.employerContributionBases, [{ rate: '31.42', salary: 2_861_056 }]);
    assert.deepEqual(salary.rates, {
      fee: '6.00',
      incomeTax: '30.00',
      pension: '0.00',
      pensionSpecialPayrollTax: '24.26',
      vacationPay: '12.00',
      employerContribution: '31.42',
      employerContributionAboveCap: null,
    });
    assert.equal(salary.paymentDate, PAID);
  });

  it('older worker, 10.21 %', () => {
    // B 37 600 / 1.1021 = 34 116.686… → 34 116.69; social 3 483.31; tax 30 % 10 235.01
    assert.deepEqual(figures({ invoiceAmount: 4_000_000, birthDate: '1950-03-03', paymentDate: PAID }), {
      commissionAmount: 240_000,
      grossSalary: 3_411_669,
      socialFeeAmount: 348_331,
      pensionAmount: 0,
      pensionTaxAmount: 0,
      incomeTaxAmount: 1_023_501,
      netSalary: 2_388_168,
      payout: 2_388_168,
    });
  });

  it('born 1937 or earlier, 0 %: the whole budget is salary', () => {
    assert.deepEqual(figures({ invoiceAmount: 4_000_000, birthDate: '1937-05-05', paymentDate: PAID }), {
      commissionAmount: 240_000,
      grossSalary: 3_760_000,
      socialFeeAmount: 0,
      pensionAmount: 0,
      pensionTaxAmount: 0,
      incomeTaxAmount: 1_128_000,
      netSalary: 2_632_000,
      payout: 2_632_000,
    });
  });

  it('youth below the cap: 20 000 kr invoice → 15 561.63 gross at 20.81 %', () => {
    const input = { invoiceAmount: 2_000_000, birthDate: '2005-06-01', paymentDate: PAID };
    assert.deepEqual(figures(input), {
      commissionAmount: 120_000,
      grossSalary: 1_556_163, // 18 800 / 1.2081 = 15 561.6257…
      socialFeeAmount: 323_837,
      pensionAmount: 0,
      pensionTaxAmount: 0,
      incomeTaxAmount: 466_849,
      netSalary: 1_089_314,
      payout: 1_089_314,
    });
    assert.deepEqual(computeSalary(input).employerContributionBases, [{ rate: '20.81', salary: 1_556_163 }]);
  });

  it('youth above the cap: the piecewise formula', () => {
    // (37 600 + 25 000 × 0.1061) / 1.3142 = 30 628.8997… → 30 628.90 > 25 000
    const input = { invoiceAmount: 4_000_000, birthDate: '2005-06-01', paymentDate: PAID };
    assert.deepEqual(figures(input), {
      commissionAmount: 240_000,
      grossSalary: 3_062_890,
      socialFeeAmount: 697_110, // 5 202.50 + 0.3142 × 5 628.90 = 6 971.1004
      pensionAmount: 0,
      pensionTaxAmount: 0,
      incomeTaxAmount: 918_867,
      netSalary: 2_144_023,
      payout: 2_144_023,
    });
    const salary = computeSalary(input);
    assert.deepEqual(salary.employerContributionBases, [
      { rate: '20.81', salary: 2_500_000 },
      { rate: '31.42', salary: 562_890 },
    ]);
    assert.equal(salary.rates.employerContributionAboveCap, '31.42');
  });

  it('youth with 20 000 kr already paid this month: only 5 000 kr left at the reduced rate', () => {
    // (18 800 + 5 000 × 0.1061) / 1.3142 = 14 708.948…
    assert.deepEqual(
      figures({
        invoiceAmount: 2_000_000,
        birthDate: '2005-06-01',
        paymentDate: PAID,
        salaryAlreadyPaidThisMonth: 2_000_000,
      }),
      {
        commissionAmount: 120_000,
        grossSalary: 1_470_895,
        socialFeeAmount: 409_105,
        pensionAmount: 0,
        pensionTaxAmount: 0,
        incomeTaxAmount: 441_269,
        netSalary: 1_029_626,
        payout: 1_029_626,
      },
    );
    // Cap used up: the standard rate throughout, 18 800 / 1.3142 = 14 305.2807…
    assert.equal(
      computeSalary({
        invoiceAmount: 2_000_000,
        birthDate: '2005-06-01',
        paymentDate: PAID,
        salaryAlreadyPaidThisMonth: 2_600_000,
      }).grossSalary,
      1_430_528,
    );
  });

  it('with 4.5 % pension and its 24.26 % special payroll tax', () => {
    // G = 37 600 / (1.3142 + 0.045 × 1.2426) = 27 442.9118…; pension 1 234.93; its tax 299.59
    assert.deepEqual(
      figures({ invoiceAmount: 4_000_000, birthDate: '1985-06-01', paymentDate: PAID, pensionRate: '4.5' }),
      {
        commissionAmount: 240_000,
        grossSalary: 2_744_291,
        socialFeeAmount: 862_257,
        pensionAmount: 123_493,
        pensionTaxAmount: 29_959,
        incomeTaxAmount: 823_287,
        netSalary: 1_921_004,
        payout: 1_921_004,
      },
    );
  });

  it('older worker with pension and a 32.41 % municipal tax rate', () => {
    assert.deepEqual(
      figures({
        invoiceAmount: 4_000_000,
        birthDate: '1955-01-01',
        paymentDate: PAID,
        pensionRate: '4.50',
        incomeTaxRate: '32.41',
      }),
      {
        commissionAmount: 240_000,
        grossSalary: 3_246_930,
        socialFeeAmount: 331_511,
        pensionAmount: 146_112,
        pensionTaxAmount: 35_447,
        incomeTaxAmount: 1_052_330,
        netSalary: 2_194_600,
        payout: 2_194_600,
      },
    );
  });

  it('youth above the cap with pension', () => {
    // (37 600 + 2 652.50) / (1.3142 + 0.055917) = 29 378.8778…
    assert.deepEqual(
      figures({ invoiceAmount: 4_000_000, birthDate: '2004-02-02', paymentDate: PAID, pensionRate: '4.5' }),
      {
        commissionAmount: 240_000,
        grossSalary: 2_937_888,
        socialFeeAmount: 657_834,
        pensionAmount: 132_205,
        pensionTaxAmount: 32_073,
        incomeTaxAmount: 881_366,
        netSalary: 2_056_522,
        payout: 2_056_522,
      },
    );
  });

  it('reimbursements: a re-invoiced 1 500 kr receipt (300 kr VAT) on a 40 000 kr job', () => {
    // I = 40 000 + 1 200 (receipt excl. VAT) = 41 200; fee 2 472; B = 41 200 − 2 472 − (1 500 − 300) = 37 528
    const salary = computeSalary({
      invoiceAmount: 4_120_000,
      reimbursements: 150_000,
      deductibleInputVat: 30_000,
      birthDate: '1985-06-01',
      paymentDate: PAID,
    });
    assert.equal(salary.commissionAmount, 247_200);
    assert.equal(salary.budget, 3_752_800);
    assert.equal(salary.grossSalary, 2_855_578);
    assert.equal(salary.socialFeeAmount, 897_222);
    assert.equal(salary.incomeTaxAmount, 856_673);
    assert.equal(salary.netSalary, 1_998_905);
    assert.equal(salary.reimbursements, 150_000);
    assert.equal(salary.payout, 2_148_905);
    assert.equal(salary.uncoveredReimbursements, 0);
  });

  it('a campaign fee rate overrides the platform rate', () => {
    const salary = computeSalary({
      invoiceAmount: 4_000_000,
      feeRate: '1.95',
      birthDate: '1985-06-01',
      paymentDate: PAID,
    });
    assert.equal(salary.commissionAmount, 78_000);
    assert.equal(salary.rates.fee, '1.95');
  });

  it('a budget ≤ 0: no salary, reimbursements paid only as far as the invoice covers them', () => {
    // 100 kr invoice, 500 kr receipt without VAT: fee 6 kr, 94 kr paid back, 406 kr uncovered.
    const salary = computeSalary({
      invoiceAmount: 10_000,
      reimbursements: 50_000,
      birthDate: '1985-06-01',
      paymentDate: PAID,
    });
    assert.equal(salary.budget, -40_600);
    assert.equal(salary.grossSalary, 0);
    assert.equal(salary.socialFeeAmount, 0);
    assert.equal(salary.incomeTaxAmount, 0);
    assert.equal(salary.netSalary, 0);
    assert.equal(salary.reimbursements, 9_400);
    assert.equal(salary.uncoveredReimbursements, 40_600);
    assert.equal(salary.payout, 9_400);
    assert.equal(computeSalary({ invoiceAmount: 0, birthDate: '1985-06-01', paymentDate: PAID }).payout, 0);
  });

  it('uses the spec defaults (30 % tax, 0 % pension) for missing rates', () => {
    const missing = computeSalary({
      invoiceAmount: 4_000_000,
      incomeTaxRate: null,
      pensionRate: null,
      birthDate: '1985-06-01',
      paymentDate: PAID,
    });
    assert.equal(missing.incomeTaxAmount, 858_317);
    assert.equal(missing.pensionAmount, 0);
  });

  it('refuses program errors', () => {
    const base = { invoiceAmount: 4_000_000, birthDate: '1985-06-01', paymentDate: PAID };
    assert.throws(() => computeSalary({ ...base, invoiceAmount: -1 }), RangeError);
    assert.throws(() => computeSalary({ ...base, invoiceAmount: 1.5 }), RangeError);
    assert.throws(() => computeSalary({ ...base, incomeTaxRate: '30,5' }), RangeError);
    assert.throws(() => computeSalary({ ...base, incomeTaxRate: '101' }), RangeError);
    assert.throws(() => computeSalary({ ...base, pensionRate: '-1' }), RangeError);
    assert.throws(() => computeSalary({ ...base, reimbursements: 100, deductibleInputVat: 200 }), RangeError);
    assert.throws(() => computeSalary({ ...base, paymentDate: '2024-12-31' }), RangeError);
  });
});

// ---- properties ----

const BIRTH_DATES = [
  '1930-01-01',
  '1937-12-31',
  '1945-07-07',
  '1958-12-31',
  '1959-06-06',
  '1985-06-01',
  '2003-03-03',
  '2005-06-01',
  '2008-08-08',
];
const PAYMENT_DATES = ['2025-02-20', '2026-03-31', '2026-04-01', '2026-12-21', '2027-05-20', '2027-10-20'];

/** A percentage with up to 2 decimals between 0 and `max` %. */
const rateArb = (max: number) =>
  fc.integer({ min: 0, max: max * 100 }).map((hundredths) => (hundredths / 100).toFixed(2));

const inputArb = fc
  .record({
    invoiceAmount: fc.oneof(
      fc.integer({ min: 0, max: 1_000_000_000 }),
      fc.integer({ min: 0, max: 50_000 }),
      fc.integer({ min: 0, max: 300 }),
    ),
    reimbursements: fc.integer({ min: 0, max: 5_000_000 }),
    vatShare: fc.integer({ min: 0, max: 20 }),
    feeRate: rateArb(30),
    incomeTaxRate: rateArb(60),
    pensionRate: fc.oneof(fc.constant('0'), rateArb(30)),
    birthDate: fc.constantFrom(...BIRTH_DATES),
    paymentDate: fc.constantFrom(...PAYMENT_DATES),
    salaryAlreadyPaidThisMonth: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4_000_000 })),
  })
  .map(
    ({ vatShare, reimbursements, ...rest }): SalaryInput => ({
      ...rest,
      reimbursements,
      deductibleInputVat: Math.floor((reimbursements * vatShare) / 100),
    }),
  );

/** |booked − exact| ≤ bound, all in öre. */
function within(booked: number, exact: Ratio, bound: Ratio): boolean {
  const error = subtract(ratio(booked), exact);
  return compare(error, bound) <= 0 && compare(error, multiply(bound, ratio(-1))) >= 0;
}

const HALF = ratio(1, 2);

describe('computeSalary: properties', () => {
  it('the parts add up exactly: I + input VAT = fee + reimbursements + G + social fee + pension + its tax', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = computeSalary(input);
        assert.equal(
          s.amount + s.deductibleInputVat,
          s.commissionAmount +
            s.reimbursements +
            s.grossSalary +
            s.socialFeeAmount +
            s.pensionAmount +
            s.pensionTaxAmount,
        );
        if (s.budget > 0) {
          assert.equal(s.budget, s.grossSalary + s.socialFeeAmount + s.pensionAmount + s.pensionTaxAmount);
        }
        assert.equal(s.netSalary, s.grossSalary - s.incomeTaxAmount);
        assert.equal(s.payout, s.netSalary + s.reimbursements);
        assert.equal(s.reimbursements + s.uncoveredReimbursements, input.reimbursements ?? 0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('every booked amount is within ½ öre of its exact value, the balancing social fee within 1 öre (2 with pension)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = computeSalary(input);
        const employer = employerContributionRate({
          birthDate: input.birthDate,
          paymentDate: input.paymentDate,
          salaryAlreadyPaidThisMonth: input.salaryAlreadyPaidThisMonth,
        });
        const p = percent(input.pensionRate ?? '0');
        assert.ok(within(s.commissionAmount, multiply(ratio(s.amount), percent(input.feeRate ?? '6')), HALF), 'fee');
        if (s.budget <= 0) {
          assert.equal(s.grossSalary + s.socialFeeAmount + s.incomeTaxAmount + s.pensionAmount, 0);
          return;
        }
        const exactG = exactGrossSalary(ratio(s.budget), employer, p, percent('24.26'));
        // At 0 % the gross is the largest whose rounded pension costs fit: off the formula by less than
        // 1 + 1.13/(1 + p') öre below or 1.13 above; the pension balances (0–2 öre over round(G × p), so ≤ 2½ over
        // G × p) and its tax, computed before, is then ≤ ½ + 2 × 24.26 % öre off.
        const zeroRate = employer.rate === '0.00';
        assert.ok(within(s.grossSalary, exactG, zeroRate ? ratio(5, 2) : HALF), 'gross');
        assert.ok(within(s.pensionAmount, multiply(ratio(s.grossSalary), p), zeroRate ? ratio(5, 2) : HALF), 'pension');
        assert.ok(
          within(s.pensionTaxAmount, multiply(ratio(s.pensionAmount), percent('24.26')), zeroRate ? ratio(1) : HALF),
          'pension tax',
        );
        assert.ok(
          within(s.incomeTaxAmount, multiply(ratio(s.grossSalary), percent(input.incomeTaxRate ?? '30')), HALF),
          'tax',
        );
        if (zeroRate) {
          assert.equal(s.socialFeeAmount, 0, 'nothing is owed at 0 %');
        }
        const social = exactEmployerContributions(ratio(s.grossSalary), employer);
        assert.ok(
          within(s.socialFeeAmount, social, p.numerator === 0n ? ratio(1) : ratio(2)),
          `social ${s.socialFeeAmount}`,
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('nothing is negative', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = computeSalary(input);
        for (const key of [
          'commissionAmount',
          'reimbursements',
          'uncoveredReimbursements',
          'grossSalary',
          'socialFeeAmount',
          'pensionAmount',
          'pensionTaxAmount',
          'incomeTaxAmount',
          'netSalary',
          'payout',
        ] as const) {
          assert.ok(s[key] >= 0, `${key} = ${s[key]}`);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('one more öre of invoice never lowers the net or the payout, and raises each by at most one öre', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const a = computeSalary(input);
        const b = computeSalary({ ...input, invoiceAmount: input.invoiceAmount + 1 });
        for (const key of ['netSalary', 'payout'] as const) {
          assert.ok(b[key] - a[key] >= 0 && b[key] - a[key] <= 1, `${key}: ${a[key]} → ${b[key]}`);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('invoiceAmountForTarget: the reverse calculator', () => {
  const person = { birthDate: '1985-06-01', paymentDate: PAID };

  it('finds the invoice for the Frilans Finans net salary', () => {
    const result = invoiceAmountForTarget(2_002_739, person);
    assert.ok(result);
    assert.equal(result.salary.netSalary, 2_002_739);
    // 40 000 kr gives it; so may a few öre less, never one more than needed.
    assert.ok(result.invoiceAmount <= 4_000_000);
    assert.ok(computeSalary({ ...person, invoiceAmount: result.invoiceAmount - 1 }).netSalary < 2_002_739);
  });

  it('finds the invoice for a wanted payout including reimbursements', () => {
    const input = { ...person, reimbursements: 100_000, pensionRate: '4.5' };
    const result = invoiceAmountForTarget(2_000_000, input, 'payout');
    assert.ok(result);
    assert.equal(result.salary.payout, 2_000_000);
  });

  it('is 0 for nothing and null when nothing can reach the target (a 100 % fee)', () => {
    assert.equal(invoiceAmountForTarget(0, person)?.invoiceAmount, 0);
    assert.equal(invoiceAmountForTarget(1, { ...person, feeRate: '100' }), null);
  });

  it('gives exactly the target with the smallest possible invoice (property)', () => {
    fc.assert(
      fc.property(
        inputArb,
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom('netSalary' as const, 'payout' as const),
        (input, target, what) => {
          const result = invoiceAmountForTarget(target, input, what);
          if (result === null) {
            return;
          }
          assert.ok(result.salary[what] >= target);
          if (result.invoiceAmount > 0) {
            assert.ok(computeSalary({ ...input, invoiceAmount: result.invoiceAmount - 1 })[what] < target, 'minimal');
            // One öre less falls short and each öre adds at most one: so the target is hit exactly.
            assert.equal(result.salary[what], target);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
