import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';

export type VerificationSent = components['schemas']['VerificationSent'];

/** POST /api/customers/{uuid}/verification: emails the contact a link (429 when sent too often). */
export function sendVerification(id: string) {
  return request(api.POST('/api/customers/{uuid}/verification', { params: { path: { uuid: id } } }));
}
