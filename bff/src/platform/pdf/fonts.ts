// The one typeface of every PDF the platform writes: Noto Sans (SIL Open Font License 1.1, no reserved font name;
// © The Noto Project Authors), regular and bold, from the `@expo-google-fonts/noto-sans` package. It has a glyph for
// every character an invoice may carry (domain/invoice-text.ts; fonts.test.ts proves it), which is why it was chosen
// over DejaVu Sans (missing ₿, ₾, ₽, ₺, ₼ and four Vietnamese letters).
//
// Speed: fontkit shapes text with the OpenType layout tables (GSUB/GPOS/GDEF), and parsing Noto's takes ~250 ms per
// font object and ~1 ms per string after that, far too slow for ≥ 100 invoices a second. Invoice text is NFC-composed
// Latin, which needs no shaping: every character maps to one glyph through `cmap`. So the layout tables are dropped
// once at load (the rest of the file is untouched) and the parsed fonts are shared by every document; what is lost is
// kerning, which invoices and payslips can do without.
//
// Sharing a fontkit font has one trap: fontkit caches a glyph object with the character that first asked for it, and
// subsetting an accented letter such as "Ö" asks for its component "O" with no character at all. The next document's
// "O" would then get no Unicode mapping and read as nothing when copied or extracted. So every character an invoice may
// carry is looked up once at load, in code point order, before any subsetting.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { isInvoiceCharacter } from '../../domain/invoice-text.ts';

export type PdfFont = fontkit.Font;

export interface PdfFonts {
  readonly regular: PdfFont;
  readonly bold: PdfFont;
}

const LAYOUT_TABLES = new Set(['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH']);

/**
 * An sfnt (TrueType/OpenType) file without the tables named in `drop`: a new table directory, the kept tables copied
 * 4-byte aligned with their checksums (their bytes are unchanged).
 */
export function withoutTables(font: Uint8Array, drop: ReadonlySet<string>): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const count = view.getUint16(4);
  const tables: { tag: string; checksum: number; offset: number; length: number }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    tables.push({
      tag: String.fromCharCode(...font.subarray(at, at + 4)),
      checksum: view.getUint32(at + 4),
      offset: view.getUint32(at + 8),
      length: view.getUint32(at + 12),
    });
  }
  const kept = tables.filter((table) => !drop.has(table.tag));
  const directoryLength = 12 + kept.length * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const out = new Uint8Array(kept.reduce((size, table) => size + padded(table.length), directoryLength));
  const outView = new DataView(out.buffer);
  outView.setUint32(0, view.getUint32(0));
  outView.setUint16(4, kept.length);
  const entrySelector = Math.floor(Math.log2(kept.length));
  const searchRange = 2 ** entrySelector * 16;
  outView.setUint16(6, searchRange);
  outView.setUint16(8, entrySelector);
  outView.setUint16(10, kept.length * 16 - searchRange);
  let position = directoryLength;
  kept.forEach((table, i) => {
    const at = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[at + k] = table.tag.charCodeAt(k);
    outView.setUint32(at + 4, table.checksum);
    outView.setUint32(at + 8, position);
    outView.setUint32(at + 12, table.length);
    out.set(font.subarray(table.offset, table.offset + table.length), position);
    position += padded(table.length);
  });
  return out;
}

const require = createRequire(import.meta.url);

function load(file: string): PdfFont {
  const bytes = readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`));
  const font = fontkit.create(Buffer.from(withoutTables(bytes, LAYOUT_TABLES))) as PdfFont;
  // The basic multilingual plane holds every character an invoice may carry (emoji and the like are refused).
  for (let codePoint = 0x20; codePoint <= 0xffff; codePoint++) {
    const character = String.fromCodePoint(codePoint);
    if (isInvoiceCharacter(character)) font.glyphForCodePoint(codePoint);
  }
  return font;
}

let fonts: PdfFonts | undefined;

/** The parsed fonts, loaded on first use and shared by every document (pdfkit subsets them per document). */
export function pdfFonts(): PdfFonts {
  fonts ??= {
    regular: load('400Regular/NotoSans_400Regular.ttf'),
    bold: load('700Bold/NotoSans_700Bold.ttf'),
  };
  return fonts;
}
