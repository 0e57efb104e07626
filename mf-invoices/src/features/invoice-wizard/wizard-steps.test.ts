import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clampStep, customerFormPath, stepOf, stepState, WIZARD_STEPS, wizardPath } from './wizard-steps.ts';

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

test('the step comes from the query; a new invoice starts at 0 whatever the query says', () => {
  assert.equal(stepOf('?step=3', true), 3);
  assert.equal(stepOf('?step=3&recipient=x', true), 3);
  assert.equal(stepOf('?step=abc', true), 0);
  assert.equal(stepOf('?step=', true), 0);
  assert.equal(stepOf('?step=12', true), 4);
  assert.equal(stepOf('', true), 0);
  assert.equal(stepOf('?step=3', false), 0);
});

test('the customer form returns to step 0 of the same invoice', () => {
  assert.equal(wizardPath('a b', 4), '/quotations/edit/a%20b?step=4');
  assert.equal(wizardPath(null, 4), '/quotations/create');
  assert.equal(
    customerFormPath('42', 'c1'),
    `/quotations/recipients/organization/c1?returnTo=${encodeURIComponent('/quotations/edit/42?step=0')}`,
  );
  assert.equal(
    customerFormPath(null),
    `/quotations/recipients/organization?returnTo=${encodeURIComponent('/quotations/create')}`,
  );
});
