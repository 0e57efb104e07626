// Unit tests for e-invoicing.ts: Swedish public bodies must get e-invoices.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CustomerType } from './customer-details.ts';
import { isSwedishPublicBody } from './e-invoicing.ts';

const swedishCompany = { type: 'organization' as CustomerType, address: { country: 'se' } };
const municipality = { ...swedishCompany, governmentId: '212000-0142' };

describe('e-invoices', () => {
  it('recognises a Swedish public body by its organisation number group 2', () => {
    assert.equal(isSwedishPublicBody({ ...municipality, governmentId: '212000-0142' }), true);
    assert.equal(isSwedishPublicBody({ ...swedishCompany, governmentId: '556036-0793' }), false);
  });
});
