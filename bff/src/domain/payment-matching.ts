// Which invoice a customer's payment may be for: the OCR references it carries, else invoice numbers written in its
// free text. The module looks the candidates up and matches only when exactly one payable invoice answers; anything
// else is left for an admin, never guessed.
//
// Our OCR references always carry a length digit and a Luhn check digit (ocr.ts), so a reference that passes both is
// taken as an OCR even when Bankgirot reports it unchecked (reference code 4: the payer typed it into a free reference
// field). Invoice numbers are looked for in the information text (record 25) and in references that are not OCRs:
// numbers after a word such as "faktura", "invoice", "fakt.nr" or "#" first; bare numbers only when no such word is
// there. Digit groups split by single spaces ("100 164") are read as one number, as people write them.

import { parseOcrReference } from './ocr.ts';

export interface PaymentReferences {
  /** The payment's own reference as given (spaces trimmed). */
  readonly reference: string;
  /** Whether Bankgirot checked it as an OCR reference. */
  readonly checkedOcr: boolean;
  /** Further references the payment covers (BgMax records 22), positive ones only. */
  readonly extraReferences?: readonly string[];
  /** Free text (BgMax record 25, or an admin's note). */
  readonly informationText?: readonly string[];
}

export interface MatchCandidates {
  /** OCR references to look up, normalised (digits), in the order found. */
  readonly ocrReferences: readonly string[];
  /** Invoice numbers to look up when no OCR reference matches. */
  readonly invoiceNumbers: readonly number[];
}

/** A run of digits, or thousands written apart ("100 164"). */
const DIGITS = String.raw`\d(?:\d| (?=\d{3}(?!\d)))*`;
const INVOICE_WORD = new RegExp(
  String.raw`(?:\b(?:fakturanummer|fakturanr|faktura|fakt|fnr|invoice|inv|nr|no)\b\.?|#)\s*(?:(?:nr|no|number|nummer)\b\.?)?\s*[:#]?\s*(${DIGITS})`,
  'giu',
);
const NUMBER = new RegExp(String.raw`(?<!\d)${DIGITS}(?!\d)`, 'gu');
/** A number in free text is taken as an OCR reference only from this length (a short one passes its checks by chance). */
const MIN_FREE_TEXT_OCR = 6;
/** Invoice numbers are positive and fit a bigint column; longer digit runs are account or phone numbers. */
const MAX_INVOICE_NUMBER_DIGITS = 15;

function ocrOf(text: string): string | null {
  const parsed = parseOcrReference(text);
  return parsed.valid ? parsed.normalised : null;
}

function invoiceNumber(text: string): number | null {
  const digits = text.replace(/ /g, '').replace(/^0+/, '');
  if (digits === '' || digits.length > MAX_INVOICE_NUMBER_DIGITS) return null;
  return Number(digits);
}

/** The OCR references and invoice numbers to try, each once, most reliable first. */
export function matchCandidates(payment: PaymentReferences): MatchCandidates {
  const ocr = new Set<string>();
  const references = [payment.reference, ...(payment.extraReferences ?? [])].map((r) => r.trim()).filter(Boolean);
  const texts = [...(payment.informationText ?? [])];
  for (const [index, reference] of references.entries()) {
    // The payment's own reference counts as an OCR when Bankgirot checked it or it is long enough not to be chance.
    const normalised = ocrOf(reference);
    if (normalised && (index > 0 || payment.checkedOcr || normalised.length >= MIN_FREE_TEXT_OCR)) {
      ocr.add(normalised);
    } else {
      texts.push(reference);
    }
  }
  const numbers = new Set<number>();
  const bare = new Set<number>();
  for (const text of texts) {
    for (const match of text.matchAll(INVOICE_WORD)) {
      const number = invoiceNumber(match[1]!);
      if (number) numbers.add(number);
    }
    for (const match of text.matchAll(NUMBER)) {
      const found = ocrOf(match[0]);
      if (found && found.length >= MIN_FREE_TEXT_OCR) ocr.add(found);
      const number = invoiceNumber(match[0]);
      if (number) bare.add(number);
    }
  }
  return { ocrReferences: [...ocr], invoiceNumbers: [...(numbers.size > 0 ? numbers : bare)] };
}
