// The public test lists of the maintained `personnummer` and `organisationsnummer` packages (their `meta` repositories,
// provided by tools/standards, never copied into the repository), run against our own parsers in every form.
//
// Decision: we keep our parsers rather than switch to the `personnummer`/`organisationsnummer` packages. Ours take
// "today" as a parameter (the packages read the clock for the century and the age), return the real birth date that
// employer contributions depend on, give typed error reasons the API and both languages already translate, and accept
// nothing the packages refuse. What the packages do better (a shared list of hard cases) we take by running that list
// here: our verdicts must match theirs on every number in every form, with two deliberate refusals where the packages
// have options — interim numbers (the packages refuse them by default too) and co-ordination numbers without a real
// date (month 00 or day 60, or an impossible day), which give no birth date to compute an age from.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { standardsForTests } from '../../../tools/standards/standards.ts';
import { parseOrganisationNumber, parseOrganisationOrPersonalIdentityNumber } from './organisation-number.ts';
import {
  formatShortPersonalIdentityNumber,
  isPlausibleShortPersonalIdentityNumber,
  parsePersonalIdentityNumber,
} from './personal-identity-number.ts';
import { validateVatNumber } from './vat-number.ts';

const lists = await standardsForTests(['identifiers/personnummer.json', 'identifiers/organisationsnummer.json']);

const parsed = new Map<string, unknown>();
/** A list, read when a test that is not skipped first asks for it. */
function readList<T>(name: string): T {
  if (!parsed.has(name)) parsed.set(name, JSON.parse(lists.text(`identifiers/${name}`)));
  return parsed.get(name) as T;
}

type PersonItem = {
  long_format: string;
  short_format: string;
  separated_format: string;
  separated_long: string;
  valid: boolean;
  type: string;
};

type PersonList = {
  list: PersonItem[];
  interim: PersonItem[];
  orgnumber: { short_format: string; separated_format: string }[];
  pins: string[];
  coords: string[];
  setAside: { coordsUnknownDatePart: string[]; coordsImpossibleDate: string[] };
};

type OrganisationItem = {
  input: string;
  long_format: string;
  short_format: string;
  valid: boolean;
  type: string;
  vat_number: string;
};

// A fixed day after every birth date in the lists, so the verdicts never depend on when the suite runs.
const TODAY = '2026-06-01';
const FORMS = ['long_format', 'short_format', 'separated_format', 'separated_long'] as const;

const persons = (): PersonList => readList<PersonList>('personnummer.json');
const organisations = (): { list: OrganisationItem[] } => readList('organisationsnummer.json');
const skip = lists.skip;

/** `YYYY-MM-DD` of a valid 12-digit number, a co-ordination number's day less 60. */
function birthDateOf(twelve: string): string {
  const day = Number(twelve.slice(6, 8));
  return `${twelve.slice(0, 4)}-${twelve.slice(4, 6)}-${String(day > 60 ? day - 60 : day).padStart(2, '0')}`;
}

describe('personnummer/meta list.json: the same verdict in every form', { skip }, () => {
  for (const item of persons().list) {
    for (const form of FORMS) {
      it(`${item[form]} (${form}, ${item.type}) is ${item.valid ? 'valid' : 'invalid'}`, () => {
        const result = parsePersonalIdentityNumber(item[form], TODAY);
        assert.equal(result.valid, item.valid, JSON.stringify(result));
        if (result.valid && form !== 'short_format') {
          // Without a separator the century of a short form is a guess (the list's short forms of 1909 births read
          // as 2009); every other form names the person exactly.
          assert.equal(result.normalised, item.long_format);
          assert.equal(result.birthDate, birthDateOf(item.long_format));
          assert.equal(result.isCoordinationNumber, item.type === 'con');
          assert.equal(formatShortPersonalIdentityNumber(result.normalised, TODAY), item.separated_format);
        }
      });
    }
  }
});

