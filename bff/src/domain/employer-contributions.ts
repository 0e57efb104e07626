// Employer contributions (arbetsgivaravgifter): which rate applies to a person's salary, by birth year and payment date.

import { compareCalendarDates, parseIsoDate, toCalendarDate } from './calendar-date.ts';
import { datedEntryAt } from './dated-table.ts';
import { add, formatPercent, min, multiply, percent, ratio, subtract, max, ZERO } from './exact-decimal.ts';
import type { PercentString, Ratio } from './exact-decimal.ts';
import { assertMinorUnits } from './money.ts';
import { parsePersonalIdentityNumber } from './personal-identity-number.ts';
import { EMPLOYER_CONTRIBUTION_RULES } from './rates.ts';

export type EmployerContributionCategory = 'standard' | 'older_worker' | 'born_1937_or_earlier' | 'youth';

export type EmployerContributionRate = {
  readonly category: EmployerContributionCategory;
  /** The rate on the whole salary; for `youth`, the reduced rate on the salary up to `reducedRateUpTo`. */
  readonly rate: PercentString;
  /** `youth` only: how much more salary this calendar month still gets the reduced rate (SEK öre, ≥ 0); null otherwise. */
  readonly reducedRateUpTo: number | null;
  /** `youth` only: the rate on salary beyond `reducedRateUpTo`; null otherwise. */
  readonly rateAboveCap: PercentString | null;
  /** `validFrom` of the rules used, to store beside a computed salary. */
  readonly rulesValidFrom: string;
};

export type EmployerContributionInput = {
  /** `YYYY-MM-DD`, the real birth date (a co-ordination number's day already less 60). */
  readonly birthDate: string;
  /** The day the salary is paid: it decides the rules, the year and the calendar month. */
  readonly paymentDate: Date | string;
  /** Gross salary already paid to the person in the payment date's calendar month (SEK öre): it uses up the youth cap. */
  readonly salaryAlreadyPaidThisMonth?: number;
};

/**
 * The employer contribution rate for a salary paid on `paymentDate` to someone born on `birthDate`. Throws a RangeError
 * for a malformed birth date, a birth after the payment date, or a date outside the rules table.
 */
export function employerContributionRate(input: EmployerContributionInput): EmployerContributionRate {
  const birth = parseIsoDate(input.birthDate);
  if (!birth) {
    throw new RangeError(`Not an ISO birth date: ${input.birthDate}`);
  }
  const paid = toCalendarDate(input.paymentDate);
  if (compareCalendarDates(birth, paid) > 0) {
    throw new RangeError('Birth date after the payment date');
  }
  const alreadyPaid = input.salaryAlreadyPaidThisMonth ?? 0;
  assertMinorUnits(alreadyPaid, 'salaryAlreadyPaidThisMonth');
  const { value: rules, validFrom } = datedEntryAt(EMPLOYER_CONTRIBUTION_RULES, input.paymentDate);
  const plain = (category: EmployerContributionCategory, rate: PercentString): EmployerContributionRate => ({
    category,
    rate: formatPercent(percent(rate)),
    reducedRateUpTo: null,
    rateAboveCap: null,
    rulesValidFrom: validFrom,
  });

  if (birth.year <= rules.exemptBornUpTo) {
    return plain('born_1937_or_earlier', '0');
  }
  if (birth.year >= rules.olderWorkerBornFrom && birth.year <= rules.olderWorkerBornTo) {
    return plain('older_worker', rules.olderWorkerRate);
  }
  const youth = rules.youth;
  if (youth && birth.year >= youth.bornFrom && birth.year <= youth.bornTo) {
    return {
      category: 'youth',
      rate: formatPercent(percent(youth.rate)),
      reducedRateUpTo: Math.max(0, youth.monthlyCap - Math.max(0, alreadyPaid)),
      rateAboveCap: formatPercent(percent(rules.standardRate)),
      rulesValidFrom: validFrom,
    };
  }
  return plain('standard', rules.standardRate);
}

/**
 * The same from a personal identity or co-ordination number (any written form; the payment date decides the century of
 * a short form). Throws a RangeError for an invalid number: a salary is never computed for an unknown age.
 */
export function employerContributionRateForPersonalIdentityNumber(
  personalIdentityNumber: string,
  paymentDate: Date | string,
  salaryAlreadyPaidThisMonth = 0,
): EmployerContributionRate {
  const person = parsePersonalIdentityNumber(personalIdentityNumber, paymentDate);
  if (!person.valid) {
    throw new RangeError(`Invalid personal identity number (${person.error})`);
  }
  return employerContributionRate({ birthDate: person.birthDate, paymentDate, salaryAlreadyPaidThisMonth });
}

export type ContributionBase = {
  readonly rate: PercentString;
  /** The part of the gross salary this rate applies to (SEK öre). */
  readonly salary: number;
};

/** How a gross salary splits over the rates (one part, or two for a youth salary crossing the monthly cap). */
export function contributionBases(grossSalary: number, rate: EmployerContributionRate): ContributionBase[] {
  assertMinorUnits(grossSalary, 'grossSalary');
  if (rate.reducedRateUpTo === null || rate.rateAboveCap === null || grossSalary <= rate.reducedRateUpTo) {
    return [{ rate: rate.rate, salary: grossSalary }];
  }
  const reduced = Math.max(0, rate.reducedRateUpTo);
  const bases = [{ rate: rate.rateAboveCap, salary: grossSalary - reduced }];
  return reduced > 0 ? [{ rate: rate.rate, salary: reduced }, ...bases] : bases;
}

/** The exact (unrounded) employer contributions on an exact gross salary in öre. */
export function exactEmployerContributions(grossSalary: Ratio, rate: EmployerContributionRate): Ratio {
  const reducedRate = percent(rate.rate);
  if (rate.reducedRateUpTo === null || rate.rateAboveCap === null) {
    return multiply(grossSalary, reducedRate);
  }
  const cap = ratio(rate.reducedRateUpTo);
  const below = min(grossSalary, cap);
  const above = max(ZERO, subtract(grossSalary, cap));
  return add(multiply(below, reducedRate), multiply(above, percent(rate.rateAboveCap)));
}
