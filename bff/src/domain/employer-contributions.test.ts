// Unit tests for employer-contributions.ts: every category at the edges of its birth years and dates.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  contributionBases,
  employerContributionRate,
  employerContributionRateForPersonalIdentityNumber,
  exactEmployerContributions,
} from './employer-contributions.ts';
import { formatDecimal, ratio } from './exact-decimal.ts';

const rate = (birthDate: string, paymentDate: string, salaryAlreadyPaidThisMonth?: number) =>
  employerContributionRate({ birthDate, paymentDate, salaryAlreadyPaidThisMonth });

describe('employerContributionRate by birth year and payment date', () => {
  it('standard 31.42 %', () => {
    assert.deepEqual(rate('1985-06-01', '2026-05-25'), {
      category: 'standard',
      rate: '31.42',
      reducedRateUpTo: null,
      rateAboveCap: null,
      rulesValidFrom: '2026-04-01',
    });
  });

  it('older workers 10.21 %: born 1938–1958 in 2025 and 2026, 1938–1959 in 2027', () => {
    for (const [birth, paid, category] of [
      ['1958-12-31', '2025-03-01', 'older_worker'],
      ['1959-01-01', '2025-03-01', 'standard'],
      ['1958-12-31', '2026-12-31', 'older_worker'],
      ['1959-01-01', '2026-12-31', 'standard'],
      ['1959-12-31', '2027-01-01', 'older_worker'],
      ['1960-01-01', '2027-06-01', 'standard'],
      ['1938-01-01', '2026-06-01', 'older_worker'],
    ] as const) {
      const result = rate(birth, paid);
      assert.equal(result.category, category, `${birth} paid ${paid}`);
      assert.equal(result.rate, category === 'older_worker' ? '10.21' : '31.42');
    }
  });

  it('born 1937 or earlier: 0 %', () => {
    assert.equal(rate('1937-12-31', '2026-06-01').rate, '0.00');
    assert.equal(rate('1937-12-31', '2026-06-01').category, 'born_1937_or_earlier');
    assert.equal(rate('1920-02-29', '2025-01-01').rate, '0.00');
  });

  it('youth (SFS 2026:100): born 2003–2007 from 1 Apr 2026, born 2004–2008 in 2027 up to 30 Sep', () => {
    for (const [birth, paid, youth] of [
      ['2005-06-01', '2026-03-31', false],
      ['2005-06-01', '2026-04-01', true],
      ['2003-01-01', '2026-12-31', true],
      ['2002-12-31', '2026-06-01', false],
      ['2007-12-31', '2026-06-01', true],
      ['2008-01-01', '2026-06-01', false],
      ['2003-06-01', '2027-01-01', false],
      ['2004-01-01', '2027-01-01', true],
      ['2008-12-31', '2027-09-30', true],
      ['2008-12-31', '2027-10-01', false],
      ['2009-01-01', '2027-06-01', false],
    ] as const) {
      const result = rate(birth, paid);
      assert.equal(result.category, youth ? 'youth' : 'standard', `${birth} paid ${paid}`);
    }
    assert.deepEqual(rate('2005-06-01', '2026-04-01'), {
      category: 'youth',
      rate: '20.81',
      reducedRateUpTo: 2_500_000,
      rateAboveCap: '31.42',
      rulesValidFrom: '2026-04-01',
    });
  });

  it('shares the 25 000 kr cap with the salary already paid this month', () => {
    assert.equal(rate('2005-06-01', '2026-05-25', 2_000_000).reducedRateUpTo, 500_000);
    assert.equal(rate('2005-06-01', '2026-05-25', 2_500_000).reducedRateUpTo, 0);
    assert.equal(rate('2005-06-01', '2026-05-25', 9_000_000).reducedRateUpTo, 0);
  });

  it('refuses a malformed birth date, a birth after the payment, or a date outside the rules', () => {
    assert.throws(() => rate('1985-13-01', '2026-05-25'), RangeError);
    assert.throws(() => rate('2026-05-26', '2026-05-25'), RangeError);
    assert.throws(() => rate('1985-01-01', '2024-12-31'), RangeError);
    assert.throws(() => rate('1985-01-01', '2028-01-01'), RangeError);
    assert.throws(() => rate('1985-01-01', '2026-05-25', 1.5), RangeError);
  });
});

describe('from a personal identity or co-ordination number', () => {
  it('reads the birth date, co-ordination numbers included', () => {
    // From the public test list: 194608239986 (born 1946), 197302889931 (co-ordination, born 1973-02-28).
    assert.equal(
      employerContributionRateForPersonalIdentityNumber('194608239986', '2026-06-01').category,
      'older_worker',
    );
    assert.equal(employerContributionRateForPersonalIdentityNumber('730288-9931', '2026-06-01').category, 'standard');
    // 090527+1474: born 1909.
    assert.equal(employerContributionRateForPersonalIdentityNumber('090527+1474', '2026-06-01').rate, '0.00');
    assert.throws(
      () => employerContributionRateForPersonalIdentityNumber('811218-9875', '2026-06-01'),
      /Invalid personal identity number \(invalid_checksum\)/,
    );
  });
});

describe('contribution bases and exact contributions', () => {
  const youth = rate('2005-06-01', '2026-05-25', 2_000_000); // 5 000 kr left at 20.81 %

  it('splits a youth salary at the remaining cap', () => {
    assert.deepEqual(contributionBases(400_000, youth), [{ rate: '20.81', salary: 400_000 }]);
    assert.deepEqual(contributionBases(800_000, youth), [
      { rate: '20.81', salary: 500_000 },
      { rate: '31.42', salary: 300_000 },
    ]);
    const capped = rate('2005-06-01', '2026-05-25', 2_500_000);
    assert.deepEqual(contributionBases(800_000, capped), [{ rate: '31.42', salary: 800_000 }]);
    assert.deepEqual(contributionBases(800_000, rate('1985-01-01', '2026-05-25')), [
      { rate: '31.42', salary: 800_000 },
    ]);
  });

  it('computes contributions exactly: 20.81 % of 5 000 kr plus 31.42 % of 3 000 kr', () => {
    // 104 050 + 94 260 = 198 310 öre
    assert.equal(formatDecimal(exactEmployerContributions(ratio(800_000), youth)), '198310');
    assert.equal(formatDecimal(exactEmployerContributions(ratio(1), rate('1985-01-01', '2026-05-25'))), '0.3142');
  });
});
