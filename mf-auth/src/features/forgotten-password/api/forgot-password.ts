import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

/** POST /api/auth/forgotten-password: always 202; the link is emailed only when the account exists. */
export function forgotPassword(email: string) {
  return request(api.POST('/api/auth/forgotten-password', { body: { email: email.trim() } }));
}
