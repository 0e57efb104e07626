import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  changeListQuery,
  DEFAULT_QUERY,
  emptyKind,
  lastPage,
  listQueryToSearch,
  parseListQuery,
  sortOf,
  sortOptionOf,
} from './list-query.ts';

test('an empty URL is the default list: by name, A–Ö, page 1', () => {
  assert.deepEqual(parseListQuery(''), DEFAULT_QUERY);
  assert.equal(listQueryToSearch(DEFAULT_QUERY), '');
});

test('a list state survives the round trip through the URL', () => {
  const query = {
    q: 'volvo ab',
    type: 'organization',
    sort: 'createdAt',
    order: 'desc',
    page: 3,
    after: 'WyJjcmVhdGVkQXQuZGVzYyJd',
    before: null,
  } as const;
  const search = listQueryToSearch(query);
  assert.equal(search, '?q=volvo+ab&type=organization&sort=createdAt&order=desc&page=3&after=WyJjcmVhdGVkQXQuZGVzYyJd');
  assert.deepEqual(parseListQuery(search), query);
});

test('whatever the URL says, the API gets a query it accepts', () => {
  assert.deepEqual(parseListQuery('?q=%20%20&type=alien&sort=price&order=up&page=-2'), DEFAULT_QUERY);
  assert.equal(parseListQuery('?page=2.5').page, 1);
  assert.equal(parseListQuery('?page=10001').page, 1);
  assert.equal(parseListQuery(`?q=${'x'.repeat(150)}`).q.length, 100);
  assert.equal(parseListQuery('?q=%20Volvo%20').q, 'Volvo');
});

test('without an order, names go A–Ö and dates newest first', () => {
  assert.equal(parseListQuery('?sort=updatedAt').order, 'desc');
  assert.equal(parseListQuery('?sort=name').order, 'asc');
});

test('searching, filtering or sorting starts again at page 1', () => {
  const onPage4 = { ...DEFAULT_QUERY, page: 4 };
  assert.equal(changeListQuery(onPage4, { q: 'x' }).page, 1);
  assert.equal(changeListQuery(onPage4, { type: 'individual' }).page, 1);
});

test('the sort select maps to sort and order and back', () => {
  assert.equal(sortOptionOf({ sort: 'createdAt', order: 'desc' }), 'createdAt-desc');
  assert.deepEqual(sortOf('name-desc'), { sort: 'name', order: 'desc' });
  assert.deepEqual(sortOf('nonsense'), { sort: 'name', order: 'asc' });
  // A combination the select does not offer is listed (and shown) as the default.
  assert.deepEqual(parseListQuery('?sort=updatedAt&order=asc'), DEFAULT_QUERY);
});

test('an empty page is the empty state only for a new user without search or filter', () => {
  assert.equal(emptyKind(DEFAULT_QUERY, 0), 'new-user');
  assert.equal(emptyKind({ ...DEFAULT_QUERY, q: 'x' }, 0), 'no-results');
  assert.equal(emptyKind({ ...DEFAULT_QUERY, type: 'non_profit' }, 0), 'no-results');
  assert.equal(emptyKind({ ...DEFAULT_QUERY, page: 9 }, 41), 'past-the-end');
  assert.equal(lastPage(41), 3);
  assert.equal(lastPage(0), 1);
});
