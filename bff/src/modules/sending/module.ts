// The sending module: sending and crediting invoices (email or e-invoice), the documents that left, their delivery
// jobs, and releasing invoices that waited for bank details or e-invoice acceptance.
import type { EntityManager } from '@mikro-orm/postgresql';
import { HttpAccessPointTransport } from '../../platform/einvoice/http-access-point.ts';
import { OutboxTransport, type EInvoiceTransport } from '../../platform/einvoice/transport.ts';
import type { QueueDefinition } from '../../platform/jobs/jobs.ts';
import { defineModule } from '../../platform/module.ts';
import { BANK_DETAILS_REGISTERED_QUEUE } from '../banking/public.ts';
import { createInvoiceServices } from '../invoices/public.ts';
import { DocumentDelivery } from './delivery.ts';
import { sendingEntities } from './entities.ts';
import { PEPPOL_LOOKUP_QUEUE } from './acceptance.ts';
import { createEInvoiceAcceptance, sendingOwnerChecks } from './public.ts';
import { sendingHandlers } from './routes.ts';
import { seedSentInvoices } from './seed.ts';
import { DELIVERY_QUEUE, RELEASE_QUEUE, SendingService, SWEEP_QUEUE } from './service.ts';
import { InterestInvoices } from './interest-invoices.ts';
import { PaymentReminders, REMINDER_DELIVERY_QUEUE, REMINDER_RUN_QUEUE, REMINDER_RUN_SCHEDULE } from './reminders.ts';
import { E_INVOICE_WAIT_QUEUE, EInvoiceWaitNotices } from './e-invoice-waits.ts';

