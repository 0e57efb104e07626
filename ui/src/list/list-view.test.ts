import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { defineListQuery, oneOf } from './list-query.ts';
import { listView, neighbourSearches, pastTheEnd, type Answered } from './list-view.ts';

const list = defineListQuery({
  filters: { status: oneOf('status', ['paid', 'sent'] as const) },
  sortOptions: [
    { value: 'date-desc', sort: 'date', order: 'desc' },
    { value: 'number-desc', sort: 'number', order: 'desc' },
  ],
  pageSize: 20,
});
type Query = ReturnType<typeof list.parse>;

const answered = (
  answers: Query,
  items: number,
  total: number,
): Answered<number, { status: 'paid' | 'sent' }, 'date' | 'number'> => ({
  answers,
  result: { items: Array.from({ length: items }, (_, n) => n), page: { total, next: 'n', previous: 'p' } },
});

test('nothing arrived yet: pending; rows: rows', () => {
  assert.equal(listView(list, list.defaults, null), 'pending');
  assert.equal(listView(list, list.defaults, answered(list.defaults, 3, 3)), 'rows');
});

test('an empty list is the invitation only while nothing narrows it, in the answer and in the URL', () => {
  assert.equal(listView(list, list.defaults, answered(list.defaults, 0, 0)), 'new-user');
  const searching = list.change(list.defaults, { q: 'x' });
  assert.equal(listView(list, searching, answered(searching, 0, 0)), 'no-results');
  assert.equal(
    listView(list, { ...list.defaults, status: 'paid' }, answered({ ...list.defaults, status: 'paid' }, 0, 0)),
    'no-results',
  );
  // A search typed while the empty answer was on its way: the toolbar stays, the answer to it follows.
  assert.equal(listView(list, searching, answered(list.defaults, 0, 0)), 'rows');
});

test('a page past the end goes to the last page by its number; never while loading or with rows', () => {
  const old = { ...list.defaults, page: 9, after: 'old-cursor' };
  assert.deepEqual(pastTheEnd(list, answered(old, 0, 41), false), { ...old, page: 3, after: null, before: null });
  assert.equal(pastTheEnd(list, answered(old, 0, 41), true), null);
  assert.equal(pastTheEnd(list, answered(old, 1, 41), false), null);
  assert.equal(pastTheEnd(list, answered(old, 0, 0), false), null);
  assert.equal(pastTheEnd(list, null, false), null);
});

test('previous and next: by cursor, page 1 without one, none past either end', () => {
  const second = { ...list.defaults, page: 2, after: 'c1' };
  assert.deepEqual(neighbourSearches(list, second, { total: 45, next: 'n2', previous: 'p2' }), {
    page: 2,
    last: 3,
    previous: '',
    next: '?page=3&after=n2',
  });
  assert.deepEqual(neighbourSearches(list, { ...list.defaults, page: 3 }, { total: 45, previous: 'p3' }), {
    page: 3,
    last: 3,
    previous: '?page=2&before=p3',
    next: null,
  });
  // A sort without keyset (the API gives no cursors): by number, the filter kept.
  const byNumber = { ...list.change(list.defaults, { status: 'sent' }), ...list.sortOf('number-desc') };
  assert.equal(neighbourSearches(list, byNumber, { total: 45 }).next, '?status=sent&sort=number&order=desc&page=2');
});

test('for any page of any length, the neighbours are the pages beside it, within 1 and the last', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 300 }), (total, asked) => {
      const { page, last, previous, next } = neighbourSearches(list, { ...list.defaults, page: asked }, { total });
      assert.equal(last, Math.max(1, Math.ceil(total / 20)));
      assert.equal(page, Math.min(asked, last));
      assert.equal(previous === null ? null : list.parse(previous).page, page > 1 ? page - 1 : null);
      assert.equal(next === null ? null : list.parse(next).page, page < last ? page + 1 : null);
    }),
  );
});
