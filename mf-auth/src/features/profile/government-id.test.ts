import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatGovernmentId, normaliseGovernmentId } from './government-id.ts';

test('the stored 12 digits are shown as YYYYMMDD-NNNN', () => {
  assert.equal(formatGovernmentId('199001011234'), '19900101-1234');
  assert.equal(formatGovernmentId(null), '');
  assert.equal(formatGovernmentId('9001011234'), '9001011234');
});

test('a typed number is tidied on leaving the field, whatever its form', () => {
  const today = new Date('2026-11-23T12:00:00Z');
  assert.equal(normaliseGovernmentId('199001011239', today), '19900101-1239');
  assert.equal(normaliseGovernmentId(' 19900101 1239 ', today), '19900101-1239');
  assert.equal(normaliseGovernmentId('900101-1239', today), '19900101-1239');
  assert.equal(normaliseGovernmentId('9001011239', today), '19900101-1239');
  assert.equal(normaliseGovernmentId('050101-1234', today), '20050101-1234');
  // `+`: a hundred years or older.
  assert.equal(normaliseGovernmentId('200101+1234', today), '19200101-1234');
  assert.equal(normaliseGovernmentId('12345', today), '12345');
});
