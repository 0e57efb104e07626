import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalisePhoneNumber } from './phone-number.ts';

test('Swedish numbers in the usual writings become +46 without the trunk zero', () => {
  for (const input of [
    '070-123 45 67',
    '0701234567',
    '+46 70 123 45 67',
    '+46 (0)70-123 45 67',
    '0046701234567',
    '+46070 1234567',
  ]) {
    assert.deepEqual(normalisePhoneNumber(input), { valid: true, normalised: '+46701234567' }, input);
  }
  assert.deepEqual(normalisePhoneNumber('08-123 456 78'), { valid: true, normalised: '+46812345678' });
  assert.deepEqual(normalisePhoneNumber('0910-123 45'), { valid: true, normalised: '+4691012345' });
});

test('foreign numbers keep their country code as E.164', () => {
  assert.deepEqual(normalisePhoneNumber('+47 912 34 567'), { valid: true, normalised: '+4791234567' });
  assert.deepEqual(normalisePhoneNumber('0044 20 7946 0958'), { valid: true, normalised: '+442079460958' });
});

test('anything else is refused', () => {
  for (const input of [
    '',
    '12345',
    '070-12',
    '+46 70 123 45 67 89 01',
    'phone',
    '070-123 45 6x',
    '+0123456789',
    '+1234567890123456',
    '0701234567 ext 2',
  ]) {
    assert.deepEqual(normalisePhoneNumber(input), { valid: false }, input);
  }
});
