// The employer declaration at individual level (arbetsgivardeklaration på individnivå, AGI) of one month, from what
// the salary items stored (docs/product/back-office.md#employer-declaration): per person the cash gross salary (field
// 011), the tax withheld (001), the employer-contribution bases by category and rate, and the contributions; per month
// the totals (487, 497) and the sum to pay. Salary counts in the month it is PAID OUT (the payout's bank day: the
// cash principle of the declaration), never the month it was earned, and nothing is recomputed with today's rates.
// Whole kronor are the form's reporting step (report-period.ts `wholeKronor`), done once per person and field.
import type { PercentString } from './exact-decimal.ts';
import { wholeKronor } from './report-period.ts';

/** The categories of employer contributions (employer-contributions.ts), as stored on each salary item. */
export type ContributionCategory = 'standard' | 'older_worker' | 'born_1937_or_earlier' | 'youth';

export type ContributionBasis = {
  readonly category: ContributionCategory;
  /** The rate the salary item stored for this part of its gross (`'31.42'`). */
  readonly rate: PercentString;
  /** Öre of cash gross salary at that rate. */
  readonly amount: number;
};

/** One salary paid out: a salary item in a payout, or saved vacation pay in its own payout. Öre. */
export type PaidSalary = {
  readonly ownerId: string;
  readonly payoutId: string;
  readonly payoutNumber: number;
  /** The payout's bank day: decides the month. */
  readonly executionDate: string;
  readonly source: 'salary_item' | 'vacation_pay';
  readonly salaryItemId: string | null;
  readonly invoiceId: string | null;
  /** Field 011: gross salary paid now (vacation pay paid with it included; vacation pay saved is paid later). */
  readonly cashGross: number;
  /** Field 001. */
  readonly taxWithheld: number;
  /** The employer contributions due on `cashGross`, as booked. */
  readonly contributions: number;
  readonly bases: readonly ContributionBasis[];
};

/** What a salary item stored, as far as the declaration needs it (öre; rates as stored). */
export type StoredSalaryItem = {
  readonly grossSalary: number;
  readonly incomeTaxAmount: number;
  readonly socialFeeAmount: number;
  readonly category: string;
  readonly bases: readonly { readonly rate: string; readonly salary: number }[];
  /** Vacation pay set aside instead of paid (0 unless saved), and the contributions set aside with it. */
  readonly savedVacationPayAmount?: number;
  readonly savedVacationPaySocialFee?: number;
};

const CATEGORIES: readonly ContributionCategory[] = ['standard', 'youth', 'older_worker', 'born_1937_or_earlier'];

