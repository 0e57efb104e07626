// What other modules may use of the invoices module (lint refuses imports of any other file in modules/invoices):
// its services, for the modules that send and pay invoices.
import type { AppServices } from '../../platform/http/context.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import { RateLimiter } from '../../platform/rate-limit.ts';
import { createCustomerService } from '../customers/public.ts';
import { CampaignCodeAdmin } from './campaign-code-admin.ts';
import { CampaignCodes } from './campaign-codes.ts';
import { InvoiceEmails } from './emails.ts';
import { ExchangeRateAdmin } from './exchange-rate-admin.ts';
import { Dashboard } from './dashboard.ts';
import { Receipts } from './receipts.ts';
import { Recipients } from './recipients.ts';
import { InvoiceRepository } from './repository.ts';
import { InvoiceReview } from './review.ts';
import { SalaryEstimates } from './salary-estimates.ts';
import { InvoiceService, type OwnerCheck } from './service.ts';

// For the sending and payments modules: the invoice's tables and status changes, its details and view, its errors.
export { Invoice, InvoiceEventRecord, type RecipientSnapshot } from './entities.ts';
export { illegalTransition, versionConflict } from './errors.ts';
export type { EventActor, InvoiceRepository, TransitionOptions } from './repository.ts';
export {
  eventActorOf,
  expenseNets,
  totalsOf,
  type InvoiceActor,
  type InvoiceDetails,
  type InvoiceProblem,
  type InvoiceService,
  type OwnerCheck,
} from './service.ts';
export { interestTermsOf, invoiceView, lateness } from './views.ts';
export type { RowValues } from './service.ts';
// For the payments module: the freelancer's salary settings, a campaign code's fee, the invoice currencies.
export { loadFreelancer, type Freelancer } from './freelancer.ts';
export { feeRateOf } from './campaign-codes.ts';
export type { IsoCurrency } from './entities.ts';

/** The invoices module's services, one per concern. */
export interface InvoiceServices {
  invoices: InvoiceService;
  estimates: SalaryEstimates;
  receipts: Receipts;
  campaignCodes: CampaignCodes;
  dashboard: Dashboard;
}

/** The module's services, shared by its handlers and by the modules that send and pay invoices. */
export function createInvoiceServices(
  services: AppServices,
  translations: Translations,
  options: { ownerChecks?: OwnerCheck[]; now?: () => Date } = {},
): InvoiceServices {
  const repository = new InvoiceRepository();
  const campaignCodes = new CampaignCodes(repository, new RateLimiter(services.config.rateLimits));
  const invoices = new InvoiceService({
    repository,
    recipients: new Recipients(createCustomerService(services, translations)),
    campaignCodes,
    ...(options.ownerChecks ? { ownerChecks: options.ownerChecks } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const estimates = new SalaryEstimates(invoices, campaignCodes);
  return {
    invoices,
    estimates,
    receipts: new Receipts(services.files, repository),
    campaignCodes,
    dashboard: new Dashboard(invoices, estimates),
  };
}

// For the back office: the review of invoices waiting for an admin, campaign codes and exchange rates as support
// keeps them (docs/product/back-office.md).
export { campaignCodeState, type CampaignCodeState, type CampaignCodeUseRow } from './campaign-code-admin.ts';
export type { CampaignCode } from './entities.ts';
export type { ExchangeRateImportResult, ExchangeRateRow } from './exchange-rate-admin.ts';
export { statusOf, type ReviewQueueRow, type ReviewedInvoice } from './review.ts';

/** The invoices module's services for the back office. */
export interface InvoiceAdministration {
  review: InvoiceReview;
  campaignCodes: CampaignCodeAdmin;
  exchangeRates: ExchangeRateAdmin;
}

export function createInvoiceAdministration(
  services: AppServices,
  translations: Translations,
  options: { now?: () => Date } = {},
): InvoiceAdministration {
  const { invoices } = createInvoiceServices(services, translations, options);
  return {
    review: new InvoiceReview(invoices, new InvoiceEmails(services, translations)),
    campaignCodes: new CampaignCodeAdmin(() => invoices.today()),
    exchangeRates: new ExchangeRateAdmin(),
  };
}
