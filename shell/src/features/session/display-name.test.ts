import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initials } from './display-name.ts';

test('initials for the avatar', () => {
  assert.equal(initials({ firstName: 'anna', lastName: 'berg', email: 'a@b.se' }), 'AB');
  assert.equal(initials({ firstName: null, lastName: null, email: 'zed@b.se' }), 'Z');
});