describe('personnummer/meta: numbers that are not personal identity numbers', { skip }, () => {
  it('refuses every interim number in every form (not accepted by this product)', () => {
    for (const item of persons().interim) {
      for (const form of FORMS) {
        assert.equal(parsePersonalIdentityNumber(item[form], TODAY).valid, false, item[form]);
      }
    }
  });

  it('refuses organisation numbers (valid as such) as personal identity numbers', () => {
    for (const item of persons().orgnumber) {
      for (const form of ['short_format', 'separated_format'] as const) {
        assert.equal(parsePersonalIdentityNumber(item[form], TODAY).valid, false, item[form]);
        assert.equal(parseOrganisationNumber(item[form]).valid, true, item[form]);
      }
    }
  });

  it('refuses co-ordination numbers without a real birth date', () => {
    for (const number of [...persons().setAside.coordsUnknownDatePart, ...persons().setAside.coordsImpossibleDate]) {
      assert.deepEqual(parsePersonalIdentityNumber(number, TODAY), { valid: false, error: 'invalid_date' }, number);
    }
  });
});

describe("Skatteverket's test numbers (pins and coords): valid in the long form and in the forms derived from it", {
  skip,
}, () => {
  for (const [name, numbers, coordination] of [
    ['pins', persons().pins, false],
    ['coords', persons().coords, true],
  ] as const) {
    it(`accepts all ${numbers.length} ${name}`, () => {
      for (const number of numbers) {
        const result = parsePersonalIdentityNumber(number, TODAY);
        assert.ok(result.valid, number);
        assert.equal(result.isCoordinationNumber, coordination, number);
        assert.equal(result.birthDate, birthDateOf(number), number);
        const short = formatShortPersonalIdentityNumber(number, TODAY);
        const separatedLong = `${number.slice(0, 8)}${short.slice(6, 7)}${number.slice(8)}`;
        for (const form of [short, separatedLong]) {
          const again = parsePersonalIdentityNumber(form, TODAY);
          assert.ok(again.valid && again.normalised === number, `${form} of ${number}`);
        }
        assert.equal(isPlausibleShortPersonalIdentityNumber(number.slice(2)), true, number);
      }
    });
  }
});

describe('birth number 000 (issue 15): refused in every form', () => {
  // Each number gets its correct Luhn check digit, so only the birth number is wrong.
  const withCheck = (nine: string) => {
    let sum = 0;
    for (let i = 0; i < 9; i++) {
      const product = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
      sum += product > 9 ? product - 9 : product;
    }
    return `${nine}${(10 - (sum % 10)) % 10}`;
  };
  for (const nine of ['811218000', '000229000', '730288000', '121212000']) {
    const ten = withCheck(nine);
    const century = nine.startsWith('00') ? '20' : '19';
    const forms = [
      ten,
      `${ten.slice(0, 6)}-${ten.slice(6)}`,
      `${century}${ten}`,
      `${century}${ten.slice(0, 6)}-${ten.slice(6)}`,
    ];
    it(`refuses ${forms.join(', ')}`, () => {
      for (const form of forms) {
        assert.deepEqual(parsePersonalIdentityNumber(form, TODAY), { valid: false, error: 'invalid_format' }, form);
        assert.equal(parseOrganisationOrPersonalIdentityNumber(form, TODAY).valid, false, form);
      }
      assert.equal(isPlausibleShortPersonalIdentityNumber(ten), false);
      assert.equal(validateVatNumber(`SE${ten}01`).valid, false);
      // The same date with birth number 001 is fine: only 000 is impossible.
      const fine = withCheck(`${nine.slice(0, 6)}001`);
      assert.equal(parsePersonalIdentityNumber(fine, TODAY).valid, true, fine);
    });
  }
});

describe('organisationsnummer/meta list: the same verdict for every form, as a government id and as a VAT number', {
  skip,
}, () => {
  for (const item of organisations().list) {
    it(`${item.input} (${item.type}) is ${item.valid ? 'valid' : 'invalid'}`, () => {
      for (const form of [item.input, item.long_format, item.short_format]) {
        const result = parseOrganisationOrPersonalIdentityNumber(form, TODAY);
        assert.equal(result.valid, item.valid, `${form}: ${JSON.stringify(result)}`);
        if (result.valid) {
          const kind = item.type === 'Enskild firma' ? 'personal_identity_number' : 'organisation_number';
          assert.equal(result.kind, kind, form);
          if (result.kind === 'organisation_number') {
            assert.equal(result.normalised, item.long_format);
          }
        }
      }
      assert.equal(validateVatNumber(item.vat_number).valid, item.valid, item.vat_number);
    });
  }
});
