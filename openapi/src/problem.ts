// Helpers for reading the BFF's RFC 9457 problem bodies on the client side.
import type { components } from '../generated/api.ts';

export type Problem = components['schemas']['Problem'];
export type FieldError = components['schemas']['FieldError'];

export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Problem).status === 'number' &&
    typeof (value as Problem).code === 'string'
  );
}

/** Field errors keyed by the field path without its `body.` prefix, first error per field. */
export function fieldErrors(problem: Problem | undefined): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const error of problem?.errors ?? []) {
    const key = error.field.replace(/^(body|query|path)\./, '');
    out[key] ??= error;
  }
  return out;
}
