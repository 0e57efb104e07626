import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isInvoiceCharacter } from '../../domain/invoice-text.ts';
import { pdfFonts, withoutTables } from './fonts.ts';

describe('PDF fonts', () => {
  test('both weights have a glyph for every character an invoice may carry (problem 18 and the font agree)', () => {
    const { regular, bold } = pdfFonts();
    const missing: string[] = [];
    let allowed = 0;
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      if (!isInvoiceCharacter(String.fromCodePoint(codePoint))) continue;
      allowed++;
      for (const [name, font] of [
        ['regular', regular],
        ['bold', bold],
      ] as const) {
        if (!font.hasGlyphForCodePoint(codePoint)) missing.push(`${name} U+${codePoint.toString(16).toUpperCase()}`);
      }
    }
    assert.ok(allowed > 800, `the repertoire is the Latin scripts (${allowed} characters)`);
    assert.deepEqual(missing, []);
  });

  test('the layout tables are gone and nothing else changed', () => {
    const { regular } = pdfFonts();
    // fontkit's table directory is not in its published types.
    const tags = Object.keys((regular as unknown as { directory: { tables: object } }).directory.tables);
    for (const tag of ['GSUB', 'GPOS', 'GDEF']) assert.ok(!tags.includes(tag), tag);
    for (const tag of ['cmap', 'glyf', 'loca', 'hmtx', 'head', 'name', 'post']) assert.ok(tags.includes(tag), tag);
    assert.equal(regular.postscriptName, 'NotoSans-Regular');
    assert.ok(regular.glyphForCodePoint(0xe5).advanceWidth > 0);
  });

  test('withoutTables keeps the other tables byte for byte', () => {
    // A hand-made sfnt with three 4-byte tables: AAAA, GPOS, ZZZZ.
    const tables = [
      ['AAAA', [1, 2, 3, 4]],
      ['GPOS', [9, 9, 9, 9]],
      ['ZZZZ', [5, 6, 7, 8]],
    ] as const;
    const font = new Uint8Array(12 + 16 * tables.length + 4 * tables.length);
    const view = new DataView(font.buffer);
    view.setUint32(0, 0x00010000);
    view.setUint16(4, tables.length);
    tables.forEach(([tag, bytes], i) => {
      const at = 12 + i * 16;
      for (let k = 0; k < 4; k++) font[at + k] = tag.charCodeAt(k);
      view.setUint32(at + 4, 1000 + i);
      view.setUint32(at + 8, 12 + 16 * tables.length + 4 * i);
      view.setUint32(at + 12, 4);
      font.set(bytes, 12 + 16 * tables.length + 4 * i);
    });
    const out = withoutTables(font, new Set(['GPOS']));
    const outView = new DataView(out.buffer);
    assert.equal(outView.getUint16(4), 2);
    const read = (i: number) => {
      const at = 12 + i * 16;
      const offset = outView.getUint32(at + 8);
      return {
        tag: String.fromCharCode(...out.subarray(at, at + 4)),
        checksum: outView.getUint32(at + 4),
        bytes: [...out.subarray(offset, offset + outView.getUint32(at + 12))],
      };
    };
    assert.deepEqual(read(0), { tag: 'AAAA', checksum: 1000, bytes: [1, 2, 3, 4] });
    assert.deepEqual(read(1), { tag: 'ZZZZ', checksum: 1002, bytes: [5, 6, 7, 8] });
  });
});
