// Unit tests for personal-identity-number.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ageAt,
  formatShortPersonalIdentityNumber,
  isPlausibleShortPersonalIdentityNumber,
  isValidPersonalIdentityNumber,
  parsePersonalIdentityNumber,
} from './personal-identity-number.ts';

// Check digits below were computed by hand / with luhnCheckDigit over the 10-digit form, e.g.
// 811218-987? : 8×2→7, 1, 1×2, 2, 1×2, 8, 9×2→9, 8, 7×2→5 = 44 → 6.
const TODAY = '2025-06-15';

describe('parsePersonalIdentityNumber: the written forms', () => {
  const expected = {
    valid: true,
    normalised: '198112189876',
    birthDate: '1981-12-18',
    isCoordinationNumber: false,
  };

  for (const form of ['811218-9876', '8112189876', '198112189876', '19811218-9876', '  811218-9876\t']) {
    it(`reads ${JSON.stringify(form)}`, () => {
      assert.deepEqual(parsePersonalIdentityNumber(form, TODAY), expected);
    });
  }

  it('reports an empty value', () => {
    assert.deepEqual(parsePersonalIdentityNumber('', TODAY), {
      valid: false,
      error: 'empty',
    });
    assert.deepEqual(parsePersonalIdentityNumber('   ', TODAY), {
      valid: false,
      error: 'empty',
    });
  });

  for (const bad of [
    '81121-89876',
    '811218 9876',
    '811218_9876',
    '811218--9876',
    '811218-987',
    '81121898761',
    '1981121898761',
    '19811218+9876',
    '1981-12-18-9876',
    '811218-987X',
    'abcdefghij',
    '8112189876a',
  ]) {
    it(`refuses the format ${JSON.stringify(bad)}`, () => {
      assert.deepEqual(parsePersonalIdentityNumber(bad, TODAY), {
        valid: false,
        error: 'invalid_format',
      });
    });
  }

  it('refuses a non-string without throwing', () => {
    assert.deepEqual(parsePersonalIdentityNumber(8112189876 as unknown as string, TODAY), {
      valid: false,
      error: 'invalid_format',
    });
  });
});

describe('parsePersonalIdentityNumber: birth number 000 and the long form with +', () => {
  it('refuses a birth number 000 even with a valid check digit', () => {
    // 811218-000? : 7+1+2+2+2+8+0+0+0 = 22 → check digit 8
    for (const form of ['811218-0008', '8112180008', '198112180008', '19811218-0008']) {
      assert.deepEqual(parsePersonalIdentityNumber(form, TODAY), { valid: false, error: 'invalid_format' }, form);
    }
    assert.equal(isPlausibleShortPersonalIdentityNumber('8112180008'), false);
    // 001 is a real birth number: 7+1+2+2+2+8+0+0+2 = 24 → 6
    assert.equal(parsePersonalIdentityNumber('811218-0016', TODAY).valid, true);
  });

  it('accepts `YYYYMMDD+NNNC` only for someone 100 or older this year', () => {
    assertBirth('19090527+1474', TODAY, '1909-05-27');
    assertBirth('19250102+1238', '2025-01-01', '1925-01-02');
    assert.deepEqual(parsePersonalIdentityNumber('19260102+1237', '2025-06-15'), {
      valid: false,
      error: 'invalid_format',
    });
  });
});

describe('parsePersonalIdentityNumber: check digit', () => {
  it('refuses every wrong check digit', () => {
    for (let d = 0; d <= 9; d++) {
      const result = parsePersonalIdentityNumber(`811218-987${d}`, TODAY);
      if (d === 6) {
        assert.equal(result.valid, true);
      } else {
        assert.deepEqual(result, { valid: false, error: 'invalid_checksum' }, `check digit ${d}`);
      }
    }
  });

  it('checks the long form over its 10-digit part only', () => {
    assert.deepEqual(parsePersonalIdentityNumber('198112189875', TODAY), {
      valid: false,
      error: 'invalid_checksum',
    });
    // The same 10 digits in another century are still checksum-valid.
    assert.equal(parsePersonalIdentityNumber('208112189876', '2085-01-01').valid, true);
  });

  it('refuses transposed serial digits', () => {
    assert.deepEqual(parsePersonalIdentityNumber('811218-9786', TODAY), {
      valid: false,
      error: 'invalid_checksum',
    });
  });
});

