import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayName, initials } from './display-name.ts';

test('first and last name, or the email without a first name', () => {
  assert.equal(displayName({ firstName: 'Anna', lastName: 'Berg', email: 'a@b.se' }), 'Anna Berg');
  assert.equal(displayName({ firstName: 'Anna', lastName: null, email: 'a@b.se' }), 'Anna');
  assert.equal(displayName({ firstName: ' ', lastName: 'Berg', email: 'a@b.se' }), 'a@b.se');
  assert.equal(displayName({ firstName: null, lastName: null, email: 'a@b.se' }), 'a@b.se');
});

test('initials for the avatar', () => {
  assert.equal(initials({ firstName: 'anna', lastName: 'berg', email: 'a@b.se' }), 'AB');
  assert.equal(initials({ firstName: null, lastName: null, email: 'zed@b.se' }), 'Z');
});
