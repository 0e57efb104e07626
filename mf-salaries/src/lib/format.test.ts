import { test } from 'node:test';
import assert from 'node:assert/strict';
import { day, percent, swedishToday, wholeSek } from './format.ts';

test('a day is the calendar day given, whatever the time zone', () => {
  assert.equal(day('2026-12-21', 'en'), '21 Dec 2026');
  assert.match(day('2026-01-01', 'sv'), /^1 jan\.? 2026$/);
});

test('rates and today in Sweden', () => {
  assert.equal(percent(31.42, 'sv'), '31,42\u00a0%');
  assert.equal(percent('4.5', 'en'), '4.5%');
  assert.equal(swedishToday(new Date('2026-12-31T23:30:00Z')), '2027-01-01');
});

test('whole kronor as the forms to Skatteverket take them', () => {
  assert.equal(wholeSek(26020, 'sv'), '26\u00a0020\u00a0kr');
  assert.equal(wholeSek(26020, 'en'), 'SEK 26,020');
});
