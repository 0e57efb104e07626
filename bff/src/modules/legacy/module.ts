// The legacy module: the old product's invoices and payouts, imported by an admin, read by users with the legacy flag.
import { defineModule } from '../../platform/module.ts';
import { legacyEntities } from './entities.ts';
import { legacyHandlers } from './routes.ts';
import { seedLegacyRecords } from './seed.ts';
import { LegacyRecords } from './service.ts';

export const legacyModule = defineModule({
  name: 'legacy',
  entities: legacyEntities,
  create({ services }) {
    const records = new LegacyRecords();
    return {
      handlers: legacyHandlers(records),
      // After auth's in the registry: the records belong to the demo freelancer, imported by the demo admin.
      seed: () => seedLegacyRecords(services, records),
    };
  },
});
