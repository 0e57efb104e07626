// Unit tests for postal-code.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isValidPostalCode, MAX_FOREIGN_POSTAL_CODE_LENGTH, validatePostalCode } from './postal-code.ts';

describe('validatePostalCode: Sweden', () => {
  for (const form of ['11434', '114 34', '  114 34 ', '11434\n']) {
    it(`reads ${JSON.stringify(form)} as 114 34`, () => {
      assert.deepEqual(validatePostalCode(form, 'SE'), {
        valid: true,
        normalised: '114 34',
      });
    });
  }

  it('takes the country code in any case', () => {
    assert.deepEqual(validatePostalCode('98131', 'se'), {
      valid: true,
      normalised: '981 31',
    });
    assert.deepEqual(validatePostalCode('98131', ' Se '), {
      valid: true,
      normalised: '981 31',
    });
  });

  it('accepts the whole range of first digits 1–9', () => {
    assert.deepEqual(validatePostalCode('10005', 'SE'), {
      valid: true,
      normalised: '100 05',
    });
    assert.deepEqual(validatePostalCode('99999', 'SE'), {
      valid: true,
      normalised: '999 99',
    });
  });

  it('refuses a first digit 0', () => {
    assert.deepEqual(validatePostalCode('01234', 'SE'), {
      valid: false,
      error: 'invalid_format',
    });
    assert.deepEqual(validatePostalCode('012 34', 'SE'), {
      valid: false,
      error: 'invalid_format',
    });
  });

  for (const bad of [
    '1143',
    '114344',
    '114-34',
    '114  34',
    '11 434',
    '1143 4',
    'SE-114 34',
    'S-11434',
    'abcde',
    '114 3a',
    '１１４３４',
  ]) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      assert.deepEqual(validatePostalCode(bad, 'SE'), {
        valid: false,
        error: 'invalid_format',
      });
    });
  }

  it('reports an empty value', () => {
    assert.deepEqual(validatePostalCode('', 'SE'), {
      valid: false,
      error: 'empty',
    });
    assert.deepEqual(validatePostalCode('   ', 'SE'), {
      valid: false,
      error: 'empty',
    });
  });

  it('refuses a non-string without throwing', () => {
    assert.deepEqual(validatePostalCode(11434 as unknown as string, 'SE'), {
      valid: false,
      error: 'invalid_format',
    });
  });
});

describe('validatePostalCode: other countries', () => {
  it('keeps the trimmed text as written', () => {
    assert.deepEqual(validatePostalCode(' SW1A 1AA ', 'GB'), {
      valid: true,
      normalised: 'SW1A 1AA',
    });
    assert.deepEqual(validatePostalCode('0150', 'NO'), {
      valid: true,
      normalised: '0150',
    });
    assert.deepEqual(validatePostalCode('01067', 'DE'), {
      valid: true,
      normalised: '01067',
    }); // leading 0 is fine abroad
    assert.deepEqual(validatePostalCode('12345-6789', 'us'), {
      valid: true,
      normalised: '12345-6789',
    });
    assert.deepEqual(validatePostalCode('11434', 'FI'), {
      valid: true,
      normalised: '11434',
    }); // not reformatted
  });

  it('allows at most 20 characters', () => {
    assert.equal(MAX_FOREIGN_POSTAL_CODE_LENGTH, 20);
    const twenty = 'A'.repeat(20);
    assert.deepEqual(validatePostalCode(twenty, 'FR'), {
      valid: true,
      normalised: twenty,
    });
    assert.deepEqual(validatePostalCode(` ${twenty} `, 'FR'), {
      valid: true,
      normalised: twenty,
    });
    assert.deepEqual(validatePostalCode(`${twenty}B`, 'FR'), {
      valid: false,
      error: 'too_long',
    });
    // Counted in characters, not UTF-16 units.
    assert.deepEqual(validatePostalCode('Å'.repeat(20), 'FR'), {
      valid: true,
      normalised: 'Å'.repeat(20),
    });
  });

  it('reports an empty value', () => {
    assert.deepEqual(validatePostalCode(' ', 'DE'), {
      valid: false,
      error: 'empty',
    });
  });

  it('isValidPostalCode mirrors validate', () => {
    assert.equal(isValidPostalCode('114 34', 'SE'), true);
    assert.equal(isValidPostalCode('01234', 'SE'), false);
    assert.equal(isValidPostalCode('01234', 'DE'), true);
  });
});
