import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatPersonalNumber,
  formatSwedishId,
  normaliseOrganisationNumber,
  normalisePersonalNumber,
} from './swedish-ids.ts';

const today = new Date('2026-11-23T12:00:00Z');

test('the stored 12 digits of a personal number are shown as YYYYMMDD-NNNN', () => {
  assert.equal(formatPersonalNumber('199001011234'), '19900101-1234');
  assert.equal(formatPersonalNumber(null), '');
  assert.equal(formatPersonalNumber('9001011234'), '9001011234');
});

test('a typed personal number is tidied on leaving the field, whatever its form', () => {
  assert.equal(normalisePersonalNumber('199001011239', today), '19900101-1239');
  assert.equal(normalisePersonalNumber(' 19900101 1239 ', today), '19900101-1239');
  assert.equal(normalisePersonalNumber('900101-1239', today), '19900101-1239');
  assert.equal(normalisePersonalNumber('9001011239', today), '19900101-1239');
  assert.equal(normalisePersonalNumber('050101-1234', today), '20050101-1234');
  // `+`: a hundred years or older.
  assert.equal(normalisePersonalNumber('200101+1234', today), '19200101-1234');
  assert.equal(normalisePersonalNumber('12345', today), '12345');
});

test('a typed organisation number becomes NNNNNN-NNNN however it was typed', () => {
  for (const typed of ['5567037485', '556703-7485', ' 556703 7485 ', '165567037485', '16556703-7485']) {
    assert.equal(normaliseOrganisationNumber(typed, false, today), '556703-7485', typed);
  }
  // Not an organisation number: left for the BFF to explain.
  assert.equal(normaliseOrganisationNumber(' 55670 ', false, today), '55670');
  assert.equal(normaliseOrganisationNumber('8112189876', false, today), '8112189876');
});

test("a sole trader's personal number typed as the organisation number is written as a personal number", () => {
  assert.equal(normaliseOrganisationNumber('8112189876', true, today), '19811218-9876');
  assert.equal(normaliseOrganisationNumber('5567037485', true, today), '556703-7485');
});

test('a stored government id is shown in its usual form', () => {
  assert.equal(formatSwedishId('5567037485'), '556703-7485');
  assert.equal(formatSwedishId('556703-7485'), '556703-7485');
  assert.equal(formatSwedishId('198112189876'), '19811218-9876');
  assert.equal(formatSwedishId('HRB 12345'), 'HRB 12345');
  assert.equal(formatSwedishId(null), '');
});
