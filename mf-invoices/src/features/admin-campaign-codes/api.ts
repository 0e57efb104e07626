import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api, SESSION } from '../admin-shared/api.ts';

export type CampaignCode = components['schemas']['AdminCampaignCode'];
export type CampaignCodeCreate = components['schemas']['CampaignCodeCreate'];
export type CampaignCodeState = components['schemas']['CampaignCodeState'];
export const CODE_STATES: readonly CampaignCodeState[] = ['active', 'upcoming', 'expired', 'used_up'];
export const CODES_PAGE_SIZE = 20;

export function listCampaignCodes(state: CampaignCodeState | '', page: number, signal: AbortSignal) {
  return request(
    api.GET('/api/admin/campaign-codes', {
      params: { query: { ...(state ? { state } : {}), page, pageSize: CODES_PAGE_SIZE } },
      cache: 'no-store',
      signal,
    }),
    SESSION,
  );
}

export function createCampaignCode(body: CampaignCodeCreate) {
  return request(api.POST('/api/admin/campaign-codes', { body }), SESSION);
}

export function updateCampaignCodeLimit(codeId: string, maxUses: number | null) {
  return request(
    api.PATCH('/api/admin/campaign-codes/{codeId}', { params: { path: { codeId } }, body: { maxUses } }),
    SESSION,
  );
}

export function expireCampaignCode(codeId: string) {
  return request(api.POST('/api/admin/campaign-codes/{codeId}/expire', { params: { path: { codeId } } }), SESSION);
}

export function listCampaignCodeUses(codeId: string, signal: AbortSignal) {
  return request(
    api.GET('/api/admin/campaign-codes/{codeId}/uses', {
      params: { path: { codeId }, query: { page: 1, pageSize: 100 } },
      cache: 'no-store',
      signal,
    }),
    SESSION,
  );
}
