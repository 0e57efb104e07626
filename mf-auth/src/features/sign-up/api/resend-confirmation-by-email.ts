import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

/** POST /api/auth/confirmation-email: a new confirmation link for an address, without a session (202 for any). */
export function resendConfirmationByEmail(email: string) {
  return request(api.POST('/api/auth/confirmation-email', { body: { email } }));
}
