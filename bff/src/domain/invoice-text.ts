// Which characters an invoice may carry (problem 18, "invalid characters in the invoice"; docs/product/errors.md): the PDF is set in
// a font with the Latin scripts, and the e-invoice is XML, so text outside that repertoire would be lost or refused
// on the way to the customer. Checked on every text the invoice prints (rows, expenses, reference, the recipient).
//
// Allowed, after NFC normalisation (so "e" + combining acute counts as "é"): printable Basic Latin, Latin-1 Supplement,
// Latin Extended-A and -B and Latin Extended Additional (every European Latin alphabet, Vietnamese), general
// punctuation (dashes, typographic quotes, bullet, ellipsis, per mille), currency symbols (€), № and ™. Refused:
// control characters (tabs and line breaks included: every field is one line), emoji, other scripts, private-use and
// unassigned code points. Widening the set is a font decision for the PDF first.

const ALLOWED_RANGES: readonly (readonly [number, number])[] = [
  [0x0020, 0x007e],
  [0x00a0, 0x024f],
  [0x1e00, 0x1eff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x20a0, 0x20c0],
  [0x2116, 0x2116],
  [0x2122, 0x2122],
];

export function isInvoiceCharacter(character: string): boolean {
  const code = character.codePointAt(0);
  if (code === undefined || [...character].length !== 1) return false;
  return ALLOWED_RANGES.some(([low, high]) => code >= low && code <= high);
}

/** The distinct characters of `text` an invoice cannot carry, in order of appearance (empty when all are fine). */
export function invalidInvoiceCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const character of text.normalize('NFC')) {
    if (!isInvoiceCharacter(character)) found.add(character);
  }
  return [...found];
}
