import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mixesOutsideScopeWithSwedishVat, zeroRateTreatmentFor } from './vat-treatment.ts';

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
});
