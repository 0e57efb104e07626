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
