// Unit tests for luhn.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isValidLuhn, luhnCheckDigit } from './luhn.ts';

describe('luhnCheckDigit', () => {
  it('computes the check digit of hand-checked payloads', () => {
    // 8 1 1 2 1 8 9 8 7 with weights 2 1 2 1 …: 7+1+2+2+2+8+9+8+5 = 44 → 6
    assert.equal(luhnCheckDigit('811218987'), 6);
    assert.equal(luhnCheckDigit('556036079'), 3);
    assert.equal(luhnCheckDigit('850709980'), 5);
    assert.equal(luhnCheckDigit('000000000'), 0);
    assert.equal(luhnCheckDigit('999999999'), 9);
    assert.equal(luhnCheckDigit('7992739871'), 3);
  });

  it('gives weight 2 to the rightmost payload digit whatever the length', () => {
    assert.equal(luhnCheckDigit('1'), 8); // 1×2 = 2 → 8
    assert.equal(luhnCheckDigit('12'), 5); // 1×1 + 2×2 = 5 → 5
    assert.equal(luhnCheckDigit('5'), 9); // 5×2 = 10 → 1+0 = 1 → 9
  });

  it('throws for a payload that is not digits', () => {
    assert.throws(() => luhnCheckDigit(''), RangeError);
    assert.throws(() => luhnCheckDigit('12a'), RangeError);
    assert.throws(() => luhnCheckDigit('811218-987'), RangeError);
  });
});

describe('isValidLuhn', () => {
  it('accepts numbers whose last digit is their check digit', () => {
    for (const digits of ['8112189876', '5560360793', '79927398713', '00', '18', '125']) {
      assert.equal(isValidLuhn(digits), true, digits);
    }
  });

  it('refuses any other last digit', () => {
    for (let d = 0; d <= 9; d++) {
      assert.equal(isValidLuhn(`811218987${d}`), d === 6, `check digit ${d}`);
    }
  });

  it('detects a changed digit anywhere and adjacent transpositions', () => {
    assert.equal(isValidLuhn('8112189866'), false);
    assert.equal(isValidLuhn('1812189876'), false);
    assert.equal(isValidLuhn('8121189876'), false);
    assert.equal(isValidLuhn('5560360739'), false);
  });

  it('round-trips with luhnCheckDigit', () => {
    for (const payload of ['1', '55', '123456789', '987654321012345', '000229123']) {
      assert.equal(isValidLuhn(payload + String(luhnCheckDigit(payload))), true, payload);
    }
  });

  it('is false for non-digits, one digit or nothing', () => {
    for (const value of ['', '0', '8112189876 ', ' 8112189876', '811218-9876', '81121898٧6', 'abc']) {
      assert.equal(isValidLuhn(value), false, JSON.stringify(value));
    }
  });
});
