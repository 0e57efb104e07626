// The Riksbank's published exchange rates ("Search interest & exchange rates", exported as CSV) read into SEK per one
// unit of each currency and day. The export comes in two layouts, with Swedish or English headings, semicolons, and a
// decimal comma or point; title lines may come before the heading line (docs/product/back-office.md#exchange-rates):
//
//   long: Datum;Grupp;Serie;Värde           wide: Date;SEKEURPMI;SEKUSDPMI
//         2026-11-02;130;SEKEURPMI;11,0534        2026-11-02;11.0534;9.6210
//
// A series is named by its id (`SEKEURPMI`: SEK per 1 EUR) or its name (`1 EUR`, `100 JPY`: SEK per 100 JPY). Cells
// of bank holidays say `n/a`. Everything is checked before anything is kept: one bad line rejects the file.
import { parseIsoDate } from './calendar-date.ts';
import { forbiddenCharacterIn, readCsv, type CsvLine } from './csv-table.ts';
import { compare, divide, formatDecimal, parseDecimal, ratio } from './exact-decimal.ts';

/** The currencies invoices may use besides SEK: the only ones kept. */
export const RATE_CURRENCIES = ['EUR', 'USD', 'NOK', 'DKK', 'GBP'] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

export type RiksbankObservation = {
  readonly currency: RateCurrency;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** SEK for one unit, exact decimal, at most 10 decimals. */
  readonly sekPerUnit: string;
};

export type RiksbankFileError = {
  readonly line: number;
  readonly code:
    | 'file_empty'
    | 'csv_malformed'
    | 'header_unrecognised'
    | 'series_unrecognised'
    | 'date_invalid'
    | 'value_invalid'
    | 'invalid_characters'
    | 'duplicate';
  readonly message: string;
};

export type RiksbankParseResult =
  | {
      readonly ok: true;
      readonly layout: 'long' | 'wide';
      readonly observations: readonly RiksbankObservation[];
      /** Series of other currencies, seen and not kept. */
      readonly skippedSeries: readonly string[];
    }
  | { readonly ok: false; readonly errors: readonly RiksbankFileError[] };

const DATE_HEADINGS = new Set(['date', 'datum', 'period', 'dag', 'day']);
const SERIES_HEADINGS = new Set([
  'series',
  'serie',
  'series id',
  'serie id',
  'seriesid',
  'serieid',
  'series name',
  'serienamn',
]);
const VALUE_HEADINGS = new Set(['value', 'värde', 'varde', 'observation']);
const MISSING = new Set(['', 'n/a', 'na', '-', '..']);
/** At most this many complaints: a wrong file would otherwise list every line. */
const MAX_ERRORS = 200;

const heading = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, ' ');

type Series = { readonly currency: string; readonly unit: number };

/** `SEKEURPMI` → EUR per 1; `1 EUR`, `100 JPY`, `100 JPY = ? SEK` → that unit; undefined otherwise. */
export function seriesOf(name: string): Series | undefined {
  const text = name.trim().toUpperCase();
  const id = /^SEK([A-Z]{3})PMI$/.exec(text);
  if (id) return { currency: id[1]!, unit: 1 };
  const named = /^(\d{1,6})\s+([A-Z]{3})\b/.exec(text);
  if (named) return { currency: named[2]!, unit: Number(named[1]) };
  return undefined;
}

const isRateCurrency = (currency: string): currency is RateCurrency =>
  (RATE_CURRENCIES as readonly string[]).includes(currency);

/** A published value (`11,0534`, `11.0534`) per `unit` as SEK per one unit, or null when it is not one. */
function perUnit(cell: string, unit: number): string | null {
  const text = cell.trim().replace(',', '.');
  if (!/^\d{1,10}(\.\d{1,12})?$/.test(text)) return null;
  const value = parseDecimal(text, 12);
  if (!value || compare(value, ratio(0)) <= 0) return null;
  try {
    return formatDecimal(divide(value, ratio(unit)), 0, 10);
  } catch {
    return null;
  }
}

