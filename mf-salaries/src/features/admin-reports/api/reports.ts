import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';

export type EmployerDeclaration = components['schemas']['EmployerDeclaration'];
export type EmployerDeclarationMonths = components['schemas']['EmployerDeclarationMonths'];
export type VatReturn = components['schemas']['VatReturn'];
export type EcSalesList = components['schemas']['EcSalesList'];
export type Reconciliation = components['schemas']['Reconciliation'];

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** listEmployerDeclarationMonths: the recent months, newest first, with what each makes due and whether declared. */
export function listDeclarationMonths(signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/reports/employer-declaration/months', {
      params: { query: { months: 12 } },
      cache: 'no-store',
      ...signalOf(signal),
    }),
  );
}

/** getEmployerDeclaration: a month's figures per freelancer, and what changed since it was declared. */
export function getEmployerDeclaration(month: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/reports/employer-declaration', {
      params: { query: { month } },
      cache: 'no-store',
      ...signalOf(signal),
    }),
  );
}

/** declareEmployerDeclaration: freezes the figures the admin saw (their fingerprint) as the month's next version. */
export function declareMonth(month: string, fingerprint: string) {
  return request(api.POST('/api/admin/reports/employer-declaration/declarations', { body: { month, fingerprint } }));
}

/** The files, saved by the browser (same-origin links: the session cookie goes with them). */
export const fileUrls = {
  employerDeclaration: (month: string) =>
    `/api/admin/reports/employer-declaration/file?month=${encodeURIComponent(month)}`,
  vatReturn: (period: string, lang: 'sv' | 'en') =>
    `/api/admin/reports/vat-return/file?period=${encodeURIComponent(period)}&lang=${lang}`,
  ecSalesList: (period: string) => `/api/admin/reports/ec-sales-list/file?period=${encodeURIComponent(period)}`,
  bookkeeping: (from: string, to: string) =>
    `/api/admin/reports/bookkeeping?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
};

export function getVatReturn(period: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/reports/vat-return', { params: { query: { period } }, cache: 'no-store', ...signalOf(signal) }),
  );
}

export function getEcSalesList(period: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/reports/ec-sales-list', {
      params: { query: { period } },
      cache: 'no-store',
      ...signalOf(signal),
    }),
  );
}

export function getReconciliation(from: string, to: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/reports/reconciliation', {
      params: { query: { from, to } },
      cache: 'no-store',
      ...signalOf(signal),
    }),
  );
}

/** The last `count` months before and including the one of `today` (`YYYY-MM-DD`), newest first. */
export function recentMonths(today: string, count = 12): string[] {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return out;
}

/** The last `count` quarters up to the one of `today`, newest first: `YYYY-Qn`. */
export function recentQuarters(today: string, count = 4): string[] {
  let year = Number(today.slice(0, 4));
  let quarter = Math.ceil(Number(today.slice(5, 7)) / 3);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(`${year}-Q${quarter}`);
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return out;
}
