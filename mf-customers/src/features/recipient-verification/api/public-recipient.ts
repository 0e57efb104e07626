import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';

export type PublicRecipient = components['schemas']['PublicRecipient'];
export type PublicRecipientDetails = components['schemas']['PublicRecipientDetails'];
export type PublicRecipientConfirmation = components['schemas']['PublicRecipientConfirmation'];
export type PublicRecipientConfirmed = components['schemas']['PublicRecipientConfirmed'];

/** GET: what the freelancer has on file and who asks. Changes nothing (mail scanners open links too). */
export function fetchPublicRecipient(uuid: string, nonce: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/public/recipients/{uuid}/verify/{nonce}', {
      params: { path: { uuid, nonce } },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}

/** POST: confirms the details with the corrections given; uses up the link. */
export function confirmPublicRecipient(uuid: string, nonce: string, body: PublicRecipientConfirmation) {
  return request(api.POST('/api/public/recipients/{uuid}/verify/{nonce}', { params: { path: { uuid, nonce } }, body }));
}
