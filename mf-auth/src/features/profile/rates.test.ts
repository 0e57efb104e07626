import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatRate, INCOME_TAX_BOUNDS, parseRate, PENSION_BOUNDS } from './rates.ts';

test('rates are read the way people type them', () => {
  for (const [input, value] of [
    ['30', 30],
    ['32,5', 32.5],
    ['32.25', 32.25],
    [' 45 % ', 45],
    ['4,50', 4.5],
    ['0', 0],
    ['60', 60],
    ['12.', 12],
  ] as const) {
    assert.deepEqual(parseRate(input, INCOME_TAX_BOUNDS), { ok: true, value }, input);
  }
});

test("the bounds are the contract's, with the limit for the message", () => {
  assert.deepEqual(parseRate('60.01', INCOME_TAX_BOUNDS), {
    ok: false,
    issue: { code: 'too_large', params: { limit: 60 } },
  });
  assert.deepEqual(parseRate('-1', INCOME_TAX_BOUNDS), {
    ok: false,
    issue: { code: 'too_small', params: { limit: 0 } },
  });
  assert.deepEqual(parseRate('31', PENSION_BOUNDS), { ok: false, issue: { code: 'too_large', params: { limit: 30 } } });
});

test('at most two decimals, a number, and not empty', () => {
  assert.equal(parseRate('32,555', INCOME_TAX_BOUNDS).ok, false);
  assert.deepEqual(parseRate('32,555', INCOME_TAX_BOUNDS), {
    ok: false,
    issue: { code: 'invalid_precision', params: { decimals: 2 } },
  });
  assert.deepEqual(parseRate('thirty', INCOME_TAX_BOUNDS), { ok: false, issue: { code: 'not_a_number' } });
  assert.deepEqual(parseRate('3,0,1', INCOME_TAX_BOUNDS), { ok: false, issue: { code: 'not_a_number' } });
  assert.deepEqual(parseRate('  ', INCOME_TAX_BOUNDS), { ok: false, issue: { code: 'required' } });
});

test("rates are shown with the language's decimal sign", () => {
  assert.equal(formatRate(32.5, 'sv'), '32,5');
  assert.equal(formatRate(32.5, 'en'), '32.5');
  assert.equal(formatRate(30, 'sv'), '30');
});
