import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listQuerySearch, readListQuery, sortBy } from './list-query.ts';

const SORTS = ['invoiceDate', 'total'] as const;

test('the URL gives the page and sort; anything unknown falls back to the default', () => {
  const read = (search: string) => readListQuery(new URLSearchParams(search), SORTS, 'invoiceDate');
  assert.deepEqual(read(''), { page: 1, sort: 'invoiceDate', order: 'desc' });
  assert.deepEqual(read('?sort=total&order=asc&page=3'), { page: 3, sort: 'total', order: 'asc' });
  assert.deepEqual(read('?sort=evil&order=up&page=-2'), { page: 1, sort: 'invoiceDate', order: 'desc' });
  assert.deepEqual(read('?page=1.5'), { page: 1, sort: 'invoiceDate', order: 'desc' });
});

test('the defaults stay out of the URL, and a search round-trips', () => {
  assert.equal(listQuerySearch({ page: 1, sort: 'invoiceDate', order: 'desc' }, 'invoiceDate'), '');
  const search = listQuerySearch({ page: 2, sort: 'total', order: 'asc' }, 'invoiceDate');
  assert.equal(search, '?sort=total&order=asc&page=2');
  assert.deepEqual(readListQuery(new URLSearchParams(search), SORTS, 'invoiceDate'), {
    page: 2,
    sort: 'total',
    order: 'asc',
  });
});

test('sorting by the same column turns the order around; another column starts descending on page 1', () => {
  assert.deepEqual(sortBy({ page: 3, sort: 'total', order: 'desc' }, 'total'), {
    page: 1,
    sort: 'total',
    order: 'asc',
  });
  assert.deepEqual(sortBy({ page: 3, sort: 'total', order: 'asc' }, 'invoiceDate'), {
    page: 1,
    sort: 'invoiceDate',
    order: 'desc',
  });
});
