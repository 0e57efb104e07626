import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

/** POST /api/auth/password: needs the current password; the user's other sessions end. */
export function changePassword(currentPassword: string, password: string, passwordConfirmation: string) {
  return request(api.POST('/api/auth/password', { body: { currentPassword, password, passwordConfirmation } }));
}
