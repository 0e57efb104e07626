import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

/** POST /api/auth/reset-password: sets the new password; every session of the user ends. */
export function resetPassword(token: string, password: string, passwordConfirmation: string) {
  return request(api.POST('/api/auth/reset-password', { body: { token, password, passwordConfirmation } }));
}
