import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';

export type SalaryEstimateRequest = components['schemas']['SalaryEstimateRequest'];
export type SalaryEstimate = components['schemas']['SalaryEstimate'];
export type InvoiceAmountRequest = components['schemas']['InvoiceAmountRequest'];
export type InvoiceAmountEstimate = components['schemas']['InvoiceAmountEstimate'];

export function estimateSalary(body: SalaryEstimateRequest, signal?: AbortSignal) {
  return request(api.POST('/api/salary/estimate', { body, ...(signal ? { signal } : {}) }));
}

export function estimateInvoiceAmount(body: InvoiceAmountRequest, signal?: AbortSignal) {
  return request(api.POST('/api/salary/invoice-amount', { body, ...(signal ? { signal } : {}) }));
}

export type Profile = components['schemas']['Profile'];

/** The profile's salary settings: what the calculator starts from. */
export function getProfile(signal?: AbortSignal) {
  return request(api.GET('/api/auth/profile', { cache: 'no-store', ...(signal ? { signal } : {}) }));
}

/** checkCampaignCode: whether a code applies today (a wrong one counts towards the guess limit, so only on request). */
export function checkCampaignCode(code: string) {
  return request(api.POST('/api/campaign-codes/check', { body: { code } }));
}
