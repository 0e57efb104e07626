// Reading a CSV file someone exported (the Riksbank's exchange rates, the old system's records) into lines of cells,
// each with its line number, so every complaint can name the line. Parsing is csv-parse's (RFC 4180 quoting); this
// file decides the text encoding and the delimiter.
import { parse } from 'csv-parse/sync';

export type CsvDelimiter = ';' | ',' | '\t';

export type CsvLine = {
  /** 1-based line number in the file (of the record's first line, for a quoted value spanning lines). */
  readonly line: number;
  readonly cells: readonly string[];
};

export type CsvTable = { readonly delimiter: CsvDelimiter; readonly lines: readonly CsvLine[] };

export type CsvReadResult =
  | { readonly ok: true; readonly table: CsvTable }
  | {
      readonly ok: false;
      readonly line: number;
      readonly code: 'file_empty' | 'csv_malformed';
      readonly message: string;
    };

/**
 * The file's text: UTF-8 (a byte-order mark is dropped), or Windows-1252 when the bytes are not valid UTF-8 (what
 * Excel on Windows saves as "CSV").
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The one of `;`, tab and `,` that the first lines hold most of outside quotes (title lines above the heading may have
 * a comma in their words; the records outnumber them).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const unquoted = text
    .split(/\r?\n/, 20)
    .join('\n')
    .replace(/"[^"]*"/g, '');
  const counts: [CsvDelimiter, number][] = [
    [';', unquoted.split(';').length - 1],
    ['\t', unquoted.split('\t').length - 1],
    [',', unquoted.split(',').length - 1],
  ];
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/** Every non-empty line of the file, cells trimmed. A quote left open or a stray quote rejects the file. */
export function readCsv(text: string, delimiter: CsvDelimiter = detectDelimiter(text)): CsvReadResult {
  if (text.trim() === '') return { ok: false, line: 1, code: 'file_empty', message: 'The file is empty' };
  try {
    const records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    const lines = records
      .map(({ record, info }) => ({ line: info.lines - countNewlines(record), cells: record }))
      .filter(({ cells }) => cells.some((cell) => cell !== ''));
    if (lines.length === 0) return { ok: false, line: 1, code: 'file_empty', message: 'The file has no records' };
    return { ok: true, table: { delimiter, lines } };
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { ok: false, line, code: 'csv_malformed', message: (error as Error).message };
  }
}

// C0 and C1 controls (NUL among them), DEL, the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * The first character of `cell` that no stored text may hold, as `U+0000`: a control character (NUL, which PostgreSQL
 * cannot store in text, among them) or half of a surrogate pair; null when there is none. Cells are trimmed, so a tab
 * or line break inside one is inside the value.
 */
export function forbiddenCharacterIn(cell: string): string | null {
  const control = CONTROL.exec(cell);
  if (control) return `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  if (!cell.isWellFormed()) return 'a lone surrogate';
  return null;
}

/** csv-parse reports the line a record ends on; a quoted value with line breaks started that many lines earlier. */
function countNewlines(cells: readonly string[]): number {
  return cells.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
}
