// Unit tests for vat-area.ts: the member states are in, their territories outside the VAT area are out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isInEuVatArea } from './vat-area.ts';

describe('the EU VAT area', () => {
  it('holds the member states and leaves out their territories outside it', () => {
    assert.equal(isInEuVatArea('DE', '10115'), true);
    assert.equal(isInEuVatArea('SE', '123 45'), true);
    assert.equal(isInEuVatArea('ES', '28001'), true); // Madrid
    assert.equal(isInEuVatArea('ES', '35001'), false); // Las Palmas, Canary Islands
    assert.equal(isInEuVatArea('ES', '51001'), false); // Ceuta
    assert.equal(isInEuVatArea('FR', '97400'), false); // Réunion
    assert.equal(isInEuVatArea('FR', '75001'), true);
    assert.equal(isInEuVatArea('DE', '27498'), false); // Heligoland
    assert.equal(isInEuVatArea('AX', '22100'), false); // Åland
    assert.equal(isInEuVatArea('GB', 'SW1A 1AA'), false);
    assert.equal(isInEuVatArea('NO', '0150'), false);
  });
});
