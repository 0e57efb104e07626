// Unit tests for vat-number.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  EU_MEMBER_STATES,
  isEuMemberState,
  isValidVatNumber,
  normaliseVatNumber,
  validateVatNumber,
  vatNumberMatchesOrganisationNumber,
  vatPrefixForCountry,
} from './vat-number.ts';

// Every valid sample below was built from the country's published check-digit rule (computed independently of the
// library) and each invalid twin differs in its check digit only.
//   DE: ISO 7064 MOD 11,10 over 8 digits; FI: weights 7 9 10 5 8 4 2, 11 − sum mod 11; DK: weights 2 7 6 5 4 3 2 1,
//   sum ≡ 0 mod 11; NL: weights 9…2, sum mod 11 (+ B + 2 digits); FR: key = (12 + 3 × (SIREN mod 97)) mod 97;
//   GB: weights 8…2, last two digits make the sum ≡ 0 mod 97 (or ≡ 0 after + 55); EL: weights 256…2, sum mod 11 mod 10;
//   SE: Luhn over the 10-digit organisation/personal number, then 01.

function valid(normalised: string, countryCode: string, vatPrefix: string) {
  return { valid: true, normalised, countryCode, vatPrefix };
}
function invalid(error: string, normalised: string, countryCode: string | null) {
  return { valid: false, error, normalised, countryCode };
}

describe('validateVatNumber: Sweden', () => {
  it('accepts SE + an organisation number + 01', () => {
    assert.deepEqual(validateVatNumber('SE556036079301'), valid('SE556036079301', 'SE', 'SE'));
    assert.deepEqual(validateVatNumber('SE559999000801'), valid('SE559999000801', 'SE', 'SE'));
  });

  it('accepts SE + a sole trader’s personal or co-ordination number + 01', () => {
    assert.deepEqual(validateVatNumber('SE811218987601'), valid('SE811218987601', 'SE', 'SE'));
    assert.deepEqual(validateVatNumber('SE850769987701'), valid('SE850769987701', 'SE', 'SE'));
    assert.deepEqual(validateVatNumber('SE000229987301'), valid('SE000229987301', 'SE', 'SE')); // 2000-02-29
  });

  it('normalises spaces, dots, dashes and case', () => {
    for (const form of [
      'se556036079301',
      'SE 556036-0793 01',
      ' SE5560.3607.9301 ',
      'SE-556036-0793-01',
      'SE\u00a0556036079301',
    ]) {
      assert.deepEqual(validateVatNumber(form), valid('SE556036079301', 'SE', 'SE'), form);
    }
  });

  it('refuses a suffix other than 01', () => {
    for (const suffix of ['00', '02', '10', '1', '001', '']) {
      assert.deepEqual(
        validateVatNumber(`SE5560360793${suffix}`),
        invalid('invalid_format', `SE5560360793${suffix}`, 'SE'),
        suffix,
      );
    }
  });

  it('refuses a wrong check digit in the organisation number', () => {
    for (let d = 0; d <= 9; d++) {
      if (d !== 3) {
        assert.deepEqual(
          validateVatNumber(`SE556036079${d}01`),
          invalid('invalid_checksum', `SE556036079${d}01`, 'SE'),
          `check digit ${d}`,
        );
      }
    }
    assert.deepEqual(validateVatNumber('SE811218987501'), invalid('invalid_checksum', 'SE811218987501', 'SE'));
  });

  it('refuses a checksum-valid 10-digit part that is neither an organisation number nor a real date', () => {
    // 551301-1238: Luhn-valid, third digit 1 so a personal number, but month 13.
    assert.deepEqual(validateVatNumber('SE551301123801'), invalid('invalid_format', 'SE551301123801', 'SE'));
    // 010229-1234: Luhn-valid, 29 February in 1801, 1901 and 2001 — none a leap year.
    assert.deepEqual(validateVatNumber('SE010229123401'), invalid('invalid_format', 'SE010229123401', 'SE'));
  });

  it('refuses letters and wrong lengths', () => {
    assert.equal(validateVatNumber('SE55603607930').valid, false);
    assert.equal(validateVatNumber('SE5560360793011').valid, false);
    assert.equal(validateVatNumber('SE55603607930A').valid, false);
  });
});