describe('parsePersonalIdentityNumber: century of the short forms', () => {
  it('puts a `-` number within the last 100 years', () => {
    assertBirth('991231-1231', TODAY, '1999-12-31');
    assertBirth('250101-1239', TODAY, '2025-01-01');
    assertBirth('261231-1239', TODAY, '1926-12-31');
  });

  it('puts a `+` number 100 years further back', () => {
    assertBirth('811218+9876', TODAY, '1881-12-18');
    assertBirth('250101+1239', TODAY, '1925-01-01');
    assertBirth('261231+1239', TODAY, '1826-12-31');
  });

  it('switches to `+` in the calendar year the person turns 100, before the birthday', () => {
    // Born 1925-01-02: in 2025 (turning 100) the number is written 250102+1238.
    assertBirth('250102+1238', '2025-01-01', '1925-01-02');
    // 250102-1238 on 2025-01-01 would be someone born tomorrow.
    assert.deepEqual(parsePersonalIdentityNumber('250102-1238', '2025-01-01'), {
      valid: false,
      error: 'invalid_date',
    });
    // Still `-` the year before.
    assertBirth('250102-1238', '2024-12-31', '1925-01-02');
  });

  it('treats the separator-less short form like `-`', () => {
    assertBirth('2501011239', TODAY, '2025-01-01');
    assertBirth('2612311239', TODAY, '1926-12-31');
  });

  it('takes the century from the long form as written', () => {
    assertBirth('192501011239', TODAY, '1925-01-01');
    assertBirth('182501011239', TODAY, '1825-01-01');
  });

  it('refuses birth dates after today', () => {
    assert.deepEqual(parsePersonalIdentityNumber('203001011237', TODAY), {
      valid: false,
      error: 'invalid_date',
    });
    assert.deepEqual(parsePersonalIdentityNumber('20250616-1237', TODAY), {
      valid: false,
      error: 'invalid_date',
    });
    // With `-` a short form whose day is later this year is not read as 100 years earlier.
    assert.deepEqual(parsePersonalIdentityNumber('250616-1237', TODAY), {
      valid: false,
      error: 'invalid_date',
    });
    assertBirth('250616+1237', TODAY, '1925-06-16');
  });

  it('accepts a birth date of today', () => {
    assertBirth('250615-0016', TODAY, '2025-06-15');
    assertBirth('20250615-0016', TODAY, '2025-06-15');
  });

  it('uses the Swedish calendar day of a Date', () => {
    // 23:30 UTC on New Year's Eve is already 1 January 2025 in Sweden: 25 is this year.
    assertBirth('250101-1239', new Date('2024-12-31T23:30:00Z'), '2025-01-01');
    // 22:30 UTC is still 2024 in Sweden: 25 is 1925.
    assertBirth('250101-1239', new Date('2024-12-31T22:30:00Z'), '1925-01-01');
  });

  it('throws on an invalid `today` (a programming error, not user input)', () => {
    assert.throws(() => parsePersonalIdentityNumber('811218-9876', 'not a date'), RangeError);
  });
});

describe('parsePersonalIdentityNumber: calendar dates', () => {
  for (const [value, reason] of [
    ['5513011238', 'month 13'],
    ['8500011230', 'month 00'],
    ['8507001231', 'day 00'],
    ['8507321233', 'day 32'],
    ['8502301230', '30 February'],
    ['2302291238', '29 February 2023'],
    ['8507921230', 'co-ordination day 92'],
    ['8504911234', 'co-ordination 31 April'],
  ] as const) {
    it(`refuses ${reason}`, () => {
      assert.deepEqual(parsePersonalIdentityNumber(value, TODAY), {
        valid: false,
        error: 'invalid_date',
      });
    });
  }

  it('reports the date before the check digit', () => {
    assert.deepEqual(parsePersonalIdentityNumber('8513011234', TODAY), {
      valid: false,
      error: 'invalid_date',
    });
  });

  it('accepts 29 February in leap years only', () => {
    assertBirth('240229-1237', TODAY, '2024-02-29');
    assertBirth('040229-9879', TODAY, '2004-02-29');
    assertBirth('000229-9873', TODAY, '2000-02-29');
    assertBirth('200002299873', TODAY, '2000-02-29');
    // 1900 was not a leap year: the same 10 digits with another century are refused.
    assert.deepEqual(parsePersonalIdentityNumber('190002299873', TODAY), {
      valid: false,
      error: 'invalid_date',
    });
    assert.deepEqual(parsePersonalIdentityNumber('000229+9873', TODAY), {
      valid: false,
      error: 'invalid_date',
    });
  });
});

describe('parsePersonalIdentityNumber: co-ordination numbers', () => {
  it('subtracts 60 from the day for the birth date and keeps the written day in the normalised form', () => {
    assert.deepEqual(parsePersonalIdentityNumber('850769-9877', TODAY), {
      valid: true,
      normalised: '198507699877',
      birthDate: '1985-07-09',
      isCoordinationNumber: true,
    });
    assert.deepEqual(parsePersonalIdentityNumber('19850771-9873', TODAY), {
      valid: true,
      normalised: '198507719873',
      birthDate: '1985-07-11',
      isCoordinationNumber: true,
    });
  });

  it('handles 29 February (day 89) by the leap-year rule', () => {
    assertBirth('000289-1232', TODAY, '2000-02-29');
    assert.deepEqual(parsePersonalIdentityNumber('010289-1231', TODAY), {
      valid: false,
      error: 'invalid_date',
    });
  });

  it('checks the check digit over the written day', () => {
    assert.deepEqual(parsePersonalIdentityNumber('850769-9876', TODAY), {
      valid: false,
      error: 'invalid_checksum',
    });
  });

  it('refuses days 32–60', () => {
    for (const day of [32, 45, 60]) {
      const payload = `8507${day}123`;
      // whatever the check digit, the day is wrong
      assert.deepEqual(
        parsePersonalIdentityNumber(`${payload}0`, TODAY),
        { valid: false, error: 'invalid_date' },
        payload,
      );
    }
  });
});

