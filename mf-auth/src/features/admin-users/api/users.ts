import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';

export type AdminUser = components['schemas']['AdminUser'];
export type AdminUserSummary = components['schemas']['AdminUserSummary'];
export type UserStatus = 'active' | 'disabled';
export type UserQuery = { q: string; status: UserStatus | ''; page: number };
export const USERS_PAGE_SIZE = 20;

const session = { sessionRequired: true } as const;

/** GET /api/admin/users: search by name, email or personal number. */
export function listUsers(query: UserQuery, signal: AbortSignal) {
  return request(
    api.GET('/api/admin/users', {
      params: {
        query: {
          ...(query.q.trim() ? { q: query.q.trim() } : {}),
          ...(query.status ? { status: query.status } : {}),
          page: query.page,
          pageSize: USERS_PAGE_SIZE,
        },
      },
      cache: 'no-store',
      signal,
    }),
    session,
  );
}

/** GET /api/admin/users/{id} (the BFF logs that it was viewed: the page shows the personal number). */
export function getUser(userId: string, signal: AbortSignal) {
  return request(
    api.GET('/api/admin/users/{userId}', { params: { path: { userId } }, cache: 'no-store', signal }),
    session,
  );
}

export type UserAction = 'disable' | 'enable' | 'grantAdmin' | 'revokeAdmin' | 'impersonate';

/** The account changes an admin makes from the account's page; each answers the account as it is now. */
export function changeUser(userId: string, action: Exclude<UserAction, 'impersonate'>, reason = '') {
  const path = { params: { path: { userId } } };
  switch (action) {
    case 'disable':
      return request(
        api.POST('/api/admin/users/{userId}/disable', {
          ...path,
          body: reason.trim() ? { reason: reason.trim() } : {},
        }),
        session,
      );
    case 'enable':
      return request(api.POST('/api/admin/users/{userId}/enable', path), session);
    case 'grantAdmin':
      return request(api.PUT('/api/admin/users/{userId}/admin', path), session);
    case 'revokeAdmin':
      return request(api.DELETE('/api/admin/users/{userId}/admin', path), session);
  }
}

/** POST /api/admin/impersonation: the admin's session becomes the user's until they stop. */
export function impersonate(userId: string) {
  return request(api.POST('/api/admin/impersonation', { body: { userId } }), session);
}
