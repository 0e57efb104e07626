// The invoices module: drafts, totals, the status machine, receipts, campaign codes, salary estimates, the dashboard.
import { defineModule } from '../../platform/module.ts';
import { invoiceEntities } from './entities.ts';
import { createInvoiceServices } from './public.ts';
import { invoicesHandlers } from './routes.ts';
import { sendingOwnerChecks } from '../sending/public.ts';
import { seedInvoices } from './seed.ts';

export const invoicesModule = defineModule({
  name: 'invoices',
  entities: invoiceEntities,
  create({ services, translations }) {
    return {
      // The sending module's checks (bank details, the blocklist) are problems of an invoice too.
      handlers: invoicesHandlers(
        createInvoiceServices(services, translations, { ownerChecks: sendingOwnerChecks(services) }),
      ),
      // After auth's in the registry: the demo invoices belong to the demo freelancer.
      seed: () => seedInvoices(services, translations),
    };
  },
});
