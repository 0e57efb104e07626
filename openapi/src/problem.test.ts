import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrors, isProblem } from './problem.ts';

test('fieldErrors keys errors by field path without the request part, keeping the first per field', () => {
  const errors = fieldErrors({
    type: 'about:blank',
    title: 'Invalid',
    status: 400,
    code: 'validation',
    errors: [
      { field: 'body.email', code: 'required', message: 'required' },
      { field: 'body.email', code: 'format', message: 'format' },
      { field: 'query.page', code: 'minimum', message: 'min' },
    ],
  });
  assert.deepEqual(Object.keys(errors), ['email', 'page']);
  assert.equal(errors.email?.code, 'required');
});

test('isProblem recognises problem bodies only', () => {
  assert.equal(isProblem({ status: 404, code: 'not_found', title: 'x', type: 'y' }), true);
  assert.equal(isProblem({ message: 'nope' }), false);
  assert.equal(isProblem(null), false);
});
