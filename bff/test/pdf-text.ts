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
