import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiRows, readableAmounts, rowIssues, rowTexts, rowValues, readRows } from './row-form.ts';

test('rows typed the Swedish way become minor units and exact quantities', () => {
  const rows = [{ description: 'Design', quantity: '12,5', unit: 'hour', unitPrice: '950,50', vatPercentage: '25' }];
  assert.deepEqual(rowIssues(rows, 'sv'), {});
  assert.deepEqual(apiRows(rows, 'sv'), [
    { description: 'Design', quantity: 12.5, unit: 'hour', unitPrice: 95050, vatPercentage: 25 },
  ]);
  assert.deepEqual(readableAmounts(rows, 'sv'), [{ unitPrice: 95050, quantityHundredths: 1250, vatPercentage: 25 }]);
});

test('too many decimals, a missing price and an empty description are refused on their fields', () => {
  const rows = [{ description: ' ', quantity: '1.255', unit: 'hour', unitPrice: '', vatPercentage: '25' }];
  assert.deepEqual(Object.keys(rowIssues(rows, 'en')).sort(), [
    'rows[0].description',
    'rows[0].quantity',
    'rows[0].unitPrice',
  ]);
  assert.equal(rowIssues(rows, 'en')['rows[0].quantity']?.code, 'invalid_precision');
});

test('a reverse VAT customer’s rows are shown at 0 %, and an empty invoice starts with one row', () => {
  const texts = rowTexts(
    [{ description: 'A', quantity: 2, unit: 'day', unitPrice: 100000, vatPercentage: 25 }],
    'sv',
    true,
  );
  assert.equal(texts[0]?.vatPercentage, '0');
  assert.equal(texts[0]?.unitPrice.replace(/\s/g, ' '), '1 000,00');
  assert.equal(rowTexts([], 'sv', false).length, 1);
  assert.deepEqual(readRows(rowValues(texts)), texts);
});
