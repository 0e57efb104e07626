import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateSignUp, type SignUpValues } from './sign-up-validation.ts';

const valid: SignUpValues = {
  firstName: 'Anna',
  lastName: 'Berg',
  email: 'anna@example.se',
  password: 'long enough',
  passwordConfirmation: 'long enough',
  acceptTerms: true,
};

test('a complete form has no issues', () => {
  assert.deepEqual(validateSignUp(valid), {});
});

test('an empty form names every field, with the terms and their own code', () => {
  const found = validateSignUp({
    firstName: '',
    lastName: ' ',
    email: '',
    password: '',
    passwordConfirmation: '',
    acceptTerms: false,
  });
  assert.deepEqual(Object.keys(found), [
    'firstName',
    'lastName',
    'email',
    'password',
    'passwordConfirmation',
    'acceptTerms',
  ]);
  assert.equal(found.acceptTerms?.code, 'must_accept_terms');
});

test("the password rules are the BFF's: at least 8 characters, and both must match", () => {
  assert.deepEqual(validateSignUp({ ...valid, password: 'short', passwordConfirmation: 'short' }).password, {
    code: 'too_short',
    params: { limit: 8 },
  });
  assert.equal(
    validateSignUp({ ...valid, passwordConfirmation: 'long enougH' }).passwordConfirmation?.code,
    'passwords_must_match',
  );
});

test('the email needs an @ and a domain with a top-level part', () => {
  for (const email of ['anna', 'anna@', 'anna@example', 'an na@example.se', 'a@b@c.se']) {
    assert.equal(validateSignUp({ ...valid, email }).email?.code, 'invalid_format', email);
  }
  for (const email of ['anna.berg+frilo@example.se', 'Åsa@exempel.se', ' anna@example.com ']) {
    assert.equal(validateSignUp({ ...valid, email }).email, undefined, email);
  }
});
