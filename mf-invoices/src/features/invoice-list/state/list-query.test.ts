import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isoDay } from '@frilo/ui/list/list-query';
import { invoiceList } from './list-query.ts';

const CUSTOMER = '0b6f2c1e-8a7d-4a51-9a39-2f1d3c4b5a69';

test('a list state survives the URL: written and read back it is the same', () => {
  const query = {
    q: 'volvo 12',
    status: 'paid' as const,
    customerId: CUSTOMER,
    dateFrom: '2026-01-01',
    dateTo: '2026-03-31',
    sort: 'dueDate' as const,
    order: 'asc' as const,
    page: 3,
    after: 'WyJkdWVEYXRlLmFzYyJd',
    before: null,
  };
  assert.deepEqual(invoiceList.parse(invoiceList.toSearch(query)), query);
  assert.equal(invoiceList.toSearch(invoiceList.defaults), '');
});

test('whatever the URL says becomes a query the API accepts', () => {
  const parsed = invoiceList.parse('?status=lost&customer=not-a-uuid&from=2026-02-30&to=x&sort=amount&order=up&page=0');
  assert.deepEqual(parsed, invoiceList.defaults);
  assert.equal(invoiceList.parse(`?q=${'x'.repeat(150)}`).q.length, 100);
  // Only the sort pairs the select offers: the select always shows what is listed.
  assert.equal(invoiceList.parse('?sort=number&order=asc').sort, 'invoiceDate');
});

test('a cursor travels in the URL with its page, and a new search or filter drops it', () => {
  assert.deepEqual(invoiceList.parse('?page=2&after=abc').after, 'abc');
  assert.equal(invoiceList.parse('?page=0&after=abc').after, null);
  const moved = invoiceList.change({ ...invoiceList.defaults, page: 4, after: 'x' }, { q: 'a' });
  assert.deepEqual([moved.page, moved.after, moved.before], [1, null, null]);
});

test('a date range given backwards lists the same days', () => {
  const parsed = invoiceList.parse('?from=2026-05-01&to=2026-01-01');
  assert.equal(parsed.dateFrom, '2026-01-01');
  assert.equal(parsed.dateTo, '2026-05-01');
});

test('isoDay accepts real calendar days only', () => {
  assert.equal(isoDay('2028-02-29'), '2028-02-29');
  assert.equal(isoDay('2026-02-29'), null);
  assert.equal(isoDay('2026-1-01'), null);
});

test('changing what is listed starts at page 1; the sort select and the query agree', () => {
  assert.equal(invoiceList.change({ ...invoiceList.defaults, page: 4 }, { status: 'sent' }).page, 1);
  for (const value of ['invoiceDate-desc', 'invoiceDate-asc', 'dueDate-asc', 'number-desc', 'updatedAt-desc']) {
    assert.equal(invoiceList.sortOptionOf(invoiceList.sortOf(value)), value);
  }
});

test('an empty page is the empty state only without a search or filter', () => {
  assert.equal(invoiceList.emptyKind(invoiceList.defaults, 0), 'new-user');
  assert.equal(invoiceList.emptyKind({ ...invoiceList.defaults, q: 'x' }, 0), 'no-results');
  assert.equal(invoiceList.emptyKind({ ...invoiceList.defaults, dateTo: '2026-01-01' }, 0), 'no-results');
  assert.equal(invoiceList.emptyKind(invoiceList.defaults, 5), 'past-the-end');
  assert.equal(invoiceList.lastPage(0), 1);
  assert.equal(invoiceList.lastPage(41), 3);
});

test('the overdue filter (the dashboard card links to it) is read from the URL and written back', () => {
  const parsed = invoiceList.parse('?status=overdue&sort=dueDate&order=asc');
  assert.equal(parsed.status, 'overdue');
  assert.equal(parsed.sort, 'dueDate');
  assert.equal(invoiceList.parse(invoiceList.toSearch(parsed)).status, 'overdue');
});
