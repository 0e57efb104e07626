import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';

export type DashboardSummary = components['schemas']['DashboardSummary'];
export type CurrencyAmount = components['schemas']['CurrencyAmount'];

/**
 * GET /api/dashboard/summary. The next payout is the invoices module's estimate until the payments module's
 * getPayoutSummary lands on main; then this is the one place to switch.
 */
export function getDashboardSummary(signal?: AbortSignal) {
  return request(api.GET('/api/dashboard/summary', { cache: 'no-store', ...(signal ? { signal } : {}) }), {
    sessionRequired: true,
  });
}
