import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

export type Session = components['schemas']['Session'];

/** POST /api/auth/login: sets the session cookie and answers with the session. */
export function login(email: string, password: string) {
  return request(api.POST('/api/auth/login', { body: { email: email.trim(), password } }));
}
