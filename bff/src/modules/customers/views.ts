// How a stored customer is shown: to its owner (the API's Customer) and to its contact on the public page.
import type { components } from '@frilo/openapi/types/api';
import type { CustomerDetails, EvaluationContext } from '../../domain/customer-details.ts';
import { customerProblems, organizationTypeFor, problemCodesOf } from '../../domain/customer-rules.ts';
import { eInvoiceConnection } from '../../domain/e-invoicing.ts';
import type { CustomerRecord } from './entities.ts';

export type CustomerView = components['schemas']['Customer'];
export type PublicRecipientDetailsView = components['schemas']['PublicRecipientDetails'];

/** The stored customer as the rules read it; `organizationType` is left to be derived from the address. */
export function detailsOf(customer: CustomerRecord): CustomerDetails {
  return {
    type: customer.type,
    name: customer.name,
    governmentId: customer.governmentId ?? null,
    vatNumber: customer.vatNumber ?? null,
    contactPersonEmail: customer.contactPersonEmail,
    email: customer.email ?? null,
    invoiceLanguage: customer.invoiceLanguage,
    reverseVat: customer.reverseVat,
    eInvoice: customer.eInvoice,
    address: { ...customer.address },
  };
}

export function evaluationContextOf(customer: CustomerRecord, today: Date | string): EvaluationContext {
  return {
    today,
    eInvoiceConnected: customer.eInvoiceConnectedAt != null,
    eInvoiceParticipantId: customer.eInvoiceParticipantId ?? null,
  };
}

/** `today` as `swedishToday()` gives it, worked out once for a whole page. */
export function customerView(customer: CustomerRecord, today: string): CustomerView {
  const problems = customerProblems(detailsOf(customer), evaluationContextOf(customer, today));
  return {
    id: customer.id,
    type: customer.type,
    name: customer.name,
    governmentId: customer.governmentId ?? null,
    vatNumber: customer.vatNumber ?? null,
    contactPersonEmail: customer.contactPersonEmail,
    email: customer.email ?? null,
    invoiceLanguage: customer.invoiceLanguage,
    organizationType: organizationTypeFor(customer.type, customer.address),
    reverseVat: customer.reverseVat,
    eInvoice: customer.eInvoice,
    eInvoiceConnection: eInvoiceConnection({
      eInvoice: customer.eInvoice,
      governmentId: customer.governmentId ?? null,
      eInvoiceConnected: customer.eInvoiceConnectedAt != null,
      country: customer.address.country,
      vatNumber: customer.vatNumber ?? null,
      participantId: customer.eInvoiceParticipantId ?? null,
    }),
    verified: customer.verifiedAt != null,
    verifiedAt: customer.verifiedAt?.toISOString() ?? null,
    governmentIdLocked: customer.governmentIdLockedAt != null,
    address: { ...customer.address },
    problemCodes: problemCodesOf(problems),
    version: customer.version,
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
  };
}

export function publicRecipientDetails(customer: CustomerRecord): PublicRecipientDetailsView {
  return {
    type: customer.type,
    name: customer.name,
    governmentId: customer.governmentId ?? null,
    vatNumber: customer.vatNumber ?? null,
    contactPersonEmail: customer.contactPersonEmail,
    email: customer.email ?? null,
    invoiceLanguage: customer.invoiceLanguage,
    address: { ...customer.address },
  };
}
