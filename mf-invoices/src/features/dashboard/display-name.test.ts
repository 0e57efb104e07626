import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayName } from './display-name.ts';

test('the welcome uses first and last name', () => {
  assert.equal(displayName({ firstName: 'Anna', lastName: 'Lind', email: 'anna@example.se' }), 'Anna Lind');
});

test('without a first name the welcome uses the email', () => {
  assert.equal(displayName({ firstName: null, lastName: 'Lind', email: 'anna@example.se' }), 'anna@example.se');
  assert.equal(displayName({ firstName: '  ', lastName: null, email: 'anna@example.se' }), 'anna@example.se');
});

test('a missing last name leaves no trailing space', () => {
  assert.equal(displayName({ firstName: 'Anna', lastName: null, email: 'anna@example.se' }), 'Anna');
});
