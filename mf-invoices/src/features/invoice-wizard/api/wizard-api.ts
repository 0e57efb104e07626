// The wizard's calls to the BFF (typed from the contract). Every call needs a session: a 401 means it
// ended while the wizard was open, so the shell re-reads it (the kit's `sessionRequired`).
import { createApiClient, type components } from '@frilo/openapi/client';
import { request as kitRequest, type ApiResult } from '@frilo/ui/form/api-result';

export type Invoice = components['schemas']['Invoice'];
export type InvoiceUpdate = components['schemas']['InvoiceUpdate'];
export type InvoiceProblems = components['schemas']['InvoiceProblems'];
export type InvoiceProblem = components['schemas']['InvoiceProblem'];
export type SalaryEstimate = components['schemas']['SalaryEstimate'];
export type Receipt = components['schemas']['Receipt'];
export type Customer = components['schemas']['Customer'];
export type CustomerPage = components['schemas']['CustomerPage'];
export type Profile = components['schemas']['Profile'];
export type CampaignCode = components['schemas']['CampaignCode'];

const api = createApiClient();

function request<T>(call: Parameters<typeof kitRequest<T>>[0]): Promise<ApiResult<T>> {
  return kitRequest(call, { sessionRequired: true });
}

const path = (invoiceId: string) => ({ params: { path: { invoiceId } } });

export const fetchInvoice = (invoiceId: string, signal?: AbortSignal) =>
  request(
    api.GET('/api/invoices/{invoiceId}', { ...path(invoiceId), cache: 'no-store', ...(signal ? { signal } : {}) }),
  );

export const createInvoice = (recipientId: string) => request(api.POST('/api/invoices', { body: { recipientId } }));

export const updateInvoice = (invoiceId: string, body: InvoiceUpdate) =>
  request(api.PATCH('/api/invoices/{invoiceId}', { ...path(invoiceId), body }));

export const fetchProblems = (invoiceId: string) =>
  request(api.GET('/api/invoices/{invoiceId}/problems', { ...path(invoiceId), cache: 'no-store' }));

export const fetchSalaryEstimate = (invoiceId: string) =>
  request(api.GET('/api/invoices/{invoiceId}/salary-estimate', { ...path(invoiceId), cache: 'no-store' }));

export const checkCampaignCode = (code: string) => request(api.POST('/api/campaign-codes/check', { body: { code } }));

export const listCustomers = (q: string, signal?: AbortSignal) =>
  request(
    api.GET('/api/customers', {
      params: { query: { ...(q ? { q } : {}), sort: 'name', order: 'asc', page: 1, pageSize: 50 } },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );

export const fetchCustomer = (id: string) =>
  request(api.GET('/api/customers/{uuid}', { params: { path: { uuid: id } }, cache: 'no-store' }));

export const fetchProfile = () => request(api.GET('/api/auth/profile', { cache: 'no-store' }));

export const savePhoneNumber = (phoneNumber: string) =>
  request(api.PATCH('/api/auth/profile', { body: { phoneNumber } }));

/** The bank registration page to open (the provider's), or null when it could not be started. */
export async function startBankRegistration(locale: 'sv' | 'en'): Promise<string | null> {
  const result = await request(api.POST('/api/bank-details/registrations', { body: { locale } }));
  return result.ok ? result.data.redirectUrl : null;
}

export type UploadOutcome = ApiResult<Receipt>;

/**
 * POST /api/receipts as multipart, through XMLHttpRequest because fetch reports no upload progress.
 * The CSRF header is the double-submit cookie's value, as the API client sends it.
 */
export function uploadReceipt(file: File, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/receipts');
    const token = document.cookie
      .split('; ')
      .find((part) => part.startsWith('csrf_token='))
      ?.slice('csrf_token='.length);
    if (token) xhr.setRequestHeader('X-CSRF-Token', decodeURIComponent(token));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ ok: true, data: body as Receipt, status: xhr.status });
      else
        resolve({
          ok: false,
          status: xhr.status,
          problem: body && typeof body === 'object' && 'code' in body ? (body as never) : null,
          retryAfter: null,
        });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, problem: null, retryAfter: null });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
