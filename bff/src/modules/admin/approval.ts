// Approving a reviewed invoice sends it, which is the sending module's work (a number, the document, the delivery
// job, exactly once). The back office calls it through this one seam; see docs/product/back-office.md#approval-queue.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoiceState } from '../../domain/invoice-status.ts';
import { UnprocessableError } from '../../platform/errors.ts';

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
 * blocks it. The sending module's public entry implements it.
 */
export type InvoiceApprover = (
  em: EntityManager,
  request: ApprovalRequest,
) => Promise<{ state: InvoiceState; version: number }>;

/** Until the sending module is part of the app: nothing is approved, and the admin is told why. */
export const approvalUnavailable: InvoiceApprover = () =>
  Promise.reject(
    new UnprocessableError(
      'approval_unavailable',
      'Sending is not part of this deployment yet: invoices cannot be approved',
    ),
  );
