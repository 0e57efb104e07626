import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Problem } from '@frilo/openapi/problem';
import { lineErrors } from './line-errors.ts';

test("a rejected file's problem becomes one line per bad line, with its column and reason", () => {
  const problem = {
    type: 'about:blank',
    title: 'Rejected',
    status: 400,
    code: 'legacy_file_rejected',
    errors: [
      { field: 'body.file', code: 'user_not_found', message: 'x', params: { line: 3, column: 'email' } },
      { field: 'body.file', code: 'header_invalid', message: 'x', params: { line: 1 } },
    ],
  } as unknown as Problem;
  assert.deepEqual(lineErrors(problem), [
    { line: 3, column: 'email', code: 'user_not_found' },
    { line: 1, column: null, code: 'header_invalid' },
  ]);
});

test('no problem, or one without errors, has no bad lines', () => {
  assert.deepEqual(lineErrors(null), []);
  assert.deepEqual(lineErrors({ type: 'about:blank', title: 'x', status: 500 } as unknown as Problem), []);
});
