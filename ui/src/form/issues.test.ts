import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Problem } from '@frilo/openapi/problem';
import { failureCode } from './api-result.ts';
import { checkRequired, firstWithIssue, looksLikeEmail, problemIssues, withoutEmpty } from './issues.ts';

type Values = { name: string; postalCode: string; city: string };

const problem: Problem = {
  type: 'https://frilo.se/problems/validation',
  title: 'Bad Request',
  status: 400,
  code: 'validation',
  errors: [
    { field: 'body.address.postalCode', code: 'postal_code_invalid', message: '', params: { country: 'SE' } },
    { field: 'body.address.postalCode', code: 'required', message: '' },
    { field: 'body.address.city', code: 'required', message: '' },
    { field: 'body.organizationType', code: 'not_applicable', message: '' },
  ],
};

const fieldOf = (path: string): keyof Values | undefined => {
  const name = path.replace(/^address\./, '');
  return name === 'name' || name === 'postalCode' || name === 'city' ? name : undefined;
};

test("a problem body's field errors land on the form's fields, the first error per field", () => {
  const { issues, unmapped } = problemIssues<Values>(problem, fieldOf);
  assert.deepEqual(issues, {
    postalCode: { code: 'postal_code_invalid', params: { country: 'SE' } },
    city: { code: 'required' },
  });
  assert.equal(unmapped, true, 'organizationType has no field here: the form explains it above itself');
});

test('focus goes to the first field on screen that has an issue', () => {
  const { issues } = problemIssues<Values>(problem, fieldOf);
  assert.equal(firstWithIssue<Values>(['name', 'postalCode', 'city'], issues), 'postalCode');
  assert.equal(firstWithIssue<Values>(['city', 'postalCode'], issues), 'city');
  assert.equal(firstWithIssue<Values>(['name'], issues), undefined);
});

test('no problem body (a dead network, a 502): no field errors, and the failure is named', () => {
  assert.deepEqual(problemIssues<Values>(null, fieldOf), { issues: {}, unmapped: false });
  assert.equal(failureCode({ status: 0, problem: null }), 'network');
  assert.equal(failureCode({ status: 429, problem: null }), 'rate_limited');
  assert.equal(failureCode({ status: 502, problem: null }), 'generic');
  assert.equal(failureCode({ status: 400, problem }), 'validation');
});

test('checks: required, a plausible email, and only the fields with an issue', () => {
  assert.deepEqual(withoutEmpty({ name: checkRequired(' '), city: checkRequired('Malmö') }), {
    name: { code: 'required' },
  });
  assert.equal(looksLikeEmail(' anna.berg@volvo.se '), true);
  assert.equal(looksLikeEmail('anna@'), false);
});
