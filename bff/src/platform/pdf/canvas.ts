// A thin layer over pdfkit shared by the invoice and the payslip: A4, the one font in two weights, single lines placed
// by their left or right edge (measured here, so pdfkit's line wrapper only runs where text really wraps), page
// breaks with a repeated header, and the finished file as bytes.
import PDFDocument from 'pdfkit';
import { pdfFonts } from './fonts.ts';
import type { PdfLanguage } from './texts.ts';

export const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
export const CONTENT_RIGHT = PAGE.width - PAGE.margin;
export const COLORS = { text: '#1b1f1d', muted: '#5b6661', accent: '#1f5c4a', rule: '#c9d1cd', fill: '#eef3f1' };

export interface TextStyle {
  readonly bold?: boolean;
  readonly size?: number;
  readonly color?: string;
}

export interface PdfMeta {
  readonly title: string;
  readonly author: string;
  readonly subject: string;
  readonly language: PdfLanguage;
  /** Written as the file's creation date; fixed by the caller so the same document gives the same bytes. */
  readonly createdAt: Date;
}

const DEFAULT_SIZE = 9;

export class PdfCanvas {
  readonly #doc: PDFKit.PDFDocument;
  readonly #chunks: Buffer[] = [];
  readonly #finished: Promise<Uint8Array>;
  /** The lowest y content may reach before the footer; pages break there. */
  readonly bottom: number;
  /** Where the next block starts. */
  y: number = PAGE.margin;
  #onNewPage: (() => void) | undefined;

  constructor(meta: PdfMeta, footerHeight: number) {
    const fonts = pdfFonts();
    this.#doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      compress: true,
      bufferPages: true,
      lang: meta.language === 'sv' ? 'sv-SE' : 'en',
      displayTitle: true,
      // No default font: pdfkit would load Helvetica's metrics for every document (and a font object here would make
      // every later switch to the registered font compare the two fonts' name tables).
      font: null as unknown as string,
      info: {
        Title: meta.title,
        Author: meta.author,
        Subject: meta.subject,
        Creator: meta.author,
        Producer: meta.author,
        CreationDate: meta.createdAt,
      },
    });
    this.#doc.registerFont('regular', fonts.regular as unknown as string);
    this.#doc.registerFont('bold', fonts.bold as unknown as string);
    this.bottom = PAGE.height - PAGE.margin - footerHeight;
    this.#finished = new Promise((resolve, reject) => {
      this.#doc.on('data', (chunk: Buffer) => this.#chunks.push(chunk));
      this.#doc.on('end', () => resolve(new Uint8Array(Buffer.concat(this.#chunks))));
      this.#doc.on('error', reject);
    });
  }

  #style(style: TextStyle): PDFKit.PDFDocument {
    return this.#doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(style.size ?? DEFAULT_SIZE)
      .fillColor(style.color ?? COLORS.text);
  }

  widthOf(value: string, style: TextStyle = {}): number {
    return this.#style(style).widthOfString(value);
  }

  lineHeight(style: TextStyle = {}): number {
    return (style.size ?? DEFAULT_SIZE) * 1.3;
  }

  /** One line starting at `x`. */
  text(value: string, x: number, y: number, style: TextStyle = {}): void {
    if (value === '') return;
    // Composed, so "e" + a combining accent is the one glyph "é" (the font is not shaped, see fonts.ts).
    this.#style(style).text(value.normalize('NFC'), x, y, { lineBreak: false });
  }

  /** One line ending at `right`. */
  textRight(value: string, right: number, y: number, style: TextStyle = {}): void {
    if (value === '') return;
    this.text(value, right - this.widthOf(value.normalize('NFC'), style), y, style);
  }

  /** Text wrapped into `width`; returns the height it took. */
  wrapped(value: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    if (value === '') return 0;
    value = value.normalize('NFC');
    const doc = this.#style(style);
    // Single lines are by far the most common: measure before asking the line wrapper.
    if (doc.widthOfString(value) <= width) {
      doc.text(value, x, y, { lineBreak: false });
      return this.lineHeight(style);
    }
    const options = { width, lineGap: (style.size ?? DEFAULT_SIZE) * 0.3 };
    const height = doc.heightOfString(value, options);
    doc.text(value, x, y, options);
    return height;
  }

  /** The height `value` takes wrapped into `width`. */
  wrappedHeight(value: string, width: number, style: TextStyle = {}): number {
    value = value.normalize('NFC');
    const doc = this.#style(style);
    if (value === '' || doc.widthOfString(value) <= width) return value === '' ? 0 : this.lineHeight(style);
    return doc.heightOfString(value, { width, lineGap: (style.size ?? DEFAULT_SIZE) * 0.3 });
  }

  rule(x1: number, y: number, x2: number, color: string = COLORS.rule, width = 0.6): void {
    this.#doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
  }

  box(x: number, y: number, width: number, height: number, color: string = COLORS.fill): void {
    this.#doc.rect(x, y, width, height).fillColor(color).fill();
  }

  /** Called after every page break to draw the repeated header (and move `y` below it). */
  onNewPage(draw: () => void): void {
    this.#onNewPage = draw;
  }

  /** Starts a new page when `height` more does not fit above the footer. */
  ensureSpace(height: number): void {
    if (this.y + height <= this.bottom) return;
    this.#doc.addPage();
    this.y = PAGE.margin;
    this.#onNewPage?.();
  }

  /** Draws on every page (footer, page numbers) once the content is complete, then finishes the file. */
  finish(drawOnEveryPage: (page: number, pages: number) => void): Promise<Uint8Array> {
    const range = this.#doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.#doc.switchToPage(range.start + i);
      drawOnEveryPage(i + 1, range.count);
    }
    this.#doc.end();
    return this.#finished;
  }
}
