// Maps the login call's outcome to the message key the form shows (spec §8 login errors).
import { isProblem } from '@frilo/openapi/problem';

export type LoginFields = { email: string; password: string };
export type LoginFieldErrors = Partial<Record<keyof LoginFields, 'emailRequired' | 'passwordRequired'>>;

export function validateLogin(fields: LoginFields): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!fields.email.trim()) errors.email = 'emailRequired';
  if (!fields.password) errors.password = 'passwordRequired';
  return errors;
}

export type LoginFailure = 'invalidCredentials' | 'accountDisabled' | 'rateLimited' | 'generic';

export function loginFailure(status: number, body: unknown): LoginFailure {
  const code = isProblem(body) ? body.code : undefined;
  if (code === 'invalid_credentials' || status === 401) return 'invalidCredentials';
  if (code === 'account_disabled') return 'accountDisabled';
  if (code === 'rate_limited' || status === 429) return 'rateLimited';
  return 'generic';
}
