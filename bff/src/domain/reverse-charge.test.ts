// Unit tests for reverse-charge.ts: which customers can have the EU reverse charge, and the VAT it allows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CustomerType } from './customer-details.ts';
import { allowedVatPercentages, reverseVatEligibility } from './reverse-charge.ts';

// A business in Germany with a VAT number whose check digit is right.
const germanCompany = {
  type: 'organization' as CustomerType,
  vatNumber: 'DE123456788',
  address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
};

describe('reverse VAT', () => {
  it('is eligible for a non-profit with a VAT number in another EU country', () => {
    assert.deepEqual(reverseVatEligibility({ ...germanCompany, type: 'non_profit' }), { eligible: true });
  });

  it('is not eligible when the VAT number is invalid', () => {
    assert.deepEqual(reverseVatEligibility({ ...germanCompany, vatNumber: 'DE123456789' }), {
      eligible: false,
      reason: 'vat_number_invalid',
    });
  });

  it('allows only 0 % VAT on invoices to a reverse VAT customer', () => {
    assert.deepEqual(allowedVatPercentages({ reverseVat: true }), [0]);
    assert.deepEqual(allowedVatPercentages({ reverseVat: false }), [25, 12, 6, 0]);
  });
});
