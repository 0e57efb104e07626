import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  neighbourPage,
  readPageCursors,
  withCursorFallback,
  withoutCursor,
  writePageCursors,
  type CursorPaged,
} from './page-cursors.ts';

const read = (search: string) => {
  const params = new URLSearchParams(search);
  return readPageCursors(params, Number(params.get('page') ?? '1'));
};

test('a cursor in the URL: one at most, never on page 1, never one the API could not have given', () => {
  assert.deepEqual(read('?page=2&after=abc_-1'), { after: 'abc_-1', before: null });
  assert.deepEqual(read('?page=2&before=abc'), { after: null, before: 'abc' });
  assert.deepEqual(read('?page=2&after=a&before=b'), { after: 'a', before: null });
  assert.deepEqual(read('?after=abc'), { after: null, before: null });
  assert.deepEqual(read('?page=2&after=a%2Fb'), { after: null, before: null });
  assert.deepEqual(read(`?page=2&after=${'a'.repeat(1201)}`), { after: null, before: null });
});

test('written and read back, a cursor is the same; page 1 carries none', () => {
  const params = new URLSearchParams();
  writePageCursors(params, { page: 3, after: null, before: 'xyz' });
  assert.equal(params.toString(), 'before=xyz');
  const first = new URLSearchParams();
  writePageCursors(first, { page: 1, after: 'a', before: null });
  assert.equal(first.toString(), '');
});

test('next by the next cursor, back by the previous one, page 1 and cursor-less sorts by number', () => {
  const at = (page: number) => ({ page, after: 'old', before: null, q: 'kept' });
  assert.deepEqual(neighbourPage(at(1), 2, { next: 'n', previous: null }), {
    page: 2,
    after: 'n',
    before: null,
    q: 'kept',
  });
  assert.deepEqual(neighbourPage(at(3), 2, { next: 'n', previous: 'p' }), {
    page: 2,
    after: null,
    before: 'p',
    q: 'kept',
  });
  assert.deepEqual(neighbourPage(at(2), 1, { previous: 'p' }), { page: 1, after: null, before: null, q: 'kept' });
  assert.deepEqual(neighbourPage(at(2), 3, { next: null }), { page: 3, after: null, before: null, q: 'kept' });
  assert.deepEqual(withoutCursor({ page: 4, after: null, before: 'x' }), { page: 4, after: null, before: null });
});

test('a refused cursor is asked again by page number; other failures and pages without a cursor are not', async () => {
  const asked: CursorPaged[] = [];
  const answering = (status: number) => async (query: CursorPaged) => {
    asked.push(query);
    return query.after || query.before ? { ok: false, status } : { ok: true, status: 200 };
  };
  assert.deepEqual(await withCursorFallback({ page: 3, after: 'x', before: null }, answering(400)), {
    ok: true,
    status: 200,
  });
  assert.deepEqual(asked, [
    { page: 3, after: 'x', before: null },
    { page: 3, after: null, before: null },
  ]);
  asked.length = 0;
  assert.equal((await withCursorFallback({ page: 3, after: 'x', before: null }, answering(500))).status, 500);
  assert.equal(asked.length, 1);
});
