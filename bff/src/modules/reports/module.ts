// The reports module: the operator's month (docs/product/back-office.md#the-operators-month): the employer
// declaration, the VAT return and EC sales list, the bookkeeping export and their reconciliation. It owns one table,
// the declared months; everything else it reads through the public entries of the modules that own the data
// (payments, sending, auth), so their rules stay with their data (decision 0038).
import { swedishToday } from '../../domain/calendar-date.ts';
import { defineModule } from '../../platform/module.ts';
import type { ReportsContext } from './context.ts';
import { reportsEntities } from './entities.ts';
import { reportsHandlers } from './routes.ts';

export const reportsModule = defineModule({
  name: 'reports',
  entities: reportsEntities,
  create({ services }) {
    const now = () => new Date();
    const context: ReportsContext = { config: services.config, now, today: () => swedishToday(now()) };
    return { handlers: reportsHandlers(context) };
  },
});
