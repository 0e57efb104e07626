import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextDay, startOfSwedishDay } from './audit.ts';

test('a day filter starts at midnight Swedish time, winter and summer', () => {
  assert.equal(startOfSwedishDay('2026-01-15'), '2026-01-14T23:00:00.000Z');
  assert.equal(startOfSwedishDay('2026-07-15'), '2026-07-14T22:00:00.000Z');
});

test('an inclusive "to" day ends where the next day starts, across months and years', () => {
  assert.equal(nextDay('2026-01-31'), '2026-02-01');
  assert.equal(nextDay('2026-12-31'), '2027-01-01');
});
