// The banking module: the freelancer's salary account, registered through a provider (built in: a page of the BFF).
import { defineModule } from '../../platform/module.ts';
import { builtinBankRegistrationPages, PAGE_PREFIX } from './builtin-page.ts';
import { bankingEntities } from './entities.ts';
import { createBanking, seedDemoBankAccount } from './public.ts';
import { bankingHandlers } from './routes.ts';

export const bankingModule = defineModule({
  name: 'banking',
  entities: bankingEntities,
  create({ services }) {
    const { service, provider } = createBanking(services);
    return {
      handlers: bankingHandlers(service),
      middleware: {
        beforeRouter: [
          builtinBankRegistrationPages({
            service,
            provider,
            brandName: services.config.brandName,
            publicUrl: services.config.publicUrl,
            allowRequestOrigin: services.config.env !== 'production',
          }),
        ],
      },
      pages: [PAGE_PREFIX],
      // After auth's in the registry: the demo account belongs to the demo freelancer.
      seed: async () => {
        await seedDemoBankAccount(services);
        return [];
      },
    };
  },
});
