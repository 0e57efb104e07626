import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

/** POST /api/auth/email-change: emails a confirmation link to the new address (needs the password). */
export function requestEmailChange(email: string, password: string) {
  return request(api.POST('/api/auth/email-change', { body: { email: email.trim(), password } }));
}
