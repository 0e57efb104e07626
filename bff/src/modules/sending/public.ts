// What other modules may use of the sending module (lint refuses imports of any other file in modules/sending): the
// checks it adds to an invoice's problems, which the invoices module's own service runs too, and for the back office
// approving reviewed invoices and keeping the blocklist.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoiceState } from '../../domain/invoice-status.ts';
import type { AppServices } from '../../platform/http/context.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import { createBankingService } from '../banking/public.ts';
import { createInvoiceServices, type InvoiceProblem, type OwnerCheck } from '../invoices/public.ts';
import { PeppolDirectory } from '../../platform/einvoice/directory.ts';
import { EInvoiceAcceptance } from './acceptance.ts';
import { blocklistProblems, DELIVERY_QUEUE, SendingService } from './service.ts';

/** Problem 4 (no registered bank details: the invoice then waits) and 17 (a blocklisted recipient). */
export function sendingOwnerChecks(services: AppServices): OwnerCheck[] {
  const banking = createBankingService(services);
  const bankDetails: OwnerCheck = async (em, ownerId): Promise<InvoiceProblem[]> =>
    (await banking.hasBankDetails(em, ownerId))
      ? []
      : [
          {
            code: 'bank_details_missing',
            problemCode: 4,
            field: 'bankDetails',
            message: 'Register your bank details: the invoice waits until they are registered',
            fix: { screen: 'bank_details', step: null, customerId: null },
          },
        ];
  const blocklist: OwnerCheck = (em, _ownerId, details) => blocklistProblems(em, details);
  return [bankDetails, blocklist];
}

/** What the back office's review of invoices (−1) needs from sending (docs/product/back-office.md#approval-queue). */
export interface ReviewSending {
  /** Sends the reviewed invoice, or lets it wait for a pending precondition (SendingService.approve). */
  approve(
    em: EntityManager,
    request: { invoiceId: string; adminId: string; version?: number | undefined },
  ): Promise<{ state: InvoiceState; version: number }>;
  /** The PDF the customer would get, before the invoice has its number. */
  previewPdf(em: EntityManager, invoiceId: string): Promise<Uint8Array>;
}

export function createReviewSending(services: AppServices, translations: Translations): ReviewSending {
  const invoices = createInvoiceServices(services, translations, { ownerChecks: sendingOwnerChecks(services) });
  const settings = services.config.sending;
  const sending = new SendingService({
    invoices: invoices.invoices,
    jobs: services.jobs,
    seller: services.config.seller,
    settings: {
      reviewFirstInvoice: settings.reviewFirstInvoice,
      reviewAboveSek: settings.reviewAboveSek,
      maxAttempts: settings.maxAttempts,
    },
  });
  return {
    async approve(em, request) {
      const result = await sending.approve(em, request.adminId, request.invoiceId, { version: request.version });
      // The delivery was queued in the approval's transaction, which has committed now.
      services.jobs.wake(DELIVERY_QUEUE);
      return result;
    },
    previewPdf: (em, invoiceId) => sending.previewPdf(em, invoiceId),
  };
}

export { BlocklistAdmin, type BlocklistEntry, type BlocklistKind } from './blocklist-admin.ts';

/** E-invoice customers' acceptance: the directory lookups and the back office's reachable / not reachable. */
export function createEInvoiceAcceptance(services: AppServices): EInvoiceAcceptance {
  const settings = services.config.sending;
  return new EInvoiceAcceptance({
    jobs: services.jobs,
    directory: settings.peppolDirectoryUrl ? new PeppolDirectory(settings.peppolDirectoryUrl) : null,
    recheckMinutes: settings.peppolDirectoryRecheckMinutes,
    log: services.log,
  });
}

export type { EInvoiceAcceptance, EInvoiceRecipient, RecipientStatus } from './acceptance.ts';

/** The documents as sent, for the operator's reports (VAT return, EC sales list, the books). */
export { invoiceDocumentsOf, issuedDocuments, type IssuedDocument } from './reporting.ts';
