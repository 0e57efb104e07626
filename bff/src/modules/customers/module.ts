// The customers module: a freelancer's invoice recipients and the public page where their contact verifies them.
import { defineModule } from '../../platform/module.ts';
import { customerEntities } from './entities.ts';
import { createCustomerService } from './public.ts';
import { customersHandlers } from './routes.ts';

export const customersModule = defineModule({
  name: 'customers',
  entities: customerEntities,
  create({ services, translations }) {
    return { handlers: customersHandlers(createCustomerService(services, translations)) };
  },
});
