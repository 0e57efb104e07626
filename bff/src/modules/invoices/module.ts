// The invoices module: drafts, totals, the status machine, receipts, campaign codes, salary estimates, the dashboard.
import { defineModule } from '../../platform/module.ts';
import { invoiceEntities } from './entities.ts';
import { createInvoiceServices } from './public.ts';
import { invoicesHandlers } from './routes.ts';
import { seedInvoices } from './seed.ts';

export const invoicesModule = defineModule({
  name: 'invoices',
  entities: invoiceEntities,
  create({ services, translations }) {
    return {
      handlers: invoicesHandlers(createInvoiceServices(services, translations)),
      // After auth's in the registry: the demo invoices belong to the demo freelancer.
      seed: () => seedInvoices(services, translations),
    };
  },
});
