import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatRateText, parseRateText } from './rate-text.ts';

test('a rate typed either way becomes the exact decimal, nothing rounded', () => {
  assert.equal(parseRateText('11,0534'), '11.0534');
  assert.equal(parseRateText(' 0.0972 '), '0.0972');
  assert.equal(parseRateText('1.1234567891'), '1.1234567891');
});

test('what is not a positive rate of at most ten decimals is refused', () => {
  for (const text of ['', '0', '0,000', '-1', '1.12345678912', '01.5', 'abc', '1,2,3']) {
    assert.equal(parseRateText(text), null, text);
  }
});

test('written back in the language', () => {
  assert.equal(formatRateText('11.0534', 'sv'), '11,0534');
  assert.equal(formatRateText('11.0534', 'en'), '11.0534');
});
