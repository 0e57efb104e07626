import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageRange } from './pager.ts';

test('a page names its first and last row and the number of pages', () => {
  assert.deepEqual(pageRange(1, 20, 45), { from: 1, until: 20, last: 3 });
  assert.deepEqual(pageRange(3, 20, 45), { from: 41, until: 45, last: 3 });
  assert.deepEqual(pageRange(2, 20, 40), { from: 21, until: 40, last: 2 });
});

test('no rows is one empty page; a page past the end shows the last', () => {
  assert.deepEqual(pageRange(1, 20, 0), { from: 0, until: 0, last: 1 });
  assert.deepEqual(pageRange(9, 20, 45), { from: 41, until: 45, last: 3 });
});
