import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays } from './dates.ts';

test('the due date is the invoice date plus the terms, across months and leap days', () => {
  assert.equal(addDays('2026-11-23', 30), '2026-12-23');
  assert.equal(addDays('2028-02-15', 14), '2028-02-29');
  assert.equal(addDays('2026-12-31', 1), '2027-01-01');
  assert.equal(addDays('not a date', 1), null);
});
