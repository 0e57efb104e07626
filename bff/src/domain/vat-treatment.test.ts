import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { vatCategoryFor } from './invoice-document.ts';
import { mixesOutsideScopeWithSwedishVat, outsideScopeReason, zeroRateTreatmentFor } from './vat-treatment.ts';

const at = (country: string, postalCode = '12345', reverseVat = false) => ({
  reverseVat,
  address: { country, postalCode },
});

describe('what a 0 % row means for a customer', () => {
  it('outside the EU VAT area: not subject to (Swedish) VAT, whatever the country (no longer export of goods)', () => {
    for (const customer of [
      at('NO', '0155'),
      at('US'),
      at('GB', 'SW1A 1AA'),
      at('CH', '8001'),
      at('AX', '22100'),
      at('ES', '35001'),
      at('FR', '97100'),
    ]) {
      assert.equal(zeroRateTreatmentFor(customer), 'outside_scope', JSON.stringify(customer));
    }
  });
  it('in Sweden or elsewhere in the EU VAT area: exempt; with reverse VAT: reverse charge', () => {
    assert.equal(zeroRateTreatmentFor(at('SE', '11122')), 'exempt');
    assert.equal(zeroRateTreatmentFor(at('DE', '10115')), 'exempt');
    assert.equal(zeroRateTreatmentFor(at('ES', '28001')), 'exempt');
    assert.equal(zeroRateTreatmentFor(at('DE', '10115', true)), 'reverse_charge');
  });
  it('refuses rows not subject to Swedish VAT beside rows taxed in Sweden (BR-O-11, BR-O-12) only outside the EU', () => {
    assert.equal(mixesOutsideScopeWithSwedishVat(at('US'), [0, 25]), true);
    assert.equal(mixesOutsideScopeWithSwedishVat(at('US'), [0, 0]), false);
    assert.equal(mixesOutsideScopeWithSwedishVat(at('US'), [25, 6]), false);
    assert.equal(mixesOutsideScopeWithSwedishVat(at('SE', '11122'), [0, 25]), false);
    assert.equal(mixesOutsideScopeWithSwedishVat(at('DE', '10115'), [0, 25]), false);
  });
  it('an interest invoice is not subject to VAT whoever the customer: the same category O and path (decision 0034)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('SE', 'DE', 'ES', 'FR', 'NO', 'US', 'GB', 'AX', 'se'),
        fc.stringMatching(/^[0-9A-Z ]{0,8}$/),
        fc.boolean(),
        (country, postalCode, reverseVat) => {
          const customer = at(country, postalCode, reverseVat);
          assert.equal(zeroRateTreatmentFor(customer, 'interest'), 'outside_scope');
          assert.equal(vatCategoryFor(0, zeroRateTreatmentFor(customer, 'interest')), 'O');
          // An ordinary invoice to the same customer keeps the customer's rule.
          assert.equal(zeroRateTreatmentFor(customer, 'invoice'), zeroRateTreatmentFor(customer));
        },
      ),
    );
    assert.equal(outsideScopeReason('interest'), 'interest');
    assert.equal(outsideScopeReason('invoice'), 'service_abroad');
  });
});
