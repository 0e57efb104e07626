// The admin module: the back office (accounts, the audit log, the approval queue, exchange rates, campaign codes,
// the dated settings). It owns no tables: each operation goes through the public entry of the module that owns the
// data (auth, invoices; sending for approvals), so the rules stay with their data.
import { defineModule } from '../../platform/module.ts';
import { createInvoiceAdministration } from '../invoices/public.ts';
import { approvalUnavailable } from './approval.ts';
import { adminHandlers } from './routes.ts';

export const adminModule = defineModule({
  name: 'admin',
  entities: [],
  create({ services, translations }) {
    return {
      handlers: adminHandlers({
        invoices: createInvoiceAdministration(services, translations),
        // The sending module's approveReviewedInvoice once it is part of the app (docs/product/back-office.md).
        approve: approvalUnavailable,
      }),
    };
  },
});
