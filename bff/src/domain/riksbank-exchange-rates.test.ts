import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRiksbankRates, seriesOf } from './riksbank-exchange-rates.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../test/fixtures/back-office', name), 'utf8');

test('series are named by id (SEK per 1) or by name with their unit', () => {
  assert.deepEqual(seriesOf('SEKEURPMI'), { currency: 'EUR', unit: 1 });
  assert.deepEqual(seriesOf('1 EUR'), { currency: 'EUR', unit: 1 });
  assert.deepEqual(seriesOf('100 JPY'), { currency: 'JPY', unit: 100 });
  assert.equal(seriesOf('Euro'), undefined);
});

test('the long layout with Swedish headings, title lines above them and decimal commas', () => {
  const result = parseRiksbankRates(fixture('riksbank-long.csv'));
  assert.ok(result.ok);
  assert.equal(result.layout, 'long');
  assert.equal(result.observations.length, 10);
  assert.deepEqual(result.observations[0], { currency: 'DKK', date: '2026-10-30', sekPerUnit: '1.4812' });
  assert.deepEqual(result.skippedSeries, ['100 JPY']);
});

test('the wide layout with English headings; bank holidays (n/a) have no rate', () => {
  const result = parseRiksbankRates(fixture('riksbank-wide.csv'));
  assert.ok(result.ok);
  assert.equal(result.layout, 'wide');
  assert.deepEqual([...new Set(result.observations.map((o) => o.date))], ['2026-11-03', '2026-11-04', '2026-11-06']);
  assert.deepEqual(result.skippedSeries, ['SEKCHFPMI']);
});

test('a value per 100 units is divided exactly', () => {
  const result = parseRiksbankRates('Datum;Grupp;Serie;Värde\n2026-01-02;130;100 NOK;93,51\n');
  assert.ok(result.ok);
  assert.deepEqual(result.observations, [{ currency: 'NOK', date: '2026-01-02', sekPerUnit: '0.9351' }]);
});

test('every bad line is named with its reason, and nothing is returned of the file', () => {
  const result = parseRiksbankRates(
    'Date;SEKEURPMI;SEKUSDPMI\n2026-01-02;11.1;9.9\n2026-02-30;11.2;9.8\n2026-01-05;-1;abc\n2026-01-02;11.3;9.9\n',
  );
  assert.equal(result.ok, false);
  assert.deepEqual(!result.ok && result.errors.map((e) => [e.line, e.code]), [
    [3, 'date_invalid'],
    [4, 'value_invalid'],
    [4, 'value_invalid'],
    [5, 'duplicate'],
  ]);
});

test('a file without a date heading, or with unknown series, is not an exchange-rate export', () => {
  const noHeading = parseRiksbankRates('name;value\nx;1\n');
  assert.deepEqual(!noHeading.ok && noHeading.errors.map((e) => e.code), ['header_unrecognised']);
  const unknown = parseRiksbankRates('Date;Euro\n2026-01-02;11\n');
  assert.deepEqual(!unknown.ok && unknown.errors.map((e) => e.code), ['series_unrecognised']);
});

// Issue 21's class in this upload: a NUL in a skipped series' name would have been reported and written to the audit
// log (PostgreSQL stores no NUL in jsonb: a 500). A control character in any cell is that line's complaint.
test('a control character anywhere in the file is a bad line, nothing returned (property)', () => {
  const file = ['Datum;Grupp;Serie;Värde', '2026-11-02;130;SEKEURPMI;11,0534', '2026-11-02;130;1 JPY;6,2'];
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: file.length - 1 }),
      fc.nat(3),
      fc.oneof(
        fc.integer({ min: 0, max: 0x1f }).filter((c) => ![0x0a, 0x0d, 0x22, 0x3b].includes(c)),
        fc.constant(0x7f),
      ),
      (lineIndex, cellIndex, code) => {
        const lines = file.map((line, i) => {
          if (i !== lineIndex) return line;
          const cells = line.split(';');
          cells[cellIndex] =
            `${cells[cellIndex]!.slice(0, 1)}${String.fromCharCode(code)}${cells[cellIndex]!.slice(1)}`;
          return cells.join(';');
        });
        const result = parseRiksbankRates(`${lines.join('\n')}\n`);
        assert.ok(!result.ok, JSON.stringify(lines));
        assert.deepEqual(
          result.errors.map((e) => [e.line, e.code]),
          [[lineIndex + 1, 'invalid_characters']],
        );
      },
    ),
  );
});