export function isContributionCategory(value: string): value is ContributionCategory {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** `'31.4200'` (PostgreSQL numeric) and `'31.42'` are one rate: the shortest decimal form. */
export function normaliseRate(rate: string): PercentString {
  if (!/^\d+(\.\d+)?$/.test(rate)) throw new RangeError(`Not a rate: ${rate}`);
  const [whole, fraction = ''] = rate.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${String(Number(whole))}${trimmed ? `.${trimmed}` : ''}`;
}

/**
 * Splits `total` öre over parts in proportion to `weights`, each part rounded down and the öre left over given to the
 * largest remainders (ties to the earlier part): the parts always add up to `total`.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const parts = exact.map(Number);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, remainder: (BigInt(total) * BigInt(w)) % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * A salary item as paid out with its payout: the gross less any saved vacation pay, its tax, the contributions less
 * those set aside with saved vacation pay, and the contribution bases of the paid part (the stored bases, scaled to
 * the paid part when vacation pay was saved: they add up to the cash gross).
 */
export function paidPartOfItem(item: StoredSalaryItem): {
  cashGross: number;
  taxWithheld: number;
  contributions: number;
  bases: ContributionBasis[];
} {
  const category = item.category;
  if (!isContributionCategory(category)) throw new RangeError(`Unknown contribution category: ${category}`);
  const saved = item.savedVacationPayAmount ?? 0;
  const cashGross = item.grossSalary - saved;
  const amounts = apportion(
    cashGross,
    item.bases.map((b) => b.salary),
  );
  return {
    cashGross,
    taxWithheld: item.incomeTaxAmount,
    contributions: item.socialFeeAmount - (item.savedVacationPaySocialFee ?? 0),
    bases: item.bases.map((b, i) => ({ category, rate: normaliseRate(b.rate), amount: amounts[i]! })),
  };
}

/** A `vacation_pay` payout as stored when it went into its file (öre). */
export type StoredVacationPayPayout = {
  /** The saved vacation pay it pays: gross salary of its payout day. */
  readonly grossAmount: number;
  /** Withheld at the income tax rate of its payout day. */
  readonly incomeTaxAmount: number;
  /** The employer contributions set aside with the vacation pay, due now. */
  readonly socialFeeAmount: number;
};

/**
 * Saved vacation pay as paid out by its own payout: the cash gross is the payout's gross (field 011 of the month of its
 * bank day), the tax the payout withheld, the contributions those set aside with it; the contribution bases are each
 * salary item's stored bases (category and rate of the salary it was saved from) scaled to the part saved. The payout's
 * figures must be its items' saved amounts: nothing is recomputed, a mismatch is an error.
 */
export function paidVacationPay(
  payout: StoredVacationPayPayout,
  items: readonly StoredSalaryItem[],
): { cashGross: number; taxWithheld: number; contributions: number; bases: ContributionBasis[] } {
  const saved = items.reduce((sum, i) => sum + (i.savedVacationPayAmount ?? 0), 0);
  const setAside = items.reduce((sum, i) => sum + (i.savedVacationPaySocialFee ?? 0), 0);
  if (saved !== payout.grossAmount || setAside !== payout.socialFeeAmount)
    throw new RangeError(
      `A vacation pay payout of ${payout.grossAmount} (contributions ${payout.socialFeeAmount}) pays items that saved ${saved} (${setAside})`,
    );
  const bases = items.flatMap((item) => {
    if (!isContributionCategory(item.category)) throw new RangeError(`Unknown contribution category: ${item.category}`);
    const category = item.category;
    const amounts = apportion(
      item.savedVacationPayAmount ?? 0,
      item.bases.map((b) => b.salary),
    );
    return item.bases.map((b, i) => ({ category, rate: normaliseRate(b.rate), amount: amounts[i]! }));
  });
  return {
    cashGross: payout.grossAmount,
    taxWithheld: payout.incomeTaxAmount,
    contributions: payout.socialFeeAmount,
    bases: mergeBases(bases),
  };
}

/** Bases merged by category and rate, in a fixed order (category, then rate). */
export function mergeBases(bases: readonly ContributionBasis[]): ContributionBasis[] {
  const byKey = new Map<string, ContributionBasis>();
  for (const basis of bases) {
    const key = `${basis.category}|${basis.rate}`;
    const known = byKey.get(key);
    byKey.set(key, known ? { ...known, amount: known.amount + basis.amount } : basis);
  }
  return [...byKey.values()]
    .filter((b) => b.amount !== 0)
    .sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || Number(a.rate) - Number(b.rate));
}

export type DeclarationPerson = {
  readonly ownerId: string;
  readonly cashGross: number;
  readonly taxWithheld: number;
  readonly contributions: number;
  readonly bases: readonly ContributionBasis[];
  readonly parts: readonly PaidSalary[];
};

export type DeclarationTotals = {
  readonly cashGross: number;
  /** Field 497 in öre. */
  readonly taxWithheld: number;
  /** Field 487 in öre. */
  readonly contributions: number;
  /** What the month's declaration makes due: contributions + tax withheld. */
  readonly toPay: number;
  readonly bases: readonly ContributionBasis[];
};

export type EmployerDeclarationFigures = {
  readonly people: readonly DeclarationPerson[];
  readonly totals: DeclarationTotals;
};

/** Sums the salaries paid out in a month per person (sorted by owner id for a stable order) and for the month. */
export function employerDeclarationFigures(parts: readonly PaidSalary[]): EmployerDeclarationFigures {
  const byOwner = new Map<string, PaidSalary[]>();
  for (const part of parts) {
    if (part.bases.reduce((sum, b) => sum + b.amount, 0) !== part.cashGross) {
      throw new RangeError(`The contribution bases of payout ${part.payoutId} do not add up to its cash gross`);
    }
    byOwner.set(part.ownerId, [...(byOwner.get(part.ownerId) ?? []), part]);
  }
  const people = [...byOwner.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([ownerId, own]) => ({
      ownerId,
      cashGross: own.reduce((sum, p) => sum + p.cashGross, 0),
      taxWithheld: own.reduce((sum, p) => sum + p.taxWithheld, 0),
      contributions: own.reduce((sum, p) => sum + p.contributions, 0),
      bases: mergeBases(own.flatMap((p) => p.bases)),
      parts: [...own].sort((a, b) => a.executionDate.localeCompare(b.executionDate) || a.payoutNumber - b.payoutNumber),
    }));
  const contributions = people.reduce((sum, p) => sum + p.contributions, 0);
  const taxWithheld = people.reduce((sum, p) => sum + p.taxWithheld, 0);
  return {
    people,
    totals: {
      cashGross: people.reduce((sum, p) => sum + p.cashGross, 0),
      taxWithheld,
      contributions,
      toPay: contributions + taxWithheld,
      bases: mergeBases(people.flatMap((p) => p.bases)),
    },
  };
}

/** The figures the form and the file carry, in whole kronor. */
export type DeclaredKronor = {
  readonly people: readonly { readonly ownerId: string; readonly cashGross: number; readonly taxWithheld: number }[];
  /** 487: the month's contributions (the booked öre, in whole kronor). */
  readonly contributions: number;
  /** 497: the sum of every person's 001, so the file's main part agrees with its individual parts. */
  readonly taxWithheld: number;
  readonly toPay: number;
};

export function declaredKronor(figures: EmployerDeclarationFigures): DeclaredKronor {
  const people = figures.people.map((p) => ({
    ownerId: p.ownerId,
    cashGross: wholeKronor(p.cashGross),
    taxWithheld: wholeKronor(p.taxWithheld),
  }));
  const contributions = wholeKronor(figures.totals.contributions);
  const taxWithheld = people.reduce((sum, p) => sum + p.taxWithheld, 0);
  return { people, contributions, taxWithheld, toPay: contributions + taxWithheld };
}

/** A person's figures as frozen when the month was declared (öre). */
export type DeclaredPerson = {
  readonly ownerId: string;
  readonly cashGross: number;
  readonly taxWithheld: number;
  readonly contributions: number;
};

export type PersonCorrection = {
  readonly ownerId: string;
  readonly declared: DeclaredPerson | null;
  readonly current: DeclaredPerson | null;
  /** current − declared, öre. */
  readonly cashGross: number;
  readonly taxWithheld: number;
  readonly contributions: number;
};

/**
 * What changed since a month was declared: per person whose figures differ, the declared and current figures and the
 * difference (a person no longer paid that month has current null; one paid since, declared null). Empty when the
 * month is as declared.
 */
export function declarationCorrections(
  declared: readonly DeclaredPerson[],
  current: readonly DeclaredPerson[],
): PersonCorrection[] {
  const owners = [...new Set([...declared.map((p) => p.ownerId), ...current.map((p) => p.ownerId)])].sort();
  const out: PersonCorrection[] = [];
  for (const ownerId of owners) {
    const was = declared.find((p) => p.ownerId === ownerId) ?? null;
    const now = current.find((p) => p.ownerId === ownerId) ?? null;
    const delta = (key: 'cashGross' | 'taxWithheld' | 'contributions') => (now?.[key] ?? 0) - (was?.[key] ?? 0);
    const correction = {
      ownerId,
      declared: was,
      current: now,
      cashGross: delta('cashGross'),
      taxWithheld: delta('taxWithheld'),
      contributions: delta('contributions'),
    };
    if (correction.cashGross !== 0 || correction.taxWithheld !== 0 || correction.contributions !== 0 || !was !== !now)
      out.push(correction);
  }
  return out;
}
