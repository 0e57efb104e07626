// The periods the operator reports for (docs/product/back-office.md#the-operators-month): a calendar month
// (`2026-11`, the employer declaration and a monthly VAT return) or a calendar quarter (`2026-Q4`, a quarterly VAT
// return and its EC sales list), as first and last day; the declarations' due dates; whole kronor as the forms take
// them.
import { daysInMonth, formatIsoDate, parseIsoDate } from './calendar-date.ts';
import { bankDayOnOrAfter } from './bank-days.ts';

export type ReportPeriod = {
  readonly kind: 'month' | 'quarter';
  /** As asked: `2026-11` or `2026-Q4`. */
  readonly key: string;
  readonly year: number;
  /** 1–12 for a month, 1–4 for a quarter. */
  readonly number: number;
  /** First and last day, `YYYY-MM-DD`. */
  readonly from: string;
  readonly to: string;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;

/** The month `YYYY-MM`, or null for anything else (years 2000–2099: the product's tables start in 2025). */
export function parseMonth(text: string): ReportPeriod | null {
  const match = MONTH.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || year > 2099) return null;
  return {
    kind: 'month',
    key: text,
    year,
    number: month,
    from: formatIsoDate({ year, month, day: 1 }),
    to: formatIsoDate({ year, month, day: daysInMonth(year, month) }),
  };
}

/** A month (`2026-11`) or a quarter (`2026-Q4`); null for anything else. */
export function parseReportPeriod(text: string): ReportPeriod | null {
  const month = parseMonth(text);
  if (month) return month;
  const match = QUARTER.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const quarter = Number(match[2]);
  if (year < 2000 || year > 2099) return null;
  const last = quarter * 3;
  return {
    kind: 'quarter',
    key: text,
    year,
    number: quarter,
    from: formatIsoDate({ year, month: last - 2, day: 1 }),
    to: formatIsoDate({ year, month: last, day: daysInMonth(year, last) }),
  };
}

/** The period of `kind` a day falls in. */
export function periodOf(day: string, kind: 'month' | 'quarter'): ReportPeriod {
  const date = parseIsoDate(day);
  if (!date) throw new RangeError(`Not a day: ${day}`);
  const month = String(date.month).padStart(2, '0');
  const key = kind === 'month' ? `${date.year}-${month}` : `${date.year}-Q${Math.ceil(date.month / 3)}`;
  return parseReportPeriod(key)!;
}

/** The month before. */
export function previousMonth(period: ReportPeriod): ReportPeriod {
  const year = period.number === 1 ? period.year - 1 : period.year;
  const month = period.number === 1 ? 12 : period.number - 1;
  return parseMonth(`${year}-${String(month).padStart(2, '0')}`)!;
}

/** `YYYYMM`, the employer declaration's period (field 006). */
export function declarationPeriodCode(month: ReportPeriod): string {
  return `${month.year}${String(month.number).padStart(2, '0')}`;
}

/**
 * The EC sales list's period code (Skatteverket's file format SKV574008): `YYMM` for a month (`2611`), `YY-Q` for a
 * quarter (`26-4`).
 */
export function ecSalesListPeriodCode(period: ReportPeriod): string {
  const yy = String(period.year % 100).padStart(2, '0');
  return period.kind === 'month' ? `${yy}${String(period.number).padStart(2, '0')}` : `${yy}-${period.number}`;
}

/**
 * When the employer declaration of a month is due (Skatteverket; shared/domain/sweden.md): the 12th of the next
 * month, the 17th when that month is January or August. A due day on a weekend or
 * holiday moves to the next weekday (lag (1930:173) om beräkning av lagstadgad tid, which counts midsummer, Christmas
 * and New Year's eves as holidays: exactly the days banks are closed, so the bank-day calendar answers).
 */
export function employerDeclarationDueDate(month: ReportPeriod): string {
  const year = month.number === 12 ? month.year + 1 : month.year;
  const next = month.number === 12 ? 1 : month.number + 1;
  const day = next === 1 || next === 8 ? 17 : 12;
  return bankDayOnOrAfter(formatIsoDate({ year, month: next, day }));
}

/**
 * An amount in öre as the forms take it, whole kronor with the öre left out (Skatteverket: "ange beloppen i hela
 * kronor", öre are not reported): truncated toward zero, so −12.75 kr is −12.
 */
export function wholeKronor(ore: number): number {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`Not öre: ${ore}`);
  return Math.trunc(ore / 100);
}
