// The registry: every module of the BFF, in one list that the app (handlers, middleware, jobs), the server
// (seed) and the ORM (entities) read. Middleware and seeds run in this order. Adding a module is one entry here.
import type { BffModule } from './platform/module.ts';
import { systemModule } from './modules/system/module.ts';
import { authModule } from './modules/auth/module.ts';
import { customersModule } from './modules/customers/module.ts';
import { invoicesModule } from './modules/invoices/module.ts';

export const APP_MODULES: readonly BffModule[] = [systemModule, authModule, customersModule, invoicesModule];
