// The form decides while the user types which details a customer has (customer-rules.ts), before
// the BFF sees them; the BFF's domain decides for good. The EU VAT area and the VAT prefixes are
// written in both places, so this test reads the BFF's rules in place and keeps the copies equal:
// a change on one side alone fails here, not in front of a user.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTRY_CODES } from '@frilo/ui/countries';
import { isInEuVatArea as bffIsInEuVatArea } from '../../../bff/src/domain/vat-area.ts';
import { vatPrefixForCountry as bffVatPrefix } from '../../../bff/src/domain/vat-number.ts';
import { isInEuVatArea, vatPrefixFor } from './customer-rules.ts';

// Every postal code pattern the area rules name, a neighbour of each, and ordinary ones.
const POSTAL_CODES = [
  '',
  '11122',
  '35001',
  '38001',
  '51001',
  '52001',
  '36001',
  '97100',
  '97899',
  '97900',
  '27498',
  '27499',
  '78266',
  '23041',
  '22061',
  '22062',
  '63086',
  '63087',
  '35 001',
  '97-100',
];

test('the form and the BFF agree on the EU VAT area for every country and the postal codes that matter', () => {
  for (const country of [...COUNTRY_CODES, 'EL', 'XI']) {
    for (const postalCode of POSTAL_CODES) {
      assert.equal(
        isInEuVatArea(country, postalCode),
        bffIsInEuVatArea(country, postalCode),
        `${country} ${postalCode}`,
      );
    }
  }
});

test('the form and the BFF agree on the VAT number prefix of every country', () => {
  for (const country of [...COUNTRY_CODES, 'EL', 'XI']) {
    assert.equal(vatPrefixFor(country), bffVatPrefix(country), country);
  }
});
