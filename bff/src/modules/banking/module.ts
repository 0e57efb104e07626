// The banking module as the app wires it: its operations, the built-in provider's pages and the demo account.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DataCipher } from '../../platform/crypto/data-encryption.ts';
import { Signer } from '../../platform/crypto/signing.ts';
import type { AppServices } from '../../platform/http/context.ts';
import { User } from '../auth/entities.ts';
import { builtinBankRegistrationPages } from './builtin-page.ts';
import { BuiltinBankProvider } from './builtin-provider.ts';
import { bankingHandlers } from './routes.ts';
import { BankingService } from './service.ts';

/** The demo freelancer's salary account (a valid Swedbank number made up for the demo). */
const DEMO_ACCOUNT = {
  email: 'demo@example.com',
  account: { kind: 'domestic', clearingNumber: '83279', accountNumber: '1234567897', bankName: 'Swedbank' },
} as const;

export function bankingModule(services: AppServices) {
  const cipher = new DataCipher(services.config.dataEncryptionKey);
  const provider = new BuiltinBankProvider(cipher);
  const service = new BankingService({ cipher, signer: new Signer(services.config.secret), provider });
  return {
    service,
    handlers: bankingHandlers(service),
    pages: builtinBankRegistrationPages({
      service,
      provider,
      brandName: services.config.brandName,
      publicUrl: services.config.publicUrl,
      allowRequestOrigin: services.config.env !== 'production',
    }),
    /** Gives the demo freelancer bank details (a new user has none); runs after the accounts are seeded. */
    async seed(): Promise<string[]> {
      if (services.config.env === 'production') return [];
      const em = services.orm.em.fork() as EntityManager;
      const user = await em.findOne(User, { email: DEMO_ACCOUNT.email });
      if (user && (await service.seedAccount(em, user.id, DEMO_ACCOUNT.account))) {
        services.log.info({ email: DEMO_ACCOUNT.email }, 'seeded demo bank details');
      }
      return [];
    },
  };
}
