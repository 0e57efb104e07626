// OCR payment references and Bankgiro numbers (Bankgirot: "OCR-referenskontroll", "Bankgironummer").
//
// An OCR reference is 2–25 digits whose last digit is a modulus-10 (Luhn) check digit over the digits before it. With
// length control (which we always use for our own references) the digit before the check digit is the reference's
// total length, check and length digits included, modulo 10: a customer who drops or repeats a digit is caught even
// when the Luhn sum happens to match.

import { isValidLuhn, luhnCheckDigit } from './luhn.ts';

export const OCR_MIN_LENGTH = 2;
export const OCR_MAX_LENGTH = 25;

/**
 * The OCR reference for an invoice number (digits, or a non-negative safe integer): the number, a length digit and a
 * Luhn check digit. Throws a RangeError for anything else or a number too long for 25 digits.
 */
export function ocrReferenceFor(invoiceNumber: string | number): string {
  const payload = typeof invoiceNumber === 'number' ? String(invoiceNumber) : invoiceNumber;
  if (
    (typeof invoiceNumber === 'number' && !(Number.isSafeInteger(invoiceNumber) && invoiceNumber >= 0)) ||
    !/^\d+$/.test(payload)
  ) {
    throw new RangeError('An OCR reference is made from a number of digits only');
  }
  if (payload.length + 2 > OCR_MAX_LENGTH) {
    throw new RangeError(`An OCR reference has at most ${OCR_MAX_LENGTH} digits`);
  }
  const withLength = `${payload}${(payload.length + 2) % 10}`;
  return `${withLength}${luhnCheckDigit(withLength)}`;
}

export type OcrReferenceError =
  | 'empty'
  | 'invalid_format'
  | 'invalid_length'
  | 'invalid_length_digit'
  | 'invalid_checksum';

export type OcrReferenceResult =
  | { readonly valid: true; readonly normalised: string }
  | { readonly valid: false; readonly error: OcrReferenceError };

/**
 * Checks a reference as a person types it (spaces ignored). `lengthDigit: 'required'` (default) also checks the length
 * digit, as for every reference this product issues; `'none'` only the check digit, as for references others issue.
 */
export function parseOcrReference(
  input: string,
  options: { readonly lengthDigit?: 'required' | 'none' } = {},
): OcrReferenceResult {
  if (typeof input !== 'string') {
    return { valid: false, error: 'invalid_format' };
  }
  const digits = input.replace(/\s+/g, '');
  if (digits === '') {
    return { valid: false, error: 'empty' };
  }
  if (!/^\d+$/.test(digits)) {
    return { valid: false, error: 'invalid_format' };
  }
  const requireLength = (options.lengthDigit ?? 'required') === 'required';
  if (digits.length < (requireLength ? 3 : OCR_MIN_LENGTH) || digits.length > OCR_MAX_LENGTH) {
    return { valid: false, error: 'invalid_length' };
  }
  if (!isValidLuhn(digits)) {
    return { valid: false, error: 'invalid_checksum' };
  }
  if (requireLength && Number(digits.at(-2)) !== digits.length % 10) {
    return { valid: false, error: 'invalid_length_digit' };
  }
  return { valid: true, normalised: digits };
}

export function isValidOcrReference(input: string, options?: { readonly lengthDigit?: 'required' | 'none' }): boolean {
  return parseOcrReference(input, options).valid;
}

export type BankgiroNumberResult =
  | {
      readonly valid: true;
      /** `NNN-NNNN` or `NNNN-NNNN`, as Bankgirot prints it. */
      readonly formatted: string;
      readonly digits: string;
    }
  | { readonly valid: false; readonly error: 'empty' | 'invalid_format' | 'invalid_checksum' };

const BANKGIRO = /^(\d{3,4})-?(\d{4})$/;

/** A Bankgiro number: 7 or 8 digits (`NNN-NNNN`, `NNNN-NNNN`, or without the hyphen), the last a Luhn check digit. */
export function parseBankgiroNumber(input: string): BankgiroNumberResult {
  if (typeof input !== 'string') {
    return { valid: false, error: 'invalid_format' };
  }
  const value = input.trim();
  if (value === '') {
    return { valid: false, error: 'empty' };
  }
  const match = BANKGIRO.exec(value);
  if (!match) {
    return { valid: false, error: 'invalid_format' };
  }
  const digits = `${match[1] ?? ''}${match[2] ?? ''}`;
  if (!isValidLuhn(digits)) {
    return { valid: false, error: 'invalid_checksum' };
  }
  return { valid: true, formatted: `${digits.slice(0, -4)}-${digits.slice(-4)}`, digits };
}

export function isValidBankgiroNumber(input: string): boolean {
  return parseBankgiroNumber(input).valid;
}
