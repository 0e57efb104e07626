import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countryName, countryOptions } from './countries.ts';

test('Sweden first, the rest alphabetical in the language shown', () => {
  const sv = countryOptions('sv');
  assert.deepEqual(sv[0], { value: 'SE', label: 'Sverige' });
  assert.equal(countryOptions('en')[0]?.label, 'Sweden');
  const labels = sv.slice(1).map((option) => option.label);
  assert.deepEqual(labels, [...labels].sort(new Intl.Collator('sv-SE').compare));
  assert.equal(countryName('DE', 'sv'), 'Tyskland');
});
