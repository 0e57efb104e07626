// Checks every account operation shares: input fields, finding an account by address, the current password.
import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { validateEmail } from '../../domain/email.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { ForbiddenError, ValidationError, fieldError, type FieldError } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { User } from './entities.ts';
import { verifyPassword } from './passwords.ts';
import { LIMITS } from './rate-limit.ts';

/** Where a request came from, for rate limits, sessions and the audit log. */
export interface RequestInfo {
  ip: string;
  userAgent: string | null;
}

export const notWhileImpersonating = () =>
  new ForbiddenError('forbidden', 'An impersonating admin cannot change the credentials of the user');

export const passwordsMustMatch = (field: string) => fieldError(field, 'passwords_must_match', 'Passwords must match');

/** Checks an email field with the shared rule; returns the normalised address or records the error. */
export function checkEmail(field: string, input: string, errors: FieldError[]): string {
  const result = validateEmail(input);
  if (result.valid) return result.normalised;
  const code = result.error === 'empty' ? 'required' : result.error;
  errors.push(
    fieldError(
      field,
      code,
      result.error === 'too_long' ? 'The email address is too long' : 'Enter a valid email address',
    ),
  );
  return '';
}

export function checkName(field: string, input: string, errors: FieldError[]): string {
  const value = input.trim();
  if (!value) errors.push(fieldError(field, 'required', 'Required'));
  return value;
}

/** Records what a person did to their own account (these operations are refused to an impersonating admin). */
export function auditOwnAccount(
  em: EntityManager,
  userId: string,
  action: string,
  request: Pick<RequestInfo, 'ip'>,
  data?: Record<string, unknown>,
): Promise<void> {
  return recordAuditEvent(em, {
    actorUserId: userId,
    subjectUserId: userId,
    action,
    ip: request.ip,
    ...(data ? { data } : {}),
  });
}

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function findUserByEmail(em: EntityManager, email: string): Promise<User | null> {
  // The same lower() as the unique index, so lookups and uniqueness always agree.
  return em.findOne(User, { [raw('lower(email)')]: raw('lower(?)', [email.trim()]) });
}

/** Checks the current password of a signed-in user; failures count against a per-user limit. */
export async function checkCurrentPassword(
  em: EntityManager,
  limiter: RateLimiter,
  user: User,
  password: string,
  field: string,
): Promise<void> {
  const limit = { limit: LIMITS.passwordFailuresPerUser, subject: user.id };
  await limiter.check(em, limit);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await limiter.hit(em, limit);
    throw new ValidationError([fieldError(field, 'current_password_invalid', 'The current password is not correct')]);
  }
}
