import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';

export type AuditEvent = components['schemas']['AuditEvent'];
export type AuditFilters = { action: string; actorId: string; subjectId: string; from: string; to: string };
export const AUDIT_PAGE_SIZE = 50;

/** A day (YYYY-MM-DD) as the start of that day in Swedish time, the way support reads the log. */
export function startOfSwedishDay(day: string): string {
  // Stockholm is UTC+1 in winter and UTC+2 in summer: take the offset the zone has at noon that day.
  const noon = new Date(`${day}T12:00:00Z`);
  const local = new Date(noon.toLocaleString('en-US', { timeZone: 'Europe/Stockholm' }));
  const utc = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC' }));
  const offsetMinutes = Math.round((local.getTime() - utc.getTime()) / 60000);
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMinutes * 60000).toISOString();
}

/** The day after, for an inclusive "to" date. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** GET /api/admin/audit-events: one page, newest first; `cursor` continues after the previous page. */
export function listAuditEvents(filters: AuditFilters, cursor: string | null, signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/audit-events', {
      params: {
        query: {
          ...(filters.action ? { action: filters.action } : {}),
          ...(filters.actorId ? { actorId: filters.actorId } : {}),
          ...(filters.subjectId ? { subjectId: filters.subjectId } : {}),
          ...(filters.from ? { from: startOfSwedishDay(filters.from) } : {}),
          ...(filters.to ? { to: startOfSwedishDay(nextDay(filters.to)) } : {}),
          ...(cursor ? { cursor } : {}),
          limit: AUDIT_PAGE_SIZE,
        },
      },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
    { sessionRequired: true },
  );
}
