import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clampStep, stepState, WIZARD_STEPS } from './wizard-steps.ts';

test('five steps, from selecting the customer to the review', () => {
  assert.equal(WIZARD_STEPS.length, 5);
  assert.equal(WIZARD_STEPS[0], 'selectCustomer');
  assert.equal(WIZARD_STEPS[4], 'review');
});

test('a step index stays within 0..4', () => {
  assert.equal(clampStep(-1), 0);
  assert.equal(clampStep(9), 4);
  assert.equal(clampStep(2.7), 2);
  assert.equal(clampStep(Number.NaN), 0);
});

test('steps before the current one are done', () => {
  assert.deepEqual(
    WIZARD_STEPS.map((_, index) => stepState(index, 2)),
    ['done', 'done', 'current', 'upcoming', 'upcoming'],
  );
});
