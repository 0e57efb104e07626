import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dismiss, isDismissed, SURVEY_PROMO_KEY } from './dismissals.ts';

test('a dismissed notice is remembered', () => {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
  assert.equal(isDismissed(storage, SURVEY_PROMO_KEY), false);
  dismiss(storage, SURVEY_PROMO_KEY);
  assert.equal(isDismissed(storage, SURVEY_PROMO_KEY), true);
});

test('broken storage never throws', () => {
  const broken = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
  };
  assert.equal(isDismissed(broken, SURVEY_PROMO_KEY), false);
  assert.doesNotThrow(() => dismiss(broken, SURVEY_PROMO_KEY));
  assert.equal(isDismissed(null, SURVEY_PROMO_KEY), false);
});
