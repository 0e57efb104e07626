// E-invoices to customers: which customers must get them (Swedish public bodies) and how far a customer's
// e-invoice connection has come.
import type { CustomerAddress, CustomerType } from './customer-details.ts';
import { parseOrganisationNumber } from './organisation-number.ts';

export type EInvoiceConnection = 'not_connected' | 'fully_connected' | 'missing_government_id';

/**
 * A Swedish public body by its organisation number: legal-form group 2 (state, regions, municipalities). Swedish
 * public bodies must receive e-invoices (lag 2018:1277), so sending them a PDF is a problem to fix.
 */
export function isSwedishPublicBody(customer: {
  type: CustomerType;
  governmentId: string | null;
  address: Pick<CustomerAddress, 'country'>;
}): boolean {
  if (
    customer.type === 'individual' ||
    customer.address.country.trim().toUpperCase() !== 'SE' ||
    !customer.governmentId
  ) {
    return false;
  }
  const organisation = parseOrganisationNumber(customer.governmentId);
  return organisation.valid && organisation.normalised.startsWith('2');
}

export function eInvoiceConnection(customer: {
  eInvoice: boolean;
  governmentId: string | null;
  eInvoiceConnected: boolean;
}): EInvoiceConnection | null {
  if (!customer.eInvoice) return null;
  if (!customer.governmentId) return 'missing_government_id';
  return customer.eInvoiceConnected ? 'fully_connected' : 'not_connected';
}
