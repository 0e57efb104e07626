import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loginFailure, validateLogin } from './login-errors.ts';

test('email and password are required', () => {
  assert.deepEqual(validateLogin({ email: ' ', password: '' }), {
    email: 'emailRequired',
    password: 'passwordRequired',
  });
  assert.deepEqual(validateLogin({ email: 'a@b.se', password: 'x' }), {});
});

test('problem codes map to the spec texts', () => {
  const problem = (code: string, status: number) => ({ type: 'about:blank', title: code, status, code });
  assert.equal(loginFailure(401, problem('invalid_credentials', 401)), 'invalidCredentials');
  assert.equal(loginFailure(403, problem('account_disabled', 403)), 'accountDisabled');
  assert.equal(loginFailure(429, problem('rate_limited', 429)), 'rateLimited');
  assert.equal(loginFailure(500, 'oops'), 'generic');
});
