import type { components } from '@frilo/openapi/client';
import { request as kitRequest } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';

export type BankDetails = components['schemas']['BankDetails'];
export type PayoutHold = components['schemas']['PayoutHold'];

/** getBankDetails: the salary account (masked) and what holds payouts to it. */
export function getBankDetails(signal?: AbortSignal) {
  return request(api.GET('/api/bank-details', { cache: 'no-store', ...(signal ? { signal } : {}) }));
}

/** The emailed links of an account change; no session needed (the token is what counts), so a 401 is just an answer. */
export function confirmAccountChange(token: string) {
  return kitRequest(api.POST('/api/bank-details/changes/confirm', { body: { token } }));
}

export function stopAccountChange(token: string) {
  return kitRequest(api.POST('/api/bank-details/changes/stop', { body: { token } }));
}
