// Numbers, dates and identifiers as a reader of the PDF expects them in its language. Formatted by hand from the
// integers: Intl would go through floating point and prints a minus sign (U+2212) the check of problem 18 excludes.
import type { PdfLanguage } from './texts.ts';

const GROUP: Readonly<Record<PdfLanguage, string>> = { sv: '\u00a0', en: ',' };
const DECIMAL: Readonly<Record<PdfLanguage, string>> = { sv: ',', en: '.' };

function group(digits: string, language: PdfLanguage): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[language]);
}

/** Minor units with two decimals and grouping: 1234550 → `12 345,50` (sv) or `12,345.50` (en). */
export function formatAmount(minor: number, language: PdfLanguage): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount in minor units: ${minor}`);
  const digits = String(Math.abs(minor)).padStart(3, '0');
  const whole = group(digits.slice(0, -2), language);
  return `${minor < 0 ? '-' : ''}${whole}${DECIMAL[language]}${digits.slice(-2)}`;
}

/** An exact decimal string (`'11.4823'`, `'10.00'`, `'25'`) without trailing zeros: `11,4823`, `10`, `25`. */
export function formatDecimalText(value: string | number, language: PdfLanguage): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal: ${text}`);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  return `${match[1]}${group(match[2] ?? '0', language)}${fraction ? `${DECIMAL[language]}${fraction}` : ''}`;
}

/** Hundredths of a unit (quantities): 150 → `1,5`, 1000 → `10`, 1234 → `12,34`. */
export function formatHundredths(hundredths: number, language: PdfLanguage): string {
  if (!Number.isSafeInteger(hundredths)) throw new RangeError(`Not a quantity in hundredths: ${hundredths}`);
  const digits = String(Math.abs(hundredths)).padStart(3, '0');
  return formatDecimalText(`${hundredths < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`, language);
}

/** A 10-digit Swedish organisation or personal number as printed: `NNNNNN-NNNN`. */
export function formatOrganisationNumber(digits: string): string {
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 6)}-${digits.slice(6)}` : digits;
}

const countryNames: Readonly<Record<PdfLanguage, Intl.DisplayNames>> = {
  sv: new Intl.DisplayNames(['sv'], { type: 'region' }),
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
};

/** The country's name in the language (`DE` → `Tyskland` / `Germany`), the code itself when unknown. */
export function countryName(code: string, language: PdfLanguage): string {
  try {
    return countryNames[language].of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
