// Approving a reviewed invoice sends it, which is the sending module's work (a number, the document, the delivery
// job, exactly once): the back office calls it through this one seam (docs/product/back-office.md#approval-queue).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoiceState } from '../../domain/invoice-status.ts';

export interface ApprovalRequest {
  invoiceId: string;
  /** The admin who approves: the actor of the `approve` event. */
  adminId: string;
  /** The version the admin reviewed; another is a `version_conflict`. */
  version?: number | undefined;
}

/**
 * Approves an invoice waiting for review (−1): `approve` through InvoiceRepository.transition with the admin as
 * actor, to 2 sending (numbered, the delivery queued in the same transaction) or 2 waiting when a precondition is
 * pending. Throws `illegal_transition` when the invoice no longer waits, `invoice_not_sendable` when something now
 * blocks it. The sending module's createReviewSending implements it.
 */
export type InvoiceApprover = (
  em: EntityManager,
  request: ApprovalRequest,
) => Promise<{ state: InvoiceState; version: number }>;
