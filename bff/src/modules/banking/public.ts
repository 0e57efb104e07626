// What other modules may use of the banking module (lint refuses imports of any other file in modules/banking):
// whether a freelancer has bank details, the account in full for a payout, whether payouts to it are held (and the
// same rule as SQL for the payout file), and the event of a new registration.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DataCipher } from '../../platform/crypto/data-encryption.ts';
import { Signer } from '../../platform/crypto/signing.ts';
import type { AppServices } from '../../platform/http/context.ts';
import { Translations } from '../../platform/i18n/translations.ts';
import { accountIdByEmail } from '../auth/public.ts';
import { BuiltinBankProvider } from './builtin-provider.ts';
import { BankingEmails } from './emails.ts';
import { BankingService } from './service.ts';

export { BANK_DETAILS_REGISTERED_QUEUE, payableAccountSql } from './service.ts';
export type { BankingService, PayoutHoldView } from './service.ts';
export { payoutHoldBody } from './views.ts';

/** The banking service and the built-in provider it works with; they hold no state of their own. */
export function createBanking(services: AppServices): { service: BankingService; provider: BuiltinBankProvider } {
  const cipher = new DataCipher(services.config.dataEncryptionKey);
  const provider = new BuiltinBankProvider(cipher);
  const service = new BankingService({
    cipher,
    signer: new Signer(services.config.secret),
    provider,
    jobs: services.jobs,
    emails: new BankingEmails(services, new Translations(services.config.staticRoot)),
  });
  return { service, provider };
}

export function createBankingService(services: AppServices): BankingService {
  return createBanking(services).service;
}

/** The demo freelancer's salary account (a valid Swedbank number made up for the demo); a new user has none. */
export async function seedDemoBankAccount(services: AppServices): Promise<void> {
  if (services.config.env === 'production') return;
  const em = services.orm.em.fork() as EntityManager;
  const userId = await accountIdByEmail(em, 'demo@example.com');
  const account = {
    kind: 'domestic',
    clearingNumber: '83279',
    accountNumber: '1234567897',
    bankName: 'Swedbank',
  } as const;
  if (userId && (await createBankingService(services).seedAccount(em, userId, account))) {
    services.log.info({ userId }, 'seeded demo bank details');
  }
}
