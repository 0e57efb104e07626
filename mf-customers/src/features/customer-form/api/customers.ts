import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';
import type { CustomerCreate, CustomerUpdate } from '../state/customer-form-values.ts';

export type CustomerProblems = components['schemas']['CustomerProblems'];

/** GET /api/customers/{uuid}: one of the user's customers (404 for anyone else's, or a deleted one). */
export function fetchCustomer(id: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/customers/{uuid}', {
      params: { path: { uuid: id } },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}

/** POST /api/customers: answers with the customer, normalised. */
export function createCustomer(body: CustomerCreate) {
  return request(api.POST('/api/customers', { body }));
}

/** PATCH /api/customers/{uuid}: 409 `version_conflict` when someone changed it since `version`. */
export function updateCustomer(id: string, body: CustomerUpdate) {
  return request(api.PATCH('/api/customers/{uuid}', { params: { path: { uuid: id } }, body }));
}

/** GET /api/customers/{uuid}/problems: what blocks sending invoices to it, with the field to fix. */
export function fetchCustomerProblems(id: string, signal?: AbortSignal) {
  return request(
    api.GET('/api/customers/{uuid}/problems', {
      params: { path: { uuid: id } },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}

export type CustomerDuplicate = components['schemas']['CustomerDuplicates']['items'][number];

/** GET /api/customer-duplicates: the user's own live customers a new one with these details would repeat. */
export function findDuplicateCustomers(query: { name: string; governmentId: string; email: string }) {
  return request(
    api.GET('/api/customer-duplicates', {
      params: {
        query: {
          ...(query.name.trim() ? { name: query.name.trim() } : {}),
          ...(query.governmentId.trim() ? { governmentId: query.governmentId.trim() } : {}),
          ...(query.email.trim() ? { email: query.email.trim() } : {}),
        },
      },
      cache: 'no-store',
    }),
  );
}
