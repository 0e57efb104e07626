// Swedish personal identity numbers (personnummer) and co-ordination numbers (samordningsnummer): parsing, checks, birth date and age.

import {
  compareCalendarDates,
  formatIsoDate,
  isValidCalendarDate,
  parseIsoDate,
  toCalendarDate,
} from './calendar-date.ts';
import type { CalendarDate } from './calendar-date.ts';
import { isValidLuhn } from './luhn.ts';

export type PersonalIdentityNumberError = 'empty' | 'invalid_format' | 'invalid_date' | 'invalid_checksum';

export type PersonalIdentityNumberResult =
  | {
      readonly valid: true;
      /** `YYYYMMDDNNNC`, 12 digits, with the day as written (day + 60 for a co-ordination number). */
      readonly normalised: string;
      /** The real birth date, `YYYY-MM-DD` (the day − 60 for a co-ordination number). */
      readonly birthDate: string;
      readonly isCoordinationNumber: boolean;
    }
  | { readonly valid: false; readonly error: PersonalIdentityNumberError };

/** `YYYYMMDDNNNC`, `YYYYMMDD-NNNC`, or `YYYYMMDD+NNNC` for someone who has turned (or turns this year) 100. */
const LONG_FORM = /^(\d{4})(\d{2})(\d{2})([-+]?)(\d{4})$/;
/** `YYMMDDNNNC`, `YYMMDD-NNNC` or `YYMMDD+NNNC` (`+` from the year the person turns 100). */
const SHORT_FORM = /^(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/;
const NORMALISED = /^\d{12}$/;

const COORDINATION_DAY_OFFSET = 60;

/**
 * The birth number (födelsenummer, the three digits before the check digit) runs 001–999: Skatteverket never assigns
 * 000, so a number with it is made up even when its check digit adds up.
 */
function hasBirthNumber(serial: string): boolean {
  return !serial.startsWith('000');
}

function invalid(error: PersonalIdentityNumberError): PersonalIdentityNumberResult {
  return { valid: false, error };
}

/** The real day of the month, and whether the number is a co-ordination number, or null when the day cannot be either. */
function realDay(writtenDay: number): { day: number; isCoordinationNumber: boolean } | null {
  if (writtenDay >= 1 && writtenDay <= 31) {
    return { day: writtenDay, isCoordinationNumber: false };
  }
  if (writtenDay >= 1 + COORDINATION_DAY_OFFSET && writtenDay <= 31 + COORDINATION_DAY_OFFSET) {
    return {
      day: writtenDay - COORDINATION_DAY_OFFSET,
      isCoordinationNumber: true,
    };
  }
  return null;
}

/**
 * The birth year for a short-form number: with `-` (or no separator) the person turns at most 99 in `today`'s year,
 * with `+` at least 100.
 */
function inferYear(twoDigitYear: number, separator: string, today: CalendarDate): number {
  let year = today.year - (today.year % 100) + twoDigitYear;
  if (year > today.year) {
    year -= 100;
  }
  return separator === '+' ? year - 100 : year;
}

/**
 * Parses a personal identity number or co-ordination number written as `YYMMDD-NNNC`, `YYMMDD+NNNC`, `YYMMDDNNNC`,
 * `YYYYMMDDNNNC`, `YYYYMMDD-NNNC` or (100 and older) `YYYYMMDD+NNNC` (surrounding whitespace ignored). `today` decides
 * the century of the short forms and rules out birth dates in the future. A birth number `000` is refused as
 * `invalid_format` (no such number exists), and so are interim numbers (a letter in the serial).
 */
export function parsePersonalIdentityNumber(input: string, today: Date | string): PersonalIdentityNumberResult {
  if (typeof input !== 'string') {
    return invalid('invalid_format');
  }
  const value = input.trim();
  if (value === '') {
    return invalid('empty');
  }
  const todayDate = toCalendarDate(today);

  let year: number;
  let monthText: string;
  let dayText: string;
  let serial: string;
  const long = LONG_FORM.exec(value);
  const short = long ? null : SHORT_FORM.exec(value);
  if (long) {
    year = Number(long[1]);
    // The century is written out, so `+` adds nothing, but it must not contradict it (Skatteverket writes the
    // separated long form with `+` from the year the person turns 100, as the public test list does).
    if (long[4] === '+' && todayDate.year - year < 100) {
      return invalid('invalid_format');
    }
    monthText = long[2] ?? '';
    dayText = long[3] ?? '';
    serial = long[5] ?? '';
  } else if (short) {
    year = inferYear(Number(short[1]), short[4] ?? '', todayDate);
    monthText = short[2] ?? '';
    dayText = short[3] ?? '';
    serial = short[5] ?? '';
  } else {
    return invalid('invalid_format');
  }

  if (!hasBirthNumber(serial)) {
    return invalid('invalid_format');
  }
  const month = Number(monthText);
  const day = realDay(Number(dayText));
  if (!day || !isValidCalendarDate(year, month, day.day)) {
    return invalid('invalid_date');
  }
  const birth: CalendarDate = { year, month, day: day.day };
  if (compareCalendarDates(birth, todayDate) > 0) {
    return invalid('invalid_date');
  }

  const yearText = String(year).padStart(4, '0');
  if (!isValidLuhn(`${yearText.slice(2)}${monthText}${dayText}${serial}`)) {
    return invalid('invalid_checksum');
  }
  return {
    valid: true,
    normalised: `${yearText}${monthText}${dayText}${serial}`,
    birthDate: formatIsoDate(birth),
    isCoordinationNumber: day.isCoordinationNumber,
  };
}

export function isValidPersonalIdentityNumber(input: string, today: Date | string): boolean {
  return parsePersonalIdentityNumber(input, today).valid;
}

/**
 * Whether 10 digits `YYMMDDNNNC` can be a personal identity or co-ordination number without knowing the century:
 * a real date in some century (29 February only if one of 18YY/19YY/20YY is a leap year) and a valid Luhn check digit.
 * Used where the short form appears on its own, as in a Swedish VAT number.
 */
export function isPlausibleShortPersonalIdentityNumber(digits: string): boolean {
  if (!/^\d{10}$/.test(digits) || !isValidLuhn(digits) || !hasBirthNumber(digits.slice(6))) {
    return false;
  }
  const twoDigitYear = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const day = realDay(Number(digits.slice(4, 6)));
  return (
    day !== null && [1800, 1900, 2000].some((century) => isValidCalendarDate(century + twoDigitYear, month, day.day))
  );
}

/**
 * The 10-digit form with separator, `YYMMDD-NNNC`, or `YYMMDD+NNNC` from the year the person turns 100 (as of `today`),
 * of a normalised 12-digit number. Throws a RangeError if `normalised` is not 12 digits.
 */
export function formatShortPersonalIdentityNumber(normalised: string, today: Date | string): string {
  if (!NORMALISED.test(normalised)) {
    throw new RangeError('Expected a normalised 12-digit personal identity number');
  }
  const separator = toCalendarDate(today).year - Number(normalised.slice(0, 4)) >= 100 ? '+' : '-';
  return `${normalised.slice(2, 8)}${separator}${normalised.slice(8)}`;
}

/**
 * Age in whole years on the day `at` of someone born on `birthDate` (`YYYY-MM-DD`). A birthday on 29 February is
 * reached on 1 March in common years. Negative if `at` is before the birth date. Throws a RangeError on a malformed
 * `birthDate`.
 */
export function ageAt(birthDate: string, at: Date | string): number {
  const birth = parseIsoDate(birthDate);
  if (!birth) {
    throw new RangeError(`Not an ISO birth date: ${birthDate}`);
  }
  const day = toCalendarDate(at);
  const beforeBirthday = day.month < birth.month || (day.month === birth.month && day.day < birth.day);
  return day.year - birth.year - (beforeBirthday ? 1 : 0);
}
