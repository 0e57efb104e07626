import { test } from 'node:test';
import assert from 'node:assert/strict';
import { customerList } from './list-query.ts';

test('an empty URL is the default list: by name, A–Ö, page 1', () => {
  assert.deepEqual(customerList.parse(''), customerList.defaults);
  assert.equal(customerList.toSearch(customerList.defaults), '');
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
  const search = customerList.toSearch(query);
  assert.equal(search, '?q=volvo+ab&type=organization&sort=createdAt&order=desc&page=3&after=WyJjcmVhdGVkQXQuZGVzYyJd');
  assert.deepEqual(customerList.parse(search), query);
});

test('whatever the URL says, the API gets a query it accepts', () => {
  assert.deepEqual(customerList.parse('?q=%20%20&type=alien&sort=price&order=up&page=-2'), customerList.defaults);
  assert.equal(customerList.parse('?page=2.5').page, 1);
  assert.equal(customerList.parse('?page=10001').page, 1);
  assert.equal(customerList.parse(`?q=${'x'.repeat(150)}`).q.length, 100);
  assert.equal(customerList.parse('?q=%20Volvo%20').q, 'Volvo');
});

test('without an order, names go A–Ö and dates newest first', () => {
  assert.equal(customerList.parse('?sort=updatedAt').order, 'desc');
  assert.equal(customerList.parse('?sort=name').order, 'asc');
});

test('searching, filtering or sorting starts again at page 1', () => {
  const onPage4 = { ...customerList.defaults, page: 4 };
  assert.equal(customerList.change(onPage4, { q: 'x' }).page, 1);
  assert.equal(customerList.change(onPage4, { type: 'individual' }).page, 1);
});

test('the sort select maps to sort and order and back', () => {
  assert.equal(customerList.sortOptionOf({ sort: 'createdAt', order: 'desc' }), 'createdAt-desc');
  assert.deepEqual(customerList.sortOf('name-desc'), { sort: 'name', order: 'desc' });
  assert.deepEqual(customerList.sortOf('nonsense'), { sort: 'name', order: 'asc' });
  // A combination the select does not offer is listed (and shown) as the default.
  assert.deepEqual(customerList.parse('?sort=updatedAt&order=asc'), customerList.defaults);
});

test('an empty page is the empty state only for a new user without search or filter', () => {
  assert.equal(customerList.emptyKind(customerList.defaults, 0), 'new-user');
  assert.equal(customerList.emptyKind({ ...customerList.defaults, q: 'x' }, 0), 'no-results');
  assert.equal(customerList.emptyKind({ ...customerList.defaults, type: 'non_profit' }, 0), 'no-results');
  assert.equal(customerList.emptyKind({ ...customerList.defaults, page: 9 }, 41), 'past-the-end');
  assert.equal(customerList.lastPage(41), 3);
  assert.equal(customerList.lastPage(0), 1);
});