export const sendingModule = defineModule({
  name: 'sending',
  entities: sendingEntities,
  create({ services, translations }) {
    const settings = services.config.sending;
    const invoices = createInvoiceServices(services, translations, { ownerChecks: sendingOwnerChecks(services) });
    const service = new SendingService({
      invoices: invoices.invoices,
      jobs: services.jobs,
      seller: services.config.seller,
      settings: {
        reviewFirstInvoice: settings.reviewFirstInvoice,
        reviewAboveSek: settings.reviewAboveSek,
        maxAttempts: settings.maxAttempts,
      },
    });
    const transport: EInvoiceTransport = settings.accessPoint
      ? new HttpAccessPointTransport({ ...settings.accessPoint, senderId: settings.peppolSenderId })
      : new OutboxTransport(settings.einvoiceOutboxDir);
    const delivery = new DocumentDelivery({
      orm: services.orm,
      repository: invoices.invoices.repository,
      mailer: services.mailer,
      transport,
      files: services.files,
      translations,
      log: services.log,
      maxAttempts: settings.maxAttempts,
      leaseSeconds: settings.leaseSeconds,
      messageIdHost: new URL(services.config.publicUrl).hostname,
    });
    const release = async (ownerId?: string) => {
      const released = await service.releaseWaiting(services.orm.em.fork() as EntityManager, ownerId);
      if (released) services.log.info({ released, ownerId }, 'released waiting invoices');
    };
    const queueDelivery = (documentId: string, startAfterSeconds: number) =>
      services.jobs.send(DELIVERY_QUEUE, { documentId }, startAfterSeconds ? { startAfterSeconds } : {});
    const acceptance = createEInvoiceAcceptance(services);
    const reminders = new PaymentReminders({
      orm: services.orm,
      repository: invoices.invoices.repository,
      jobs: services.jobs,
      mailer: services.mailer,
      translations,
      log: services.log,
      maxAttempts: settings.maxAttempts,
      leaseSeconds: settings.leaseSeconds,
      messageIdHost: new URL(services.config.publicUrl).hostname,
    });
    const interest = new InterestInvoices({ invoices: invoices.invoices, sending: service });
    const queueReminder = (reminderId: string, startAfterSeconds: number) =>
      services.jobs.send(REMINDER_DELIVERY_QUEUE, { reminderId }, startAfterSeconds ? { startAfterSeconds } : {});
    const waitNotices = new EInvoiceWaitNotices(services, translations);
    const jobs: QueueDefinition<never>[] = [
      {
        name: DELIVERY_QUEUE,
        // The document counts its own attempts (maxAttempts); the queue only has to keep trying until then.
        retryLimit: settings.maxAttempts + 2,
        retryDelaySeconds: settings.retryDelaySeconds,
        // Mail servers answer in tens of milliseconds; a few at once keep a burst of sends moving.
        concurrency: 4,
        handle: ({ documentId }: { documentId: string }) => delivery.deliver(documentId),
      } as QueueDefinition<never>,
      {
        name: RELEASE_QUEUE,
        retryLimit: 3,
        retryDelaySeconds: 30,
        // Every minute the waiting invoices are looked at again (an e-invoice acceptance may have arrived).
        schedule: '* * * * *',
        handle: ({ ownerId }: { ownerId?: string }) => release(ownerId),
      } as QueueDefinition<never>,
      {
        // Bank details registered release the owner's waiting invoices at once.
        name: BANK_DETAILS_REGISTERED_QUEUE,
        retryLimit: 3,
        retryDelaySeconds: 10,
        handle: ({ userId }: { userId: string }) => release(userId),
      } as QueueDefinition<never>,
      {
        // Every minute (when PEPPOL_DIRECTORY_URL is set) the directory is asked about customers with waiting e-invoices.
        name: PEPPOL_LOOKUP_QUEUE,
        retryLimit: 0,
        retryDelaySeconds: 60,
        ...(settings.peppolDirectoryUrl ? { schedule: '* * * * *' } : {}),
        handle: async () => {
          const { asked, accepted } = await acceptance.lookupWaiting(services.orm.em.fork() as EntityManager);
          if (asked) services.log.info({ asked, accepted }, 'asked the Peppol Directory about e-invoice customers');
        },
      } as QueueDefinition<never>,
      {
        // Invoices that have waited past the limit for their customer's e-invoice acceptance: their freelancer is told
        // once (docs/product/sending.md#waiting-for-e-invoice-acceptance). Hourly in the Swedish daytime, so a notice
        // arrives when people read it and a stopped server catches up within the hour.
        name: E_INVOICE_WAIT_QUEUE,
        retryLimit: 2,
        retryDelaySeconds: 120,
        schedule: '5 6-18 * * *',
        handle: async () => {
          const told = await waitNotices.notifyDue(services.orm.em.fork() as EntityManager);
          if (told) services.log.info({ told }, 'told freelancers of invoices waiting for e-invoice acceptance');
        },
      } as QueueDefinition<never>,
      {
        name: SWEEP_QUEUE,
        retryLimit: 3,
        retryDelaySeconds: 30,
        schedule: '*/5 * * * *',
        handle: async () => {
          const swept = (await delivery.sweep(queueDelivery)) + (await reminders.sweep(queueReminder));
          if (swept) services.log.info({ swept }, 'queued pending deliveries again');
        },
      } as QueueDefinition<never>,
      {
        // Every morning the payment reminders due that day (docs/product/payments.md#payment-reminders).
        name: REMINDER_RUN_QUEUE,
        retryLimit: 5,
        retryDelaySeconds: 60,
        schedule: REMINDER_RUN_SCHEDULE,
        handle: async () => {
          const reminded = await reminders.run(invoices.invoices.today());
          services.log.info({ reminded }, 'payment reminders made');
        },
      } as QueueDefinition<never>,
      {
        name: REMINDER_DELIVERY_QUEUE,
        retryLimit: settings.maxAttempts + 2,
        retryDelaySeconds: settings.retryDelaySeconds,
        concurrency: 4,
        handle: ({ reminderId }: { reminderId: string }) => reminders.deliver(reminderId),
      } as QueueDefinition<never>,
    ];
    return {
      handlers: sendingHandlers(invoices, service, delivery, reminders, interest, () =>
        services.jobs.wake(DELIVERY_QUEUE),
      ),
      jobs,
      // After invoices' and banking's in the registry: the demo freelancer, a customer and bank details exist.
      seed: () => seedSentInvoices(services, invoices, service, delivery),
      // Deliveries a crash interrupted are queued again once the queue runs.
      startup: async () => {
        await services.jobs.send(SWEEP_QUEUE, {});
      },
    };
  },
});
