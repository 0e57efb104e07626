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
 * a place to break, shown as nothing or, at a break, as "-".
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
    if (pattern !== '' || gap) {
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
