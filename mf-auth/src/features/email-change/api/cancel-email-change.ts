import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

/** POST /api/auth/email-change/cancel: stops the pending change from the link sent to the current address. */
export function cancelEmailChange(token: string) {
  return request(api.POST('/api/auth/email-change/cancel', { body: { token } }));
}
