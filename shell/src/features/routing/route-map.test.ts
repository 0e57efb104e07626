import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchPattern, matchRoute } from './route-map.ts';

test('params and wildcards match whole segments only', () => {
  assert.deepEqual(matchPattern('/reset-password/:token', '/reset-password/a%20b'), { token: 'a b' });
  assert.equal(matchPattern('/reset-password/:token', '/reset-password'), null);
  assert.equal(matchPattern('/dashboard/home', '/dashboard/homework'), null);
  assert.deepEqual(matchPattern('/dashboard/customers/*', '/dashboard/customers'), { '*': '' });
  assert.deepEqual(matchPattern('/dashboard/customers/*', '/dashboard/customers/edit/1/'), { '*': 'edit/1' });
});

test('the specific recipient route wins over the recipients area', () => {
  assert.equal(matchRoute('/quotations/recipients/organization/u-1')?.route.access, 'any');
  assert.equal(matchRoute('/quotations/recipients/organization')?.route.access, 'confirmed');
});
