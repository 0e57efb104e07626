// What a 0 % row means on an invoice, decided by the customer (docs/product/domain-rules.md#vat-on-services-abroad).
// The platform sells services (the freelancer's work; expenses are re-invoiced with the service): it never exports
// goods, so VAT category G ("export outside the EU") is never produced for a new document.
import type { ZeroRateTreatment } from './invoice-document.ts';
import { isInEuVatArea } from './vat-area.ts';

export interface VatCustomer {
  readonly reverseVat: boolean;
  readonly address: { readonly country: string; readonly postalCode: string };
}

/**
 * How a 0 % row is treated for this customer:
 * - `reverse_charge`: the customer has reverse VAT (an EU business, VAT Directive art. 44 and 196): category AE;
 * - `outside_scope`: the customer is outside the EU VAT area. For a business the place of supply of a service is
 *   where the customer is established (mervärdesskattelagen 2023:200 6 kap. 33 §, VAT Directive art. 44), so no
 *   Swedish VAT: category O, "not subject to VAT". For a consumer the main rule keeps Swedish VAT (6 kap. 35 §,
 *   art. 45) and the freelancer picks 25/12/6 %; a 0 % row to a consumer outside the EU is one of the services
 *   supplied where the consumer lives (art. 59: consulting, advertising, data processing…), also outside the scope;
 * - `exempt`: in Sweden or elsewhere in the EU VAT area, a 0 % row is a service the VAT act exempts: category E.
 * An interest invoice (`kind` `interest`) is `outside_scope` whoever the customer: late-payment interest is not
 * consideration for a supply, so it is outside the scope of VAT (category O, decision 0034); its rows are all 0 %.
 */
export function zeroRateTreatmentFor(
  customer: VatCustomer,
  kind: 'invoice' | 'interest' = 'invoice',
): ZeroRateTreatment {
  if (kind === 'interest') return 'outside_scope';
  if (customer.reverseVat) return 'reverse_charge';
  const country = customer.address.country.trim().toUpperCase();
  if (country === 'SE' || isInEuVatArea(country, customer.address.postalCode)) return 'exempt';
  return 'outside_scope';
}

/**
 * Whether an invoice mixes rows outside the scope of Swedish VAT (0 % to a customer outside the EU VAT area) with
 * rows taxed in Sweden: EN 16931 allows no other VAT category beside "not subject to VAT" (BR-O-11, BR-O-12), and
 * an invoice for work abroad that also charges Swedish VAT is two invoices.
 */
export function mixesOutsideScopeWithSwedishVat(customer: VatCustomer, rowRates: readonly number[]): boolean {
  return (
    zeroRateTreatmentFor(customer) === 'outside_scope' &&
    rowRates.some((rate) => rate === 0) &&
    rowRates.some((rate) => rate > 0)
  );
}

/**
 * Why a document's category O lines are not subject to VAT, as its e-invoice (BT-120) and PDF state it: late-payment
 * interest on an interest invoice, else a service supplied outside Sweden.
 */
export function outsideScopeReason(kind: 'invoice' | 'interest'): 'interest' | 'service_abroad' {
  return kind === 'interest' ? 'interest' : 'service_abroad';
}