describe('isValidPersonalIdentityNumber', () => {
  it('mirrors parse', () => {
    assert.equal(isValidPersonalIdentityNumber('811218-9876', TODAY), true);
    assert.equal(isValidPersonalIdentityNumber('811218-9875', TODAY), false);
    assert.equal(isValidPersonalIdentityNumber('', TODAY), false);
  });
});

describe('isPlausibleShortPersonalIdentityNumber', () => {
  it('accepts 10 digits with a real date in some century and a valid check digit', () => {
    assert.equal(isPlausibleShortPersonalIdentityNumber('8112189876'), true);
    assert.equal(isPlausibleShortPersonalIdentityNumber('8507699877'), true);
    assert.equal(isPlausibleShortPersonalIdentityNumber('0002299873'), true); // 2000-02-29
  });

  it('refuses bad dates, check digits and shapes', () => {
    assert.equal(isPlausibleShortPersonalIdentityNumber('0102291234'), false); // no 29 Feb in 1801/1901/2001
    assert.equal(isPlausibleShortPersonalIdentityNumber('5513011238'), false);
    assert.equal(isPlausibleShortPersonalIdentityNumber('8112189875'), false);
    assert.equal(isPlausibleShortPersonalIdentityNumber('811218-9876'), false);
    assert.equal(isPlausibleShortPersonalIdentityNumber('198112189876'), false);
  });
});

describe('formatShortPersonalIdentityNumber', () => {
  it('writes YYMMDD-NNNC, or + from the year of the 100th birthday', () => {
    assert.equal(formatShortPersonalIdentityNumber('198112189876', TODAY), '811218-9876');
    assert.equal(formatShortPersonalIdentityNumber('192501021238', '2024-12-31'), '250102-1238');
    assert.equal(formatShortPersonalIdentityNumber('192501021238', '2025-01-01'), '250102+1238');
    assert.equal(formatShortPersonalIdentityNumber('198507699877', TODAY), '850769-9877');
  });

  it('round-trips through parse', () => {
    for (const [normalised, today] of [
      ['198112189876', TODAY],
      ['192501021238', '2025-01-01'],
      ['192501021238', '2024-12-31'],
      ['188112189876', TODAY],
      ['200002299873', TODAY],
    ] as const) {
      const short = formatShortPersonalIdentityNumber(normalised, today);
      const parsed = parsePersonalIdentityNumber(short, today);
      assert.equal(parsed.valid && parsed.normalised, normalised, `${normalised} on ${today}`);
    }
  });

  it('throws on a value that is not normalised', () => {
    assert.throws(() => formatShortPersonalIdentityNumber('811218-9876', TODAY), RangeError);
  });
});

describe('ageAt', () => {
  it('counts whole years, growing on the birthday', () => {
    assert.equal(ageAt('1981-12-18', '2025-06-15'), 43);
    assert.equal(ageAt('1981-12-18', '2025-12-17'), 43);
    assert.equal(ageAt('1981-12-18', '2025-12-18'), 44);
    assert.equal(ageAt('1981-12-18', '1981-12-18'), 0);
    assert.equal(ageAt('1958-06-01', '2025-01-01'), 66);
    assert.equal(ageAt('1925-01-01', '2025-01-01'), 100);
  });

  it('lets someone born on 29 February age on 1 March in common years', () => {
    assert.equal(ageAt('2000-02-29', '2023-02-28'), 22);
    assert.equal(ageAt('2000-02-29', '2023-03-01'), 23);
    assert.equal(ageAt('2000-02-29', '2024-02-28'), 23);
    assert.equal(ageAt('2000-02-29', '2024-02-29'), 24);
  });

  it('accepts a Date, taken as the Swedish day', () => {
    assert.equal(ageAt('1981-12-18', new Date('2025-12-17T23:30:00Z')), 44);
    assert.equal(ageAt('1981-12-18', new Date('2025-12-17T22:30:00Z')), 43);
  });

  it('is negative before birth', () => {
    assert.equal(ageAt('2000-05-10', '2000-05-09'), -1);
  });

  it('works on a parsed birth date', () => {
    const parsed = parsePersonalIdentityNumber('850769-9877', TODAY);
    assert.ok(parsed.valid);
    assert.equal(ageAt(parsed.birthDate, TODAY), 39);
  });

  it('throws on a malformed birth date', () => {
    assert.throws(() => ageAt('2001-02-29', TODAY), RangeError);
    assert.throws(() => ageAt('19811218', TODAY), RangeError);
  });
});

function assertBirth(input: string, today: Date | string, birthDate: string): void {
  const result = parsePersonalIdentityNumber(input, today);
  assert.equal(result.valid, true, `${input} should be valid: ${JSON.stringify(result)}`);
  if (result.valid) {
    assert.equal(result.birthDate, birthDate, input);
    assert.equal(result.normalised.slice(0, 4), birthDate.slice(0, 4), input);
  }
}
