// The `Idempotency-Key` header of writes that move money or send things: the same key returns the first answer.
import type { AppContext } from './context.ts';
import { HttpProblem } from './problem.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's key, null without one; 400 `validation` on `header.Idempotency-Key` for a malformed one. */
export function idempotencyKey(ctx: AppContext): string | null {
  const key = ctx.get('idempotency-key');
  if (!key) return null;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new HttpProblem(400, 'validation', {
      detail: 'Idempotency-Key must be 8–100 of A–Z, a–z, 0–9, _ and -',
      errors: [{ field: 'header.Idempotency-Key', code: 'invalid_format', message: 'is invalid' }],
    });
  }
  return key;
}
