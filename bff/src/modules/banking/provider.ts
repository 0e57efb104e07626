// Where the account number is typed: a provider's page, never the app. The built-in provider (builtin-provider.ts) is
// a page of the BFF; a payment provider's hosted flow implements the same two steps.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BankAccount } from '../../domain/bank-account.ts';
import type { BankRegistration } from './entities.ts';

export type ProviderOutcome =
  | { readonly outcome: 'success'; readonly account: BankAccount }
  | { readonly outcome: 'cancel' }
  | { readonly outcome: 'failure'; readonly reason: string }
  /** The provider's page has not ended yet. */
  | { readonly outcome: 'pending' };

export interface BankRegistrationProvider {
  /** Stored with each registration. */
  readonly name: string;
  /** Where the browser goes to register: an absolute URL, or a path on this site. */
  redirectUrl(registration: BankRegistration): string;
  /** What the provider ended with, read when the app completes the registration (inside its transaction). */
  outcome(em: EntityManager, registration: BankRegistration): Promise<ProviderOutcome>;
}
