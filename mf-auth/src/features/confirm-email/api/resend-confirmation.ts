import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

/** POST /api/auth/resend-confirmation: a new link to the logged-in, unconfirmed user. */
export function resendConfirmation() {
  return request(api.POST('/api/auth/resend-confirmation'));
}
