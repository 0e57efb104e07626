// One error shape for the whole API (RFC 9457 problem details): HttpProblem for what only HTTP knows (a route
// that does not exist, a bad CSRF token), and the one mapping from the domain errors services throw.
import type { components } from '@frilo/openapi/types/api';
import { DomainError, RateLimitedError, ValidationError, type DomainErrorKind } from '../errors.ts';

export type Problem = components['schemas']['Problem'];
export type FieldError = components['schemas']['FieldError'];
export type ProblemCode = components['schemas']['ProblemCode'];

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

export interface ProblemInit {
  detail?: string;
  errors?: FieldError[];
  problemCodes?: ProblemCode[];
  headers?: Record<string, string>;
  /** Members an operation's problem adds (RFC 9457 extension members), e.g. the problems that block a send. */
  extensions?: Record<string, unknown>;
}

/** Thrown by the HTTP layer (middleware, the contract router, handlers); the error middleware answers with it. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly init: ProblemInit;
  constructor(status: number, code: string, init: ProblemInit = {}) {
    super(init.detail ?? code);
    this.status = status;
    this.code = code;
    this.init = init;
  }

  toProblem(instance?: string, requestId?: string): Problem {
    return {
      type: `https://frilo.se/problems/${this.code.replaceAll('_', '-')}`,
      title: TITLES[this.status] ?? 'Error',
      status: this.status,
      code: this.code,
      ...(this.init.detail ? { detail: this.init.detail } : {}),
      ...(instance ? { instance } : {}),
      ...(requestId ? { requestId } : {}),
      ...(this.init.errors ? { errors: this.init.errors } : {}),
      ...(this.init.problemCodes ? { problemCodes: this.init.problemCodes } : {}),
      ...this.init.extensions,
    };
  }
}

/** A 400 naming each bad field; `field` is the request path such as `body.email`. */
export function validationProblem(errors: FieldError[], detail = 'The request has invalid fields'): HttpProblem {
  return new HttpProblem(400, 'validation', { detail, errors });
}

const STATUS_OF: Record<DomainErrorKind, number> = {
  validation: 400,
  rejected: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_type: 415,
  unprocessable: 422,
  rate_limited: 429,
};

/** The problem response for a domain error: its kind decides the status, its code and detail are kept. */
export function problemOf(error: DomainError): HttpProblem {
  const init: ProblemInit = { detail: error.message };
  if (error instanceof ValidationError) {
    init.errors = error.errors;
    if (error.problemCodes) init.problemCodes = error.problemCodes as ProblemCode[];
  }
  if (error instanceof RateLimitedError) init.headers = { 'Retry-After': String(error.retryAfterSeconds) };
  if (error.details?.problemCodes?.length) init.problemCodes = error.details.problemCodes as ProblemCode[];
  if (error.details?.extensions) init.extensions = error.details.extensions;
  return new HttpProblem(STATUS_OF[error.kind], error.code, init);
}

/** The problem a thrown value answers with, when it is one we know (an HttpProblem or a domain error). */
export function knownProblem(caught: unknown): HttpProblem | undefined {
  if (caught instanceof HttpProblem) return caught;
  if (caught instanceof DomainError) return problemOf(caught);
  return undefined;
}
