// The sending module as the app wires it: its operations, the delivery and release jobs, and the checks it adds to
// the invoices module's problems (bank details, blocklist).
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxTransport } from '../../platform/einvoice/transport.ts';
import type { AppServices } from '../../platform/http/context.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import type { BankingService } from '../banking/service.ts';
import type { InvoicesModule } from '../invoices/routes.ts';
import type { InvoiceProblem, OwnerCheck } from '../invoices/service.ts';
import { DocumentDelivery } from './delivery.ts';
import { sendingHandlers } from './routes.ts';
import { blocklistProblems, DELIVERY_QUEUE, RELEASE_QUEUE, SendingService, SWEEP_QUEUE } from './service.ts';

/** Problem 4 for getInvoiceProblems and the send: no registered bank details (the invoice then waits). */
export function bankDetailsCheck(banking: BankingService): OwnerCheck {
  return async (em, freelancer): Promise<InvoiceProblem[]> =>
    (await banking.hasBankDetails(em, freelancer.id))
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
}

/** The blocklist as an invoice problem (17). */
export const blocklistCheck: OwnerCheck = (em, _freelancer, details) => blocklistProblems(em, details);

export function sendingModule(
  services: AppServices,
  translations: Translations,
  invoicesModule: InvoicesModule,
  banking: BankingService,
) {
  const settings = services.config.sending;
  const service = new SendingService({
    invoices: invoicesModule.invoices,
    jobs: services.jobs,
    seller: services.config.seller,
    settings: {
      reviewFirstInvoice: settings.reviewFirstInvoice,
      reviewAboveSek: settings.reviewAboveSek,
      maxAttempts: settings.maxAttempts,
    },
  });
  const delivery = new DocumentDelivery({
    orm: services.orm,
    repository: invoicesModule.invoices.repository,
    mailer: services.mailer,
    transport: new OutboxTransport(settings.einvoiceOutboxDir),
    files: services.files,
    translations,
    log: services.log,
    maxAttempts: settings.maxAttempts,
    leaseSeconds: settings.leaseSeconds,
    messageIdHost: new URL(services.config.publicUrl).hostname,
  });
  services.jobs.define<{ documentId: string }>({
    name: DELIVERY_QUEUE,
    // The document counts its own attempts (maxAttempts); the queue only has to keep trying until then.
    retryLimit: settings.maxAttempts + 2,
    retryDelaySeconds: settings.retryDelaySeconds,
    handle: ({ documentId }) => delivery.deliver(documentId),
  });
  services.jobs.define<{ ownerId?: string }>({
    name: RELEASE_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 30,
    // Every minute the waiting invoices are looked at again (an e-invoice acceptance may have arrived); bank details
    // registered release the owner's at once.
    schedule: '* * * * *',
    handle: async ({ ownerId }) => {
      const released = await service.releaseWaiting(services.orm.em.fork() as EntityManager, ownerId);
      if (released) services.log.info({ released, ownerId }, 'released waiting invoices');
    },
  });
  const queueDelivery = (documentId: string, startAfterSeconds: number) =>
    services.jobs.send(DELIVERY_QUEUE, { documentId }, startAfterSeconds ? { startAfterSeconds } : {});
  services.jobs.define<object>({
    name: SWEEP_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 30,
    schedule: '*/5 * * * *',
    handle: async () => {
      const swept = await delivery.sweep(queueDelivery);
      if (swept) services.log.info({ swept }, 'queued pending deliveries again');
    },
  });
  banking.onRegistered(async (userId) => {
    await services.jobs.send(RELEASE_QUEUE, { ownerId: userId });
  });
  return {
    service,
    delivery,
    handlers: sendingHandlers(invoicesModule, service, delivery),
    /** After the job queue starts: deliveries a crash interrupted are queued again. */
    startup: () => services.jobs.send(SWEEP_QUEUE, {}),
  };
}
