import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { dayParam, defineListQuery, isoDay, oneOf, type ListQuery } from './list-query.ts';

const TYPES = ['organization', 'individual', 'non_profit'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A list like the invoices': a type, an id and a date range, four sort choices, pages of 20.
const list = defineListQuery({
  filters: {
    type: oneOf('type', TYPES),
    customerId: { param: 'customer', read: (raw: string) => (UUID.test(raw) ? raw.toLowerCase() : null) },
    dateFrom: dayParam('from'),
    dateTo: dayParam('to'),
  },
  sortOptions: [
    { value: 'name-asc', sort: 'name', order: 'asc' },
    { value: 'name-desc', sort: 'name', order: 'desc' },
    { value: 'createdAt-desc', sort: 'createdAt', order: 'desc' },
    { value: 'createdAt-asc', sort: 'createdAt', order: 'asc' },
    { value: 'number-desc', sort: 'number', order: 'desc' },
  ],
  pageSize: 20,
  normalize: (query) =>
    query.dateFrom && query.dateTo && query.dateFrom > query.dateTo
      ? { ...query, dateFrom: query.dateTo, dateTo: query.dateFrom }
      : query,
});
type Query = ListQuery<
  { type: (typeof TYPES)[number]; customerId: string; dateFrom: string; dateTo: string },
  'name' | 'createdAt' | 'number'
>;

const CURSOR = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
const DAY = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Any state the screen can be in: what the toolbar, the sort select and the pager can set. */
const states: fc.Arbitrary<Query> = fc
  .record({
    q: fc.string({ maxLength: 100 }).map((q) => q.trim()),
    type: fc.option(fc.constantFrom(...TYPES)),
    customerId: fc.option(fc.uuid()),
    dates: fc.tuple(fc.option(DAY), fc.option(DAY)),
    sort: fc.constantFrom(...list.sortOptions),
    page: fc.integer({ min: 1, max: 10_000 }),
    cursor: fc.option(fc.tuple(fc.boolean(), CURSOR)),
  })
  .map(({ q, type, customerId, dates: [a, b], sort, page, cursor }) => ({
    q,
    type,
    customerId,
    // The date fields hold a range the right way round (a backwards one is turned when read).
    dateFrom: a && b && a > b ? b : a,
    dateTo: a && b && a > b ? a : b,
    sort: sort.sort,
    order: sort.order,
    page,
    after: page > 1 && cursor?.[0] ? cursor[1] : null,
    before: page > 1 && cursor && !cursor[0] ? cursor[1] : null,
  }));

test('every list state the screen can be in survives the URL: written and read back it is the same', () => {
  fc.assert(
    fc.property(states, (query) => {
      assert.deepEqual(list.parse(list.toSearch(query)), query);
    }),
  );
});

test('whatever the URL says, the API gets a query it accepts, and reading it twice changes nothing', () => {
  const PARAMS = ['q', 'type', 'customer', 'from', 'to', 'sort', 'order', 'page', 'after', 'before', 'other'];
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.constantFrom(...PARAMS), fc.string({ maxLength: 130 })), { maxLength: 12 }),
      (pairs) => {
        const query = list.parse(new URLSearchParams(pairs));
        assert.ok(query.q.length <= 100 && query.q === query.q.trim());
        assert.ok(query.type === null || TYPES.includes(query.type));
        assert.ok(query.customerId === null || UUID.test(query.customerId));
        for (const day of [query.dateFrom, query.dateTo]) assert.ok(day === null || isoDay(day) === day);
        assert.ok(!query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo);
        assert.ok(list.sortOptions.some((option) => option.sort === query.sort && option.order === query.order));
        assert.ok(Number.isInteger(query.page) && query.page >= 1 && query.page <= 10_000);
        assert.ok(!(query.after && query.before) && (query.page > 1 || (!query.after && !query.before)));
        assert.deepEqual(list.parse(list.toSearch(query)), query);
      },
    ),
  );
});

test('the defaults are an empty URL; parameters stand in a fixed order, defaults left out', () => {
  assert.deepEqual(list.parse(''), list.defaults);
  assert.equal(list.toSearch(list.defaults), '');
  assert.equal(
    list.toSearch({
      ...list.defaults,
      q: 'volvo ab',
      type: 'individual',
      customerId: '0b6f2c1e-8a7d-4a51-9a39-2f1d3c4b5a69',
      dateFrom: '2026-01-01',
      sort: 'createdAt',
      order: 'desc',
      page: 3,
      after: 'abc',
    }),
    '?q=volvo+ab&type=individual&customer=0b6f2c1e-8a7d-4a51-9a39-2f1d3c4b5a69&from=2026-01-01&sort=createdAt&order=desc&page=3&after=abc',
  );
});

test("only the sort pairs the select offers; without an order, the field's first pair", () => {
  assert.deepEqual([list.parse('?sort=createdAt').sort, list.parse('?sort=createdAt').order], ['createdAt', 'desc']);
  assert.deepEqual(
    [list.parse('?sort=number&order=asc').sort, list.parse('?sort=number&order=asc').order],
    ['name', 'asc'],
  );
  assert.equal(list.parse('?sort=price&order=desc').sort, 'name');
  assert.equal(list.sortOptionOf({ sort: 'number', order: 'asc' }), 'name-asc');
  for (const option of list.sortOptions) assert.equal(list.sortOptionOf(list.sortOf(option.value)), option.value);
  assert.deepEqual(list.sortOf('nonsense'), { sort: 'name', order: 'asc' });
});

test('a change of what is listed starts again at page 1, without a cursor', () => {
  fc.assert(
    fc.property(
      states,
      fc.constantFrom({ q: 'x' }, { type: 'individual' as const }, list.sortOf('number-desc')),
      (query, change) => {
        const changed = list.change(query, change);
        assert.deepEqual([changed.page, changed.after, changed.before], [1, null, null]);
        assert.deepEqual(
          { ...changed, page: query.page, after: query.after, before: query.before },
          { ...query, ...change },
        );
      },
    ),
  );
});

test('an empty page: a new user only without a search or filter; a page past the end when there are rows', () => {
  assert.equal(list.emptyKind(list.defaults, 0), 'new-user');
  assert.equal(list.emptyKind({ ...list.defaults, q: 'x' }, 0), 'no-results');
  assert.equal(list.emptyKind({ ...list.defaults, dateTo: '2026-01-01' }, 0), 'no-results');
  assert.equal(list.emptyKind({ ...list.defaults, page: 9 }, 41), 'past-the-end');
  assert.equal(list.lastPage(0), 1);
  assert.equal(list.lastPage(40), 2);
  assert.equal(list.lastPage(41), 3);
});

test("the API's query: the search only when there is one, the page size, one cursor at most", () => {
  assert.deepEqual(list.pageQuery(list.defaults), { sort: 'name', order: 'asc', page: 1, pageSize: 20 });
  assert.deepEqual(list.pageQuery({ ...list.defaults, q: 'a', page: 2, before: 'b' }), {
    q: 'a',
    sort: 'name',
    order: 'asc',
    page: 2,
    pageSize: 20,
    before: 'b',
  });
});

test('isoDay accepts real calendar days only', () => {
  assert.equal(isoDay('2028-02-29'), '2028-02-29');
  assert.equal(isoDay('2026-02-29'), null);
  assert.equal(isoDay('2026-1-01'), null);
  assert.equal(isoDay(null), null);
});
