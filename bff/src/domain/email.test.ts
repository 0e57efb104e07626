// Unit tests for email.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isValidEmail, MAX_EMAIL_LENGTH, validateEmail } from './email.ts';

describe('validateEmail: accepted', () => {
  for (const [input, normalised] of [
    ['anna@example.se', 'anna@example.se'],
    ['  Anna.Svensson@Example.SE ', 'Anna.Svensson@example.se'],
    ['a+invoices@sub.example.co.uk', 'a+invoices@sub.example.co.uk'],
    ["o'brien@example.ie", "o'brien@example.ie"],
    ['first_last-1@my-company.com', 'first_last-1@my-company.com'],
    ['x@a.io', 'x@a.io'],
    ['åsa@exempel.se', 'åsa@exempel.se'],
    ['info@räksmörgås.se', 'info@räksmörgås.se'],
    ['info@xn--rksmrgs-5wao1o.se', 'info@xn--rksmrgs-5wao1o.se'],
    ['user@example.XN--P1AI', 'user@example.xn--p1ai'],
    ['1234@123.example.com', '1234@123.example.com'],
  ] as const) {
    it(`accepts ${JSON.stringify(input)}`, () => {
      assert.deepEqual(validateEmail(input), { valid: true, normalised });
    });
  }

  it('lower-cases the domain only', () => {
    const result = validateEmail('Anna.SVENSSON@EXAMPLE.SE');
    assert.deepEqual(result, {
      valid: true,
      normalised: 'Anna.SVENSSON@example.se',
    });
  });
});

describe('validateEmail: refused', () => {
  for (const bad of [
    'anna',
    'anna@',
    '@example.se',
    'anna@example',
    'anna@@example.se',
    'a@b@example.se',
    'an na@example.se',
    'anna@exa mple.se',
    'anna.@example.se',
    '.anna@example.se',
    'an..na@example.se',
    'anna@-example.se',
    'anna@example-.se',
    'anna@example..se',
    'anna@.example.se',
    'anna@example.se.',
    'anna@example.s',
    'anna@example.123',
    'anna@127.0.0.1',
    'anna@[127.0.0.1]',
    '"anna"@example.se',
    'anna(comment)@example.se',
    'Anna <anna@example.se>',
    'anna@example.se,bo@example.se',
    'anna@exam_ple.se',
    'anna\n@example.se',
    'mailto:anna@example.se',
  ]) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      assert.deepEqual(validateEmail(bad), {
        valid: false,
        error: 'invalid_format',
      });
    });
  }

  it('reports an empty value', () => {
    assert.deepEqual(validateEmail(''), { valid: false, error: 'empty' });
    assert.deepEqual(validateEmail(' \t '), { valid: false, error: 'empty' });
  });

  it('refuses a non-string without throwing', () => {
    assert.deepEqual(validateEmail(42 as unknown as string), {
      valid: false,
      error: 'invalid_format',
    });
  });
});

describe('validateEmail: lengths', () => {
  it('allows a local part of 64 characters but not 65', () => {
    assert.equal(validateEmail(`${'a'.repeat(64)}@example.se`).valid, true);
    assert.deepEqual(validateEmail(`${'a'.repeat(65)}@example.se`), {
      valid: false,
      error: 'too_long',
    });
  });

  it('allows 254 characters in all but not 255', () => {
    assert.equal(MAX_EMAIL_LENGTH, 254);
    const domainOf = (length: number) => {
      // labels of 60 characters joined by dots, ending in .se
      const labels: string[] = [];
      let remaining = length - 3;
      while (remaining > 0) {
        const size = Math.min(60, remaining);
        labels.push('d'.repeat(size));
        remaining -= size + 1;
      }
      return `${labels.join('.')}.se`;
    };
    const local = 'a'.repeat(60);
    const atLimit = `${local}@${domainOf(MAX_EMAIL_LENGTH - local.length - 1)}`;
    assert.equal(atLimit.length, 254);
    assert.equal(validateEmail(atLimit).valid, true);
    const overLimit = `${local}@${domainOf(MAX_EMAIL_LENGTH - local.length)}`;
    assert.equal(overLimit.length, 255);
    assert.deepEqual(validateEmail(overLimit), {
      valid: false,
      error: 'too_long',
    });
  });

  it('allows a domain label of 63 characters but not 64', () => {
    assert.equal(validateEmail(`a@${'b'.repeat(63)}.se`).valid, true);
    assert.deepEqual(validateEmail(`a@${'b'.repeat(64)}.se`), {
      valid: false,
      error: 'invalid_format',
    });
  });
});

describe('isValidEmail', () => {
  it('mirrors validate', () => {
    assert.equal(isValidEmail('anna@example.se'), true);
    assert.equal(isValidEmail('anna@example'), false);
  });
});
