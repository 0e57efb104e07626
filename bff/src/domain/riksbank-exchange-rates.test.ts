import { test } from 'node:test';
import assert from 'node:assert/strict';
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
