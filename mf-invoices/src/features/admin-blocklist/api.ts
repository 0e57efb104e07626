import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api, SESSION } from '../admin-shared/api.ts';

export type BlocklistEntry = components['schemas']['BlocklistEntry'];
export type BlocklistKind = components['schemas']['BlocklistKind'];
export const BLOCKLIST_KINDS: readonly BlocklistKind[] = ['email', 'email_domain', 'organisation_number', 'vat_number'];
export const BLOCKLIST_PAGE_SIZE = 20;

export function listBlockedRecipients(q: string, page: number, signal: AbortSignal) {
  return request(
    api.GET('/api/admin/blocklist', {
      params: { query: { ...(q.trim() ? { q: q.trim() } : {}), page, pageSize: BLOCKLIST_PAGE_SIZE } },
      cache: 'no-store',
      signal,
    }),
    SESSION,
  );
}

export function blockRecipient(kind: BlocklistKind, value: string, reason: string) {
  return request(
    api.POST('/api/admin/blocklist', { body: { kind, value: value.trim(), reason: reason.trim() || null } }),
    SESSION,
  );
}

export function unblockRecipient(entryId: string) {
  return request(api.DELETE('/api/admin/blocklist/{entryId}', { params: { path: { entryId } } }), SESSION);
}
