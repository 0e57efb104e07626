// Test helper: the text a reader (or a machine) gets out of a PDF, through pdf.js, with every run of white space
// (no-break spaces of Swedish digit grouping included) as one space, so assertions read like the printed page.
import { extractText, getDocumentProxy } from 'unpdf';

export interface ExtractedPdf {
  readonly pages: number;
  /** The whole document's text, white space collapsed. */
  readonly text: string;
  /** Each page's text, white space collapsed. */
  readonly pageTexts: readonly string[];
}

const collapse = (text: string) => text.replace(/\s+/gu, ' ').trim();

export async function extractPdfText(bytes: Uint8Array): Promise<ExtractedPdf> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  const pageTexts = text.map(collapse);
  return { pages: totalPages, text: pageTexts.join(' '), pageTexts };
}

/**
 * What the text layer gives of a text: composed (the PDF draws NFC), every white space run as one space. A soft hyphen
 * (U+00AD) is by definition invisible unless a line breaks at it (see wrappable).
 */
export const shownInPdf = (text: string): string => text.normalize('NFC').replace(/\s+/gu, ' ').trim();
export const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
/**
 * A text the PDF may have wrapped anywhere: where a line broke, extraction gives a space or nothing; a soft hyphen is
 * a place to break, shown as nothing or, at a break, as "-". Before the first visible character such a gap shows as
 * nothing at all (a value that starts with a soft hyphen and spaces sits right after its label).
 */
export function wrappablePattern(text: string): string {
  let pattern = '';
  let gap: { space: boolean; softHyphen: boolean } | null = null;
  for (const c of shownInPdf(text)) {
    if (c === ' ' || c === '\u00ad') {
      gap ??= { space: false, softHyphen: false };
      if (c === ' ') gap.space = true;
      else gap.softHyphen = true;
      continue;
    }
    if (pattern !== '') {
      if (!gap) pattern += ' ?';
      else if (gap.space) pattern += gap.softHyphen ? '(?: ?-)? (?:- ?)?' : ' ';
      else pattern += '-? ?';
    }
    gap = null;
    pattern += escapeRegExp(c);
  }
  return pattern;
}
/** Whether the extracted text of a PDF shows `text`, allowing only for what extraction and wrapping do (above). */
export const pdfShows = (pdf: string, text: string): boolean => new RegExp(wrappablePattern(text), 'u').test(pdf);

/** One run of text as pdf.js places it: page (1-based), left edge and baseline in PDF points (origin bottom left). */
export interface PdfTextBox {
  readonly page: number;
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Every non-blank text run of the PDF with its box, for layout checks (does anything run into anything else?). */
export async function extractPdfBoxes(bytes: Uint8Array): Promise<PdfTextBox[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const boxes: PdfTextBox[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , , x, y] = item.transform as number[];
      boxes.push({ page: number, text: item.str, x: x!, y: y!, width: item.width, height: item.height });
    }
  }
  return boxes;
}

/**
 * Pairs of text runs on one page that run into each other: boxes that overlap, or on one line closer than `gap` points
 * (two columns read as one). Boxes reach from the baseline up to the glyphs' height, so lines 12 points apart never
 * meet. pdf.js joins runs it finds close enough into one (with a space): a test that expects two columns apart should
 * also look for each value as a run of its own.
 */
export function crowdedBoxes(boxes: readonly PdfTextBox[], gap = 0): [PdfTextBox, PdfTextBox][] {
  const out: [PdfTextBox, PdfTextBox][] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.page !== b.page) continue;
      const vertical = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (vertical <= 0.5) continue;
      const apart = Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width);
      if (apart < gap) out.push([a, b]);
    }
  }
  return out;
}
