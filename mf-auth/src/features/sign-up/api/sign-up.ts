import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

export type SignUpRequest = components['schemas']['SignUpRequest'];

/** POST /api/auth/sign-up: 201 for every well-formed request (no session; the user logs in next). */
export function signUp(body: SignUpRequest) {
  return request(api.POST('/api/auth/sign-up', { body }));
}
