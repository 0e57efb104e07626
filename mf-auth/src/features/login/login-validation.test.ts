import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldMessage, formMessage } from '../../lib/messages.ts';
import { validateLogin } from './login-validation.ts';

test('email and password are required, each with its own message', () => {
  const found = validateLogin({ email: ' ', password: '' });
  assert.deepEqual(found, { email: { code: 'required' }, password: { code: 'required' } });
  assert.equal(fieldMessage('login', 'email', found.email!).keys[0], 'login.errors.email.required');
  assert.deepEqual(validateLogin({ email: 'a@b.se', password: ' ' }), {});
});

test("the BFF's problem codes map to the login texts", () => {
  const problem = (code: string, status: number) => ({ type: 'about:blank', title: code, status, code });
  assert.equal(
    formMessage('login', 401, problem('credentials_invalid', 401)).keys[0],
    'login.errors.credentials_invalid',
  );
  assert.equal(formMessage('login', 403, problem('account_disabled', 403)).keys[1], 'errors.form.account_disabled');
  assert.equal(formMessage('login', 429, null).keys[1], 'errors.form.rate_limited');
  assert.equal(formMessage('login', 0, null).keys[1], 'errors.form.network');
  assert.equal(formMessage('login', 500, null).keys[1], 'errors.form.generic');
});
