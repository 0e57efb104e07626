// The payments module: incoming payments, the salary items they give, payouts and their files, payslips; its two
// queues (the bank day's payout file on a schedule, and the emails of a batch).
import type { EntityManager } from '@mikro-orm/postgresql';
import { isBankDay } from '../../domain/bank-days.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/http/context.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import type { QueueDefinition } from '../../platform/jobs/jobs.ts';
import { defineModule } from '../../platform/module.ts';
import { createBankingService, type BankingService } from '../banking/public.ts';
import { createInvoiceServices, type InvoiceServices } from '../invoices/public.ts';
import { PaymentEmails } from './emails.ts';
import { paymentEntities } from './entities.ts';
import { PAYOUT_ACCOUNT_MISSING } from './errors.ts';
import { IncomingPayments } from './incoming-payments.ts';
import { notifyBatch } from './notifications.ts';
import { Payouts, PAYOUT_NOTIFY_QUEUE } from './payouts.ts';
import { Payslips } from './payslips.ts';
import { paymentsHandlers } from './routes.ts';
import { Salaries } from './salaries.ts';
import { seedPayments } from './seed.ts';
import { UpcomingPayouts } from './upcoming-payouts.ts';
import { VacationPay } from './vacation-pay.ts';
import type { PaymentServices } from './services.ts';

export type { PaymentServices } from './services.ts';

/** The queue the schedule fills every day; on a bank day it makes that day's payout file. */
export const PAYOUT_BATCH_QUEUE = 'payout-batch';
/**
 * 03:30 UTC (04:30 in Swedish winter, 05:30 in summer): before the banks' morning processing, after the night's
 * payments are registered. The batch of a bank day takes what is due that day, so the hour only moves when money
 * leaves within the day.
 */
export const PAYOUT_BATCH_SCHEDULE = '30 3 * * *';

export function createPaymentServices(
  services: AppServices,
  translations: Translations,
  invoices: InvoiceServices,
  banking: BankingService,
  options: { now?: () => Date } = {},
): PaymentServices {
  const emails = new PaymentEmails(services, translations);
  const payouts = new Payouts({
    config: services.config,
    jobs: services.jobs,
    files: services.files,
    accounts: banking,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    incoming: new IncomingPayments({ invoices, payouts, emails, files: services.files }),
    payouts,
    salaries: new Salaries(payouts),
    payslips: new Payslips({
      config: services.config,
      payouts,
      maskedAccount: async (em, userId) => (await banking.masked(em, userId))?.masked ?? null,
    }),
    emails,
    vacationPay: new VacationPay(payouts),
    upcoming: new UpcomingPayouts(payouts),
  };
}

/** The day's step: payouts whose bank day passed are paid out, and on a bank day its file is made (once). */
export async function runPayoutDay(services: AppServices, payments: PaymentServices): Promise<void> {
  const em = services.orm.em.fork() as EntityManager;
  const completed = await payments.payouts.completePast(em);
  if (completed) services.log.info({ completed }, 'payouts paid out');
  const today = payments.payouts.today();
  if (!isBankDay(today)) return;
  try {
    const result = await payments.payouts.createBatch(em, today, null);
    services.log.info(
      {
        day: today,
        created: result.created,
        payouts: result.batch?.number_of_transactions ?? 0,
        failed: result.failed.length,
      },
      'payout batch',
    );
  } catch (error) {
    // A missing platform account is configuration, not a passing fault: say so loudly; retrying will not help.
    if (error instanceof DomainError && error.code === PAYOUT_ACCOUNT_MISSING) {
      services.log.error({ err: error }, 'no payout file: the platform account is not configured');
      return;
    }
    throw error;
  }
}

export const paymentsModule = defineModule({
  name: 'payments',
  entities: paymentEntities,
  create({ services, translations }) {
    const invoices = createInvoiceServices(services, translations);
    const payments = createPaymentServices(services, translations, invoices, createBankingService(services));
    const jobs: QueueDefinition<never>[] = [
      {
        name: PAYOUT_BATCH_QUEUE,
        retryLimit: 5,
        retryDelaySeconds: 60,
        schedule: PAYOUT_BATCH_SCHEDULE,
        handle: () => runPayoutDay(services, payments),
      } as QueueDefinition<never>,
      {
        name: PAYOUT_NOTIFY_QUEUE,
        retryLimit: 10,
        retryDelaySeconds: 30,
        handle: async ({ batchId }: { batchId: string }) => {
          const told = await notifyBatch(services.orm.em.fork() as EntityManager, payments.emails, batchId);
          services.log.info({ batchId, told }, 'payout emails queued');
        },
      } as QueueDefinition<never>,
    ];
    return {
      handlers: paymentsHandlers(payments, services.config.brandName),
      jobs,
      // After sending's in the registry: the demo freelancer's two sent invoices exist to be paid.
      seed: () => seedPayments(services, payments),
      /**
       * Batches whose emails a crash interrupted are told again (notifyBatch skips every payout already told). No
       * singleton key: the interrupted job may still count as active until pg-boss expires it.
       */
      startup: async () => {
        for (const batchId of await payments.payouts.untoldBatches(services.orm.em.fork() as EntityManager)) {
          await services.jobs.send(PAYOUT_NOTIFY_QUEUE, { batchId });
        }
      },
    };
  },
});
