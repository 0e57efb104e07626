// E-invoices to customers: which customers must get them (Swedish public bodies) and how far a customer's
// e-invoice connection has come.
import type { CustomerAddress, CustomerType } from './customer-details.ts';
import { parseOrganisationNumber } from './organisation-number.ts';
import { peppolAddressOf } from './peppol-participant.ts';

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

/**
 * Whether a customer has a Peppol address: a participant id recorded for it (by an admin or the Peppol Directory),
 * or one its details give (a Swedish organisation number under 0007, a VAT number under its country's scheme).
 */
export function hasEInvoiceAddress(customer: {
  country: string;
  governmentId: string | null;
  vatNumber: string | null;
  email: string | null;
  participantId: string | null;
}): boolean {
  return Boolean(customer.participantId) || peppolAddressOf(customer) !== null;
}

/**
 * How far the customer's e-invoice connection has come. `missing_government_id` only when nothing addresses it: no
 * participant id (recorded or given by its organisation or VAT number) and no registration number to find one by.
 */
export function eInvoiceConnection(customer: {
  eInvoice: boolean;
  governmentId: string | null;
  eInvoiceConnected: boolean;
  country?: string;
  vatNumber?: string | null;
  participantId?: string | null;
}): EInvoiceConnection | null {
  if (!customer.eInvoice) return null;
  const addressed = hasEInvoiceAddress({
    country: customer.country ?? '',
    governmentId: customer.governmentId,
    vatNumber: customer.vatNumber ?? null,
    email: null,
    participantId: customer.participantId ?? null,
  });
  if (!customer.governmentId && !addressed) return 'missing_government_id';
  return customer.eInvoiceConnected ? 'fully_connected' : 'not_connected';
}
