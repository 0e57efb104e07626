// What the start checklist and the next-salary card read: the profile, the salary account, whether
// there is a customer and a sent invoice (the dashboard's figures come from getDashboardSummary). Each call answers on
// its own (never throws), so one failing source leaves its step unknown, not the whole card broken.
import { createApiClient, type components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';

const api = createApiClient();

export type Profile = components['schemas']['Profile'];

/** Statuses an invoice has once it has gone out to the customer. */
const SENT: components['schemas']['InvoiceStatusName'][] = ['sent', 'partially_paid', 'paid', 'credited'];

export const fetchProfile = () => request(api.GET('/api/auth/profile', { cache: 'no-store' }));
export const fetchBankDetails = () => request(api.GET('/api/bank-details', { cache: 'no-store' }));

export const countCustomers = () =>
  request(api.GET('/api/customers', { params: { query: { pageSize: 1 } }, cache: 'no-store' }));

export const countSentInvoices = () =>
  request(api.GET('/api/invoices', { params: { query: { status: SENT, pageSize: 1 } }, cache: 'no-store' }));

/** Opens a registration of the salary account; the provider's page to go to, or null. */
export async function startBankRegistration(locale: 'sv' | 'en'): Promise<string | null> {
  const result = await request(api.POST('/api/bank-details/registrations', { body: { locale } }));
  return result.ok ? result.data.redirectUrl : null;
}
