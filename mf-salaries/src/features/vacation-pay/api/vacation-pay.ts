import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { idempotencyKey, request } from '../../../lib/api-result.ts';

export type VacationPayBalance = components['schemas']['VacationPayBalance'];
export type Payout = components['schemas']['Payout'];

export function getVacationPayBalance(signal?: AbortSignal) {
  return request(api.GET('/api/salaries/vacation-pay', { cache: 'no-store', ...(signal ? { signal } : {}) }));
}

/** requestVacationPayPayout, with one key per intended payout (a retry after a lost answer is the same payout). */
export function requestVacationPayPayout(key = idempotencyKey()) {
  return request(api.POST('/api/salaries/vacation-pay/payouts', { params: { header: { 'Idempotency-Key': key } } }));
}
