// The admin module: the back office (accounts, the audit log, the approval queue, the blocklist, exchange rates,
// campaign codes, the dated settings). It owns no tables: each operation goes through the public entry of the module
// that owns the data (auth, invoices, sending), so the rules stay with their data.
import { defineModule } from '../../platform/module.ts';
import { createInvoiceAdministration } from '../invoices/public.ts';
import { BlocklistAdmin, createEInvoiceAcceptance, createReviewSending } from '../sending/public.ts';
import { adminHandlers } from './routes.ts';

export const adminModule = defineModule({
  name: 'admin',
  entities: [],
  create({ services, translations }) {
    const review = createReviewSending(services, translations);
    return {
      handlers: adminHandlers({
        invoices: createInvoiceAdministration(services, translations),
        approve: (em, request) => review.approve(em, request),
        previewPdf: (em, invoiceId) => review.previewPdf(em, invoiceId),
        blocklist: new BlocklistAdmin(),
        acceptance: createEInvoiceAcceptance(services),
      }),
    };
  },
});
