// Unit tests for countries.ts: ISO 3166-1 countries, not groupings or reserved codes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isKnownCountry } from './countries.ts';

describe('country codes', () => {
  it('knows ISO countries, not groupings or the reserved UK', () => {
    assert.equal(isKnownCountry('SE'), true);
    assert.equal(isKnownCountry('XK'), true);
    assert.equal(isKnownCountry('EU'), false);
    assert.equal(isKnownCountry('UK'), false);
    assert.equal(isKnownCountry('AA'), false);
  });
});
