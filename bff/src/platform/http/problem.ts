// One error shape for the whole API (RFC 9457 problem details) and the errors services throw to produce it.
import type { components } from '@frilo/openapi/types/api';

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

/** Thrown by services and routes; the error middleware turns it into a problem response. */
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

export const notFound = (detail = 'No such resource') => new HttpProblem(404, 'not_found', { detail });
export const unauthorized = (detail = 'Log in to continue') => new HttpProblem(401, 'unauthorized', { detail });
export const forbidden = (detail = 'Not allowed') => new HttpProblem(403, 'forbidden', { detail });

/** A 400 naming each bad field; `field` is the request path such as `body.email`. */
export function validationProblem(errors: FieldError[], detail = 'The request has invalid fields'): HttpProblem {
  return new HttpProblem(400, 'validation', { detail, errors });
}

export function fieldError(field: string, code: string, message: string, params?: Record<string, unknown>): FieldError {
  return { field, code, message, ...(params ? { params } : {}) };
}