describe('validateVatNumber: other countries', () => {
  const samples: ReadonlyArray<readonly [valid: string, invalidTwin: string, countryCode: string]> = [
    ['DE123456788', 'DE123456789', 'DE'],
    ['DE812345673', 'DE812345674', 'DE'],
    ['FI12345671', 'FI12345672', 'FI'],
    ['FI23456780', 'FI23456781', 'FI'],
    ['DK12345674', 'DK12345675', 'DK'],
    ['DK23456788', 'DK23456789', 'DK'],
    ['NL123456782B01', 'NL123456783B01', 'NL'],
    ['NL876543219B01', 'NL876543218B01', 'NL'],
    ['FR11123456782', 'FR12123456782', 'FR'],
    ['FR96552100554', 'FR97552100554', 'FR'],
    ['GB123456782', 'GB123456783', 'GB'],
    ['GB987654353', 'GB987654354', 'GB'],
    ['EL123456783', 'EL123456784', 'GR'],
    ['EL094259216', 'EL094259217', 'GR'],
  ];

  for (const [good, bad, countryCode] of samples) {
    it(`accepts ${good} and refuses ${bad}`, () => {
      assert.deepEqual(validateVatNumber(good), valid(good, countryCode, good.slice(0, 2)));
      assert.deepEqual(validateVatNumber(bad), invalid('invalid_checksum', bad, countryCode));
    });
  }

  it('accepts the GB 9755 check-digit variant and branch numbers', () => {
    assert.deepEqual(validateVatNumber('GB123456727'), valid('GB123456727', 'GB', 'GB'));
    assert.deepEqual(validateVatNumber('GB123456782001'), valid('GB123456782001', 'GB', 'GB'));
  });

  it('accepts Northern Ireland XI numbers as United Kingdom', () => {
    assert.deepEqual(validateVatNumber('XI123456782'), valid('XI123456782', 'GB', 'XI'));
    assert.deepEqual(validateVatNumber('XI123456783'), invalid('invalid_checksum', 'XI123456783', 'GB'));
  });

  it('gives Greece the VAT prefix EL and the country GR, rewriting a GR prefix', () => {
    assert.deepEqual(validateVatNumber('GR094259216'), valid('EL094259216', 'GR', 'EL'));
    assert.deepEqual(validateVatNumber('gr 094 259 216'), valid('EL094259216', 'GR', 'EL'));
  });

  it('refuses wrong formats of recognised countries', () => {
    assert.deepEqual(validateVatNumber('DE012345678'), invalid('invalid_format', 'DE012345678', 'DE')); // leading 0
    assert.deepEqual(validateVatNumber('DE12345678'), invalid('invalid_format', 'DE12345678', 'DE'));
    assert.deepEqual(validateVatNumber('NL123456782'), invalid('invalid_format', 'NL123456782', 'NL')); // no B01
    assert.deepEqual(validateVatNumber('FI1234567'), invalid('invalid_format', 'FI1234567', 'FI'));
    assert.deepEqual(validateVatNumber('DK1234567'), invalid('invalid_format', 'DK1234567', 'DK'));
    assert.deepEqual(validateVatNumber('EL12345678'), invalid('invalid_format', 'EL12345678', 'GR'));
    assert.deepEqual(validateVatNumber('GB12345678'), invalid('invalid_format', 'GB12345678', 'GB'));
  });

  it('refuses characters other than letters and digits after normalising', () => {
    assert.deepEqual(validateVatNumber('SE556036079301/'), invalid('invalid_format', 'SE556036079301/', null));
    // jsvat-next would accept a French number followed by `|||` and a SIRET-like tail.
    assert.equal(validateVatNumber('FR11123456782|||AB123456789').valid, false);
    assert.equal(validateVatNumber('DE_123456788').valid, false);
  });

  it('refuses a missing country prefix', () => {
    assert.deepEqual(validateVatNumber('556036079301'), invalid('invalid_format', '556036079301', null));
    assert.deepEqual(validateVatNumber('123456788'), invalid('invalid_format', '123456788', null));
  });

  it('refuses countries outside the EU and GB', () => {
    for (const vat of [
      'NO123456789MVA',
      'CHE123456789',
      'US123456789',
      'EU123456789',
      'RU1234567890',
      'AU12345678901',
    ]) {
      assert.deepEqual(validateVatNumber(vat), invalid('invalid_country', vat, null), vat);
    }
  });

  it('reports an empty value', () => {
    assert.deepEqual(validateVatNumber(''), invalid('empty', '', null));
    assert.deepEqual(validateVatNumber(' - . '), invalid('empty', '', null));
  });

  it('refuses a non-string without throwing', () => {
    assert.equal(validateVatNumber(undefined as unknown as string).valid, false);
  });

  it('isValidVatNumber mirrors validate', () => {
    assert.equal(isValidVatNumber('DE 123 456 788'), true);
    assert.equal(isValidVatNumber('DE123456789'), false);
  });
});