export function parseRiksbankRates(text: string): RiksbankParseResult {
  const read = readCsv(text);
  if (!read.ok) return { ok: false, errors: [{ line: read.line, code: read.code, message: read.message }] };
  const lines = read.table.lines;
  // A control character (a NUL, say) anywhere is a bad line: a series name with one would be reported and logged.
  const characterErrors = lines.flatMap((line) => {
    const found = line.cells.map(forbiddenCharacterIn).find((character) => character !== null);
    return found
      ? [{ line: line.line, code: 'invalid_characters' as const, message: `A control character (${found}) in a cell` }]
      : [];
  });
  if (characterErrors.length) return { ok: false, errors: characterErrors.slice(0, MAX_ERRORS) };
  const headerIndex = lines.findIndex((line) => DATE_HEADINGS.has(heading(line.cells[0] ?? '')));
  const header = lines[headerIndex];
  if (!header) {
    return {
      ok: false,
      errors: [
        {
          line: lines[0]?.line ?? 1,
          code: 'header_unrecognised',
          message: 'No heading line starting with Date (Datum, Period): not an exchange-rate export of the Riksbank',
        },
      ],
    };
  }
  const body = lines.slice(headerIndex + 1);
  const headings = header.cells.map(heading);
  const seriesColumn = headings.findIndex((cell) => SERIES_HEADINGS.has(cell));
  const valueColumn = headings.findIndex((cell) => VALUE_HEADINGS.has(cell));
  return seriesColumn > 0 && valueColumn > 0
    ? collect('long', body, (line) => [{ series: line.cells[seriesColumn] ?? '', cell: line.cells[valueColumn] ?? '' }])
    : wide(header, body);
}

type Cell = { series: string; cell: string };

function wide(header: CsvLine, body: readonly CsvLine[]): RiksbankParseResult {
  const columns = header.cells.slice(1);
  const unknown = columns.filter((name) => !seriesOf(name));
  if (columns.length === 0 || unknown.length > 0) {
    return {
      ok: false,
      errors: [
        {
          line: header.line,
          code: columns.length === 0 ? 'header_unrecognised' : 'series_unrecognised',
          message:
            columns.length === 0
              ? 'The heading line names no series'
              : `Not a currency series: ${unknown.join(', ')} (expected e.g. SEKEURPMI or "1 EUR")`,
        },
      ],
    };
  }
  return collect('wide', body, (line) => columns.map((series, i) => ({ series, cell: line.cells[i + 1] ?? '' })));
}

function collect(
  layout: 'long' | 'wide',
  body: readonly CsvLine[],
  cellsOf: (line: CsvLine) => Cell[],
): RiksbankParseResult {
  const errors: RiksbankFileError[] = [];
  const seen = new Map<string, { sekPerUnit: string; line: number }>();
  const skipped = new Set<string>();
  const fail = (line: number, code: RiksbankFileError['code'], message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ line, code, message });
  };
  for (const line of body) {
    const date = (line.cells[0] ?? '').trim();
    if (!parseIsoDate(date)) {
      fail(line.line, 'date_invalid', `Not a date (YYYY-MM-DD): ${JSON.stringify(date)}`);
      continue;
    }
    for (const { series: name, cell } of cellsOf(line)) {
      const series = seriesOf(name);
      if (!series) {
        fail(line.line, 'series_unrecognised', `Not a currency series: ${JSON.stringify(name)}`);
        continue;
      }
      if (!isRateCurrency(series.currency)) {
        skipped.add(name.trim());
        continue;
      }
      if (MISSING.has(cell.trim().toLowerCase())) continue;
      const sekPerUnit = perUnit(cell, series.unit);
      if (sekPerUnit === null) {
        fail(line.line, 'value_invalid', `Not a rate above 0: ${JSON.stringify(cell)}`);
        continue;
      }
      const key = `${series.currency} ${date}`;
      const earlier = seen.get(key);
      if (earlier && compare(parseDecimal(earlier.sekPerUnit)!, parseDecimal(sekPerUnit)!) !== 0) {
        fail(line.line, 'duplicate', `${series.currency} on ${date} differs from line ${earlier.line}`);
        continue;
      }
      if (!earlier) seen.set(key, { sekPerUnit, line: line.line });
    }
  }
  if (errors.length) return { ok: false, errors };
  const observations = [...seen].map(([key, { sekPerUnit }]) => {
    const [currency, date] = key.split(' ') as [RateCurrency, string];
    return { currency, date, sekPerUnit };
  });
  observations.sort((a, b) =>
    a.date === b.date ? a.currency.localeCompare(b.currency) : a.date.localeCompare(b.date),
  );
  return { ok: true, layout, observations, skippedSeries: [...skipped].sort() };
}
