// Tests for ocr.ts (Bankgirot's OCR reference and Bankgiro number rules).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  isValidBankgiroNumber,
  isValidOcrReference,
  ocrReferenceFor,
  parseBankgiroNumber,
  parseOcrReference,
} from './ocr.ts';

describe('ocrReferenceFor', () => {
  it('appends the length digit and the Luhn check digit', () => {
    // 12345 + length 7 → 123457; Luhn from the right 7×2→5, 5, 4×2=8, 3, 2×2=4, 1 = 26 → check 4
    assert.equal(ocrReferenceFor('12345'), '1234574');
    assert.equal(ocrReferenceFor(12345), '1234574');
    // 1 + length 3 → 13; 3×2=6, 1 = 7 → check 3
    assert.equal(ocrReferenceFor(1), '133');
    // 20260001 (10 digits in all → length digit 0); 0×2, 1, 0×2, 0, 0×2, 6, 2×2=4, 0, 2×2=4 → 15 → check 5
    assert.equal(ocrReferenceFor('20260001'), '2026000105');
  });

  it('refuses what cannot become a reference', () => {
    for (const bad of ['', '12-34', 'A1', ' 1', '1'.repeat(24)]) {
      assert.throws(() => ocrReferenceFor(bad), RangeError, bad);
    }
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 60]) {
      assert.throws(() => ocrReferenceFor(bad), RangeError, String(bad));
    }
    assert.equal(ocrReferenceFor('1'.repeat(23)).length, 25);
  });
});

describe('parseOcrReference', () => {
  it('accepts our references, typed with spaces too', () => {
    assert.deepEqual(parseOcrReference('1234574'), { valid: true, normalised: '1234574' });
    assert.deepEqual(parseOcrReference(' 123 4574 '), { valid: true, normalised: '1234574' });
  });

  it('names what is wrong', () => {
    assert.deepEqual(parseOcrReference(''), { valid: false, error: 'empty' });
    assert.deepEqual(parseOcrReference('12345-74'), { valid: false, error: 'invalid_format' });
    assert.deepEqual(parseOcrReference('18'), { valid: false, error: 'invalid_length' });
    assert.deepEqual(parseOcrReference('1'.repeat(26)), { valid: false, error: 'invalid_length' });
    assert.deepEqual(parseOcrReference('1234575'), { valid: false, error: 'invalid_checksum' });
    // Luhn-valid but the length digit says 6, not 7: 123456 + check 6 → 1234566
    assert.deepEqual(parseOcrReference('1234566'), { valid: false, error: 'invalid_length_digit' });
    assert.equal(isValidOcrReference('1234566', { lengthDigit: 'none' }), true);
    assert.equal(isValidOcrReference('18', { lengthDigit: 'none' }), true);
  });

  it('round-trips every invoice number and catches every single changed digit (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,23}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (payload, at, delta) => {
        const reference = ocrReferenceFor(payload);
        assert.equal(reference.length, payload.length + 2);
        assert.deepEqual(parseOcrReference(reference), { valid: true, normalised: reference });
        const i = at % reference.length;
        const changed = `${reference.slice(0, i)}${(Number(reference[i]) + delta) % 10}${reference.slice(i + 1)}`;
        assert.equal(isValidOcrReference(changed), false, changed);
        // A digit dropped before the length digit is always caught by it, whatever the Luhn sum does.
        if (i < reference.length - 2) {
          assert.equal(isValidOcrReference(reference.slice(0, i) + reference.slice(i + 1)), false);
        }
      }),
    );
  });
});

describe('Bankgiro numbers', () => {
  it('accepts 7 and 8 digits with a Luhn check digit, with or without the hyphen', () => {
    assert.deepEqual(parseBankgiroNumber('5050-1055'), { valid: true, formatted: '5050-1055', digits: '50501055' });
    assert.deepEqual(parseBankgiroNumber('50501055'), { valid: true, formatted: '5050-1055', digits: '50501055' });
    assert.deepEqual(parseBankgiroNumber('991-2346'), { valid: true, formatted: '991-2346', digits: '9912346' });
    assert.deepEqual(parseBankgiroNumber(' 9912346 '), { valid: true, formatted: '991-2346', digits: '9912346' });
  });

  it('refuses the rest', () => {
    assert.deepEqual(parseBankgiroNumber(''), { valid: false, error: 'empty' });
    assert.deepEqual(parseBankgiroNumber('5050-1056'), { valid: false, error: 'invalid_checksum' });
    for (const bad of ['99-12346', '123456', '123456789', '5050 1055', '50501-055', 'BG 5050-1055']) {
      assert.equal(isValidBankgiroNumber(bad), false, bad);
    }
  });
});
