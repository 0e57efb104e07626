import { api } from '../../../lib/api.ts';
import { request } from '../../../lib/api-result.ts';

/** DELETE /api/customers/{uuid}: hides the customer; invoices already sent keep its details. */
export function deleteCustomer(id: string) {
  return request(api.DELETE('/api/customers/{uuid}', { params: { path: { uuid: id } } }));
}
