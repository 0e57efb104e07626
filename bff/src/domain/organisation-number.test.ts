// Unit tests for organisation-number.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isValidOrganisationNumber,
  parseOrganisationNumber,
  parseOrganisationOrPersonalIdentityNumber,
} from './organisation-number.ts';

// Check digits computed with the Luhn rule over the 10 digits, e.g. 556036079? → 3, 559999000? → 8, 212000142? → 1.
const TODAY = '2025-06-15';

describe('parseOrganisationNumber', () => {
  for (const form of ['556036-0793', '5560360793', '16556036-0793', '165560360793', ' 556036-0793 ']) {
    it(`reads ${JSON.stringify(form)} as 556036-0793`, () => {
      assert.deepEqual(parseOrganisationNumber(form), {
        valid: true,
        normalised: '556036-0793',
      });
    });
  }

  it('accepts other groups of legal persons', () => {
    assert.deepEqual(parseOrganisationNumber('5599990008'), {
      valid: true,
      normalised: '559999-0008',
    });
    assert.deepEqual(parseOrganisationNumber('802479-6545'), {
      valid: true,
      normalised: '802479-6545',
    });
    // Third digit exactly 2 is the lowest allowed.
    assert.deepEqual(parseOrganisationNumber('2120001421'), {
      valid: true,
      normalised: '212000-1421',
    });
  });

  it('refuses every wrong check digit', () => {
    for (let d = 0; d <= 9; d++) {
      const result = parseOrganisationNumber(`556036-079${d}`);
      assert.deepEqual(
        result,
        d === 3 ? { valid: true, normalised: '556036-0793' } : { valid: false, error: 'invalid_checksum' },
        `check digit ${d}`,
      );
    }
    assert.deepEqual(parseOrganisationNumber('16556036-0794'), {
      valid: false,
      error: 'invalid_checksum',
    });
  });

  it('refuses a third digit below 2 even with a valid check digit (a personal identity number)', () => {
    for (const value of ['8112189876', '811218-9876', '5513011238', '0002291235', '168112189876']) {
      assert.deepEqual(parseOrganisationNumber(value), { valid: false, error: 'invalid_format' }, value);
    }
  });

  it('reports an empty value', () => {
    assert.deepEqual(parseOrganisationNumber(''), {
      valid: false,
      error: 'empty',
    });
    assert.deepEqual(parseOrganisationNumber(' \n'), {
      valid: false,
      error: 'empty',
    });
  });

  for (const bad of [
    '556036 0793',
    '55603-60793',
    '5560-360793',
    '556036-07934',
    '556036079',
    '55603607931',
    '17556036-0793',
    '1655603607931',
    '16-556036-0793',
    '556036+0793',
    'SE556036079301',
    'abcdef-ghij',
  ]) {
    it(`refuses the format ${JSON.stringify(bad)}`, () => {
      assert.deepEqual(parseOrganisationNumber(bad), {
        valid: false,
        error: 'invalid_format',
      });
    });
  }

  it('refuses a non-string without throwing', () => {
    assert.deepEqual(parseOrganisationNumber(null as unknown as string), {
      valid: false,
      error: 'invalid_format',
    });
  });

  it('isValidOrganisationNumber mirrors parse', () => {
    assert.equal(isValidOrganisationNumber('556036-0793'), true);
    assert.equal(isValidOrganisationNumber('556036-0794'), false);
    assert.equal(isValidOrganisationNumber('811218-9876'), false);
  });
});

describe('parseOrganisationOrPersonalIdentityNumber', () => {
  it('reads an organisation number', () => {
    const expected = {
      valid: true,
      kind: 'organisation_number',
      normalised: '556036-0793',
    };
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('556036-0793', TODAY), expected);
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('165560360793', TODAY), expected);
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('16556036-0793', TODAY), expected);
  });

  it('reads a sole trader’s personal identity number in any form', () => {
    const expected = {
      valid: true,
      kind: 'personal_identity_number',
      normalised: '198112189876',
      birthDate: '1981-12-18',
      isCoordinationNumber: false,
    };
    for (const form of ['811218-9876', '8112189876', '19811218-9876', '198112189876']) {
      assert.deepEqual(parseOrganisationOrPersonalIdentityNumber(form, TODAY), expected, form);
    }
  });

  it('reads a co-ordination number', () => {
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('850769-9877', TODAY), {
      valid: true,
      kind: 'personal_identity_number',
      normalised: '198507699877',
      birthDate: '1985-07-09',
      isCoordinationNumber: true,
    });
  });

  it('does not mistake a short personal number starting with 16 for the organisation prefix', () => {
    // 160607-0108: born 2016-06-07
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('1606070108', TODAY), {
      valid: true,
      kind: 'personal_identity_number',
      normalised: '201606070108',
      birthDate: '2016-06-07',
      isCoordinationNumber: false,
    });
  });

  it('passes on the error of the kind it recognised', () => {
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('556036-0794', TODAY), {
      valid: false,
      error: 'invalid_checksum',
    });
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('811218-9875', TODAY), {
      valid: false,
      error: 'invalid_checksum',
    });
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('5513011238', TODAY), {
      valid: false,
      error: 'invalid_date',
    });
    // The `16` prefix belongs to organisation numbers only.
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('16811218-9876', TODAY), {
      valid: false,
      error: 'invalid_format',
    });
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('', TODAY), {
      valid: false,
      error: 'empty',
    });
    assert.deepEqual(parseOrganisationOrPersonalIdentityNumber('n/a', TODAY), {
      valid: false,
      error: 'invalid_format',
    });
  });

  it('applies the century rule of the short form with `today`', () => {
    const result = parseOrganisationOrPersonalIdentityNumber('811218+9876', TODAY);
    assert.equal(result.valid && result.kind === 'personal_identity_number' && result.birthDate, '1881-12-18');
  });
});
