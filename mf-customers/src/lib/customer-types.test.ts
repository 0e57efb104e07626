import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CUSTOMER_TYPES, customerTypeKey, isCustomerType } from './customer-types.ts';

test('individual, organization and non-profit customers', () => {
  assert.deepEqual([...CUSTOMER_TYPES], ['individual', 'organization', 'non_profit']);
  assert.equal(customerTypeKey('non_profit'), 'types.non_profit');
  assert.equal(customerTypeKey('alien'), 'types.organization');
  assert.equal(isCustomerType('individual'), true);
  assert.equal(isCustomerType('company'), false);
});
