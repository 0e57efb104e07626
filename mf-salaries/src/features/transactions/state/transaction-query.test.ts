import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changeQuery, DEFAULT_QUERY, isFiltered, lastPage, readQuery, writeQuery } from './transaction-query.ts';

test('filters survive a round trip through the URL', () => {
  const query = { kind: 'salary', status: 'initiated', dateFrom: '2026-01-01', dateTo: '2026-12-31', page: 3 } as const;
  assert.deepEqual(readQuery(writeQuery(query)), query);
  assert.equal(writeQuery(DEFAULT_QUERY).toString(), '');
});

test('an edited link loses what cannot be read instead of failing', () => {
  assert.deepEqual(readQuery(new URLSearchParams('kind=bonus&status=paid&from=yesterday&page=-2')), DEFAULT_QUERY);
});

test('changing a filter goes back to the first page', () => {
  const changed = changeQuery({ ...DEFAULT_QUERY, page: 4 }, { status: 'failed' });
  assert.equal(changed.page, 1);
  assert.equal(isFiltered(changed), true);
  assert.equal(isFiltered(DEFAULT_QUERY), false);
  assert.equal(lastPage(0), 1);
  assert.equal(lastPage(41), 3);
});
