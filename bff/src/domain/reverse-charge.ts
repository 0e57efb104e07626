// The EU reverse charge for services to businesses ("omvänd betalningsskyldighet"): who can have it, and what it
// allows on an invoice. Read by the customer rules now and by invoices later.
import type { CustomerAddress, CustomerType } from './customer-details.ts';
import { isInEuVatArea } from './vat-area.ts';
import { validateVatNumber } from './vat-number.ts';

export type ReverseVatIneligibility =
  | 'individual'
  | 'swedish_customer'
  | 'outside_eu_vat_area'
  | 'vat_number_missing'
  | 'vat_number_invalid';

/**
 * Whether an EU reverse charge ("omvänd betalningsskyldighet", VAT Directive art. 44 and 196) can apply to services
 * sold to this customer: a business (organisation or non-profit) in the EU VAT area outside Sweden, identified by a
 * valid VAT number of its own country. Then the customer accounts for the VAT and the invoice carries 0 % VAT and
 * both VAT numbers.
 *
 * What it deliberately leaves out:
 * - Customers outside the EU VAT area (including GB, Northern Ireland for services, Åland, the Canary Islands):
 *   services to them are outside Swedish VAT, which is not a reverse charge; the invoice module handles that.
 * - Swedish customers: the domestic reverse charge (construction services, ML 2023:200 ch. 16) depends on the
 *   service sold, not on the customer, so it belongs to the invoice rows rather than the customer.
 * - Individuals without a VAT number: always consumers, Swedish VAT.
 * The flag may still be false for an eligible customer: some services (on Swedish real estate, event admission,
 * passenger transport) are taxed in Sweden whoever buys them.
 */
export function reverseVatEligibility(customer: {
  type: CustomerType;
  vatNumber: string | null;
  address: Pick<CustomerAddress, 'country' | 'postalCode'>;
}): { eligible: true } | { eligible: false; reason: ReverseVatIneligibility } {
  if (customer.type === 'individual') return { eligible: false, reason: 'individual' };
  const country = customer.address.country.trim().toUpperCase();
  if (country === 'SE') return { eligible: false, reason: 'swedish_customer' };
  if (!isInEuVatArea(country, customer.address.postalCode)) return { eligible: false, reason: 'outside_eu_vat_area' };
  if (!customer.vatNumber?.trim()) return { eligible: false, reason: 'vat_number_missing' };
  const vat = validateVatNumber(customer.vatNumber);
  if (!vat.valid || vat.countryCode !== country) return { eligible: false, reason: 'vat_number_invalid' };
  return { eligible: true };
}

/** Swedish VAT rates an invoice row may carry for this customer (docs/product/customers.md#reverse-vat: only 0 % with reverse VAT). */
export function allowedVatPercentages(customer: { reverseVat: boolean }): readonly number[] {
  return customer.reverseVat ? [0] : [25, 12, 6, 0];
}
