import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCode, EMPTY_CODE, toCreate } from './code-form.ts';

test('a code is upper-cased and its effect is an exact percent typed the Swedish or English way', () => {
  const values = { ...EMPTY_CODE, code: ' spring-26 ', effectValue: '12,5', maxUses: '100' };
  assert.deepEqual(checkCode(values, 'sv'), {});
  assert.deepEqual(toCreate(values, 'sv'), {
    code: 'SPRING-26',
    effect: { type: 'fee_discount', value: 12.5 },
    validTo: null,
    maxUses: 100,
    description: null,
  });
  assert.equal(toCreate({ ...values, effectValue: '3.25' }, 'en').effect.value, 3.25);
});

test('what the API would refuse is caught before sending', () => {
  const issues = checkCode(
    {
      ...EMPTY_CODE,
      code: 'NO SPACES',
      effectValue: '101',
      maxUses: '0',
      validFrom: '2026-05-01',
      validTo: '2026-04-30',
    },
    'en',
  );
  assert.equal(issues.code?.code, 'invalid_format');
  assert.equal(issues.effectValue?.code, 'too_large');
  assert.equal(issues.maxUses?.code, 'invalid');
  assert.equal(issues.validTo?.code, 'before_valid_from');
  assert.equal(
    checkCode({ ...EMPTY_CODE, code: 'X', effectValue: '1,234' }, 'sv').effectValue?.code,
    'invalid_precision',
  );
  assert.equal(checkCode(EMPTY_CODE, 'sv').code?.code, 'required');
});
