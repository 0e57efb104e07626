// Where an invoice goes, in the words the send dialog and the invoice page use: by email to an address, as an
// e-invoice through Peppol to a participant id, and what holds it back meanwhile. Pure, so each case is tested.
import type { components } from '@frilo/openapi/client';

type Delivery = components['schemas']['InvoiceDelivery'];

export type Destination =
  | { kind: 'email'; email: string | null }
  | { kind: 'e_invoice'; participantId: string | null; accepted: boolean };

export function destinationOf(delivery: Delivery): Destination {
  return delivery.channel === 'e_invoice'
    ? { kind: 'e_invoice', participantId: delivery.participantId, accepted: delivery.eInvoiceAccepted }
    : { kind: 'email', email: delivery.email };
}

/** What the send does: go out now, wait (for bank details, the customer's e-invoice acceptance), or go to review. */
export type SendPlan = 'now' | 'review' | 'wait_bank_details' | 'wait_e_invoice';

export function sendPlanOf(delivery: Delivery): SendPlan {
  if (delivery.reviewRequired) return 'review';
  if (delivery.waitingFor.includes('bank_details')) return 'wait_bank_details';
  if (delivery.waitingFor.includes('e_invoice_acceptance')) return 'wait_e_invoice';
  return 'now';
}

/** The longest message (the contract's maxLength). */
export const MESSAGE_MAX_LENGTH = 500;
