// The errors services, jobs and the rules they run throw when something cannot be done. They say what went wrong
// in the product's terms (a stable `code`, an English `detail` for developers, field errors), never how HTTP says
// it: platform/http/problem.ts turns them into problem responses, and a queue job reads the same error to decide
// whether to retry. See docs/decisions/0009-domain-errors.md and docs/product/errors.md for the codes.

/** One bad input value: where it is (`body.address.postalCode`), the rule it broke and the rule's parameters. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

export function fieldError(field: string, code: string, message: string, params?: Record<string, unknown>): FieldError {
  return { field, code, message, ...(params ? { params } : {}) };
}

/** What kind of failure it is; the one thing a caller (the HTTP mapping, a job's retry policy) needs to branch on. */
export type DomainErrorKind =
  | 'validation'
  | 'rejected'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'unprocessable'
  | 'too_large'
  | 'unsupported_type'
  | 'rate_limited';

/** What some refusals carry besides their code: the product problem codes, and members of their own (e.g. `problems`). */
export interface DomainErrorDetails {
  problemCodes?: number[];
  /** Extra members of the problem response, named in the operation's contract. */
  extensions?: Record<string, unknown>;
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** Stable machine code, e.g. `token_expired`; clients translate it. */
  readonly code: string;
  readonly details: DomainErrorDetails | undefined;
  constructor(code: string, detail: string, details?: DomainErrorDetails) {
    super(detail);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }
}

/** Input values break rules; `errors` names each one. `problemCodes` are the product problem codes of those fields. */
export class ValidationError extends DomainError {
  override readonly kind = 'validation';
  readonly errors: FieldError[];
  readonly problemCodes: number[] | undefined;
  constructor(errors: FieldError[], options: { detail?: string; problemCodes?: number[] } = {}) {
    super('validation', options.detail ?? 'The request has invalid fields');
    this.errors = errors;
    this.problemCodes = options.problemCodes?.length ? options.problemCodes : undefined;
  }
}

/** Well-formed input that refers to something unusable, e.g. a link that is not valid, used or expired. */
export class RejectedError extends DomainError {
  override readonly kind = 'rejected';
}

/** Nobody is logged in, or the credentials given do not identify anyone. */
export class UnauthenticatedError extends DomainError {
  override readonly kind = 'unauthenticated';
  constructor(code = 'unauthorized', detail = 'Log in to continue') {
    super(code, detail);
  }
}

/** The person is known but may not do this (an unconfirmed email, a disabled account, not an admin). */
export class ForbiddenError extends DomainError {
  override readonly kind = 'forbidden';
}

/** No such thing for this person. Another user's data is not found too, never forbidden. */
export class NotFoundError extends DomainError {
  override readonly kind = 'not_found';
  constructor(code = 'not_found', detail = 'No such resource') {
    super(code, detail);
  }
}

/** The thing is in a state that does not allow this (already confirmed, changed meanwhile, locked). */
export class ConflictError extends DomainError {
  override readonly kind = 'conflict';
}

/** The thing existed but is no longer available (a deleted customer, a used or expired link). */
export class GoneError extends DomainError {
  override readonly kind = 'gone';
}

/**
 * Valid input that cannot be acted on with what is known now (an exchange rate or salary rules not published yet, a
 * campaign code that does not apply): trying again later may work.
 */
export class UnprocessableError extends DomainError {
  override readonly kind = 'unprocessable';
}

/** Content larger than the product allows (an upload over its limit). */
export class TooLargeError extends DomainError {
  override readonly kind = 'too_large';
}

/** Content of a type the product does not take (an upload that is not a JPG, PNG or PDF). */
export class UnsupportedTypeError extends DomainError {
  override readonly kind = 'unsupported_type';
}

/** Too many attempts; worth trying again after `retryAfterSeconds` (at least 1). */
export class RateLimitedError extends DomainError {
  override readonly kind = 'rate_limited';
  readonly retryAfterSeconds: number;
  constructor(code: string, detail: string, retryAfterSeconds: number) {
    super(code, detail);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
