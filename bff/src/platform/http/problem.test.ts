// Unit tests for the one mapping from domain errors to HTTP problems: each kind answers with its status, and
// what a client reads (code, detail, field errors, problem codes, Retry-After) comes through unchanged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  RateLimitedError,
  RejectedError,
  TooLargeError,
  UnauthenticatedError,
  UnprocessableError,
  UnsupportedTypeError,
  ValidationError,
  fieldError,
  type DomainError,
} from '../errors.ts';
import { HttpProblem, knownProblem, problemOf } from './problem.ts';

test('each kind of domain error answers with its own status and keeps its code and detail', () => {
  const cases: [DomainError, number][] = [
    [new RejectedError('token_expired', 'This link has expired'), 400],
    [new UnauthenticatedError(), 401],
    [new ForbiddenError('email_not_confirmed', 'Confirm your email address first'), 403],
    [new NotFoundError('not_found', 'No such customer'), 404],
    [new ConflictError('version_conflict', 'Reload it'), 409],
    [new GoneError('recipient_unavailable', 'Choose another recipient'), 410],
    [new TooLargeError('file_too_large', 'File size exceeds limit (4MB maximum)'), 413],
    [new UnsupportedTypeError('file_type_not_allowed', 'Only JPG, PNG or PDF files can be uploaded'), 415],
    [new UnprocessableError('rates_unavailable', 'The salary rules for 2028-01-01 are not known yet'), 422],
    [new RateLimitedError('rate_limited', 'Too many attempts', 30), 429],
  ];
  for (const [error, status] of cases) {
    const problem = problemOf(error).toProblem('/api/x', 'req-1');
    assert.equal(problem.status, status, error.code);
    assert.equal(problem.code, error.code);
    assert.equal(problem.detail, error.message);
    assert.equal(problem.type, `https://frilo.se/problems/${error.code.replaceAll('_', '-')}`);
  }
  assert.equal(new UnauthenticatedError().code, 'unauthorized');
});

test('a validation error is a 400 naming each field, with the product problem codes when there are any', () => {
  const errors = [fieldError('body.address.postalCode', 'postal_code_invalid', 'Five digits', { country: 'SE' })];
  const withCodes = problemOf(new ValidationError(errors, { problemCodes: [11] })).toProblem();
  assert.equal(withCodes.status, 400);
  assert.equal(withCodes.code, 'validation');
  assert.deepEqual(withCodes.errors, errors);
  assert.deepEqual(withCodes.problemCodes, [11]);
  const without = problemOf(new ValidationError(errors, { problemCodes: [] })).toProblem();
  assert.equal('problemCodes' in without, false);
});

test('a rate limit tells the client when to try again, in whole seconds and at least one', () => {
  assert.deepEqual(problemOf(new RateLimitedError('rate_limited', 'Wait', 61.2)).init.headers, { 'Retry-After': '62' });
  assert.deepEqual(problemOf(new RateLimitedError('rate_limited', 'Wait', 0.01)).init.headers, { 'Retry-After': '1' });
});

test('HTTP problems pass through, anything else is not a known problem (it becomes a logged 500)', () => {
  const csrf = new HttpProblem(403, 'csrf');
  assert.equal(knownProblem(csrf), csrf);
  assert.equal(knownProblem(new Error('boom')), undefined);
  assert.equal(knownProblem('a string'), undefined);
});
