// The registry: every module of the BFF, which the app (handlers, middleware, jobs), the server (seed) and the ORM
// (entities) read. Middleware and seeds run in this order. Each contract file (openapi/modules/<name>.yaml) needs
// its module here, under the same name, or the type check fails.
import type { ModuleRegistry } from './platform/module.ts';
import { systemModule } from './modules/system/module.ts';
import { authModule } from './modules/auth/module.ts';
import { customersModule } from './modules/customers/module.ts';
import { invoicesModule } from './modules/invoices/module.ts';
import { bankingModule } from './modules/banking/module.ts';
import { sendingModule } from './modules/sending/module.ts';
import { adminModule } from './modules/admin/module.ts';
import { legacyModule } from './modules/legacy/module.ts';
import { paymentsModule } from './modules/payments/module.ts';
import { reportsModule } from './modules/reports/module.ts';

export const APP_MODULES = {
  system: systemModule,
  auth: authModule,
  customers: customersModule,
  invoices: invoicesModule,
  banking: bankingModule,
  sending: sendingModule,
  admin: adminModule,
  legacy: legacyModule,
  payments: paymentsModule,
  reports: reportsModule,
} satisfies ModuleRegistry;