describe('normaliseVatNumber', () => {
  it('strips whitespace, dots and dashes and upper-cases', () => {
    assert.equal(normaliseVatNumber('  de 123.456-788\t'), 'DE123456788');
    assert.equal(normaliseVatNumber('nl123456782b01'), 'NL123456782B01');
  });

  it('uses EL for Greece', () => {
    assert.equal(normaliseVatNumber('GR094259216'), 'EL094259216');
    assert.equal(normaliseVatNumber('el094259216'), 'EL094259216');
  });
});

describe('vatNumberMatchesOrganisationNumber', () => {
  it('matches a Swedish VAT number to its organisation number in any written form', () => {
    for (const orgNr of ['556036-0793', '5560360793', '16556036-0793', '165560360793']) {
      assert.equal(vatNumberMatchesOrganisationNumber('SE556036079301', orgNr), true, orgNr);
    }
    assert.equal(vatNumberMatchesOrganisationNumber('se 5560 3607 9301', '556036-0793'), true);
  });

  it('matches a sole trader’s VAT number to the personal identity number', () => {
    for (const id of ['811218-9876', '8112189876', '19811218-9876', '198112189876']) {
      assert.equal(vatNumberMatchesOrganisationNumber('SE811218987601', id), true, id);
    }
  });

  it('is false for a different number', () => {
    assert.equal(vatNumberMatchesOrganisationNumber('SE556036079301', '559999-0008'), false);
    assert.equal(vatNumberMatchesOrganisationNumber('SE559999000801', '556036-0793'), false);
    assert.equal(vatNumberMatchesOrganisationNumber('SE811218987601', '556036-0793'), false);
  });

  it('is false when either side is invalid', () => {
    assert.equal(vatNumberMatchesOrganisationNumber('SE556036079302', '556036-0793'), false);
    assert.equal(vatNumberMatchesOrganisationNumber('SE556036079401', '556036-0794'), false);
    assert.equal(vatNumberMatchesOrganisationNumber('SE556036079301', '556036-0794'), false);
    assert.equal(vatNumberMatchesOrganisationNumber('SE811218987601', '811218-9875'), false);
    assert.equal(vatNumberMatchesOrganisationNumber('SE556036079301', ''), false);
  });

  it('is false for a VAT number of another country', () => {
    assert.equal(vatNumberMatchesOrganisationNumber('DE123456788', '556036-0793'), false);
    assert.equal(vatNumberMatchesOrganisationNumber('FI12345671', '556036-0793'), false);
  });
});

describe('EU membership', () => {
  it('lists the 27 member states once each', () => {
    assert.equal(EU_MEMBER_STATES.length, 27);
    assert.equal(new Set(EU_MEMBER_STATES).size, 27);
    assert.deepEqual([...EU_MEMBER_STATES].sort(), [
      'AT',
      'BE',
      'BG',
      'CY',
      'CZ',
      'DE',
      'DK',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'HU',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SE',
      'SI',
      'SK',
    ]);
  });

  it('says which countries are members, any case, EL counting as Greece', () => {
    for (const code of [...EU_MEMBER_STATES, 'se', 'gr', 'EL', ' fi ']) {
      assert.equal(isEuMemberState(code), true, code);
    }
    for (const code of ['GB', 'XI', 'UK', 'NO', 'CH', 'IS', 'LI', 'US', 'EU', '', 'SWE']) {
      assert.equal(isEuMemberState(code), false, code);
    }
  });

  it('has a VAT prefix for every member state and GB, and none for others', () => {
    for (const code of EU_MEMBER_STATES) {
      assert.equal(vatPrefixForCountry(code), code === 'GR' ? 'EL' : code, code);
    }
    assert.equal(vatPrefixForCountry('gb'), 'GB');
    for (const code of ['EL', 'XI', 'NO', 'CH', 'US', '']) {
      assert.equal(vatPrefixForCountry(code), null, code);
    }
  });

  it('validates a VAT number of every member state prefix through the library (format errors, not invalid_country)', () => {
    for (const code of EU_MEMBER_STATES) {
      const prefix = vatPrefixForCountry(code) ?? '';
      const result = validateVatNumber(`${prefix}0`);
      assert.equal(result.valid, false);
      assert.equal(!result.valid && result.error, 'invalid_format', code);
      assert.equal(!result.valid && result.countryCode, code, code);
    }
  });
});
