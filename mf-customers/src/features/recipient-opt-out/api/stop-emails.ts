import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';

/** POST: no more verification emails to the address this link was sent to, from any freelancer. */
export function stopRecipientEmails(uuid: string, nonce: string) {
  return request(api.POST('/api/public/recipients/{uuid}/stop/{nonce}', { params: { path: { uuid, nonce } } }));
}
