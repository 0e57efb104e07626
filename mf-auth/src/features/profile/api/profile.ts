import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '@frilo/ui/form/api-result';

export type Profile = components['schemas']['Profile'];
export type ProfileUpdate = components['schemas']['ProfileUpdate'];

/** GET /api/auth/profile: every detail of the logged-in user. */
export function fetchProfile() {
  return request(api.GET('/api/auth/profile', { cache: 'no-store' }));
}

/** PATCH /api/auth/profile: only the fields sent change; answers with the whole profile. */
export function updateProfile(body: ProfileUpdate) {
  return request(api.PATCH('/api/auth/profile', { body }));
}
