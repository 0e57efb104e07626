import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeMessage, failureCode, fieldMessage, formMessage } from './messages.ts';

test("a field error tries the form's wording, then the field's, then the code's", () => {
  assert.deepEqual(fieldMessage('signUp', 'password', { code: 'too_short', params: { limit: 8 } }), {
    keys: [
      'signUp.errors.password.too_short',
      'errors.fields.password.too_short',
      'errors.codes.too_short',
      'errors.codes.invalid',
    ],
    values: { limit: 8 },
  });
});

test('a personnummer error is refined by its reason', () => {
  const message = fieldMessage('profile', 'governmentId', {
    code: 'personal_identity_number_invalid',
    params: { reason: 'invalid_checksum' },
  });
  assert.equal(message.keys[1], 'errors.fields.governmentId.personal_identity_number_invalid_invalid_checksum');
  assert.ok(message.keys.includes('errors.codes.personal_identity_number_invalid'));
});

test('a failed call is named by its problem code, or "network" without an answer', () => {
  const problem = { type: 'x', title: 'x', status: 401, code: 'credentials_invalid' };
  assert.equal(failureCode(401, problem), 'credentials_invalid');
  assert.equal(failureCode(0, null), 'network');
  assert.equal(failureCode(429, null), 'rate_limited');
  assert.equal(failureCode(502, null), 'generic');
});

test('codes without their own shared wording fall back to the general one', () => {
  assert.deepEqual(codeMessage('login', 'teapot').keys, [
    'login.errors.teapot',
    'errors.form.generic',
    'errors.form.generic',
  ]);
  assert.deepEqual(formMessage('reset', 400, { type: 'x', title: 'x', status: 400, code: 'token_used' }).keys, [
    'reset.errors.token_used',
    'errors.form.token_used',
    'errors.form.generic',
  ]);
});
