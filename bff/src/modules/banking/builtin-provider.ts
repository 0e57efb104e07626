// The built-in provider: a page of the BFF (builtin-page.ts) that takes the account, checks it with the domain rules
// and keeps it sealed on the registration until the app completes it.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  parseBankAccount,
  type BankAccount,
  type BankAccountFieldError,
  type BankAccountInput,
} from '../../domain/bank-account.ts';
import type { DataCipher } from '../../platform/crypto/data-encryption.ts';
import { BankRegistration } from './entities.ts';
import type { BankRegistrationProvider, ProviderOutcome } from './provider.ts';

/** Wrong submissions before the registration ends as a failure (guessing account numbers is not a game to allow). */
export const MAX_FAILED_ATTEMPTS = 5;

export type SubmitResult =
  | { readonly kind: 'invalid'; readonly errors: readonly BankAccountFieldError[]; readonly attemptsLeft: number }
  | { readonly kind: 'ended'; readonly status: 'succeeded' | 'failed' };

const registrationContext = (id: string) => `bank_registration:${id}`;

export class BuiltinBankProvider implements BankRegistrationProvider {
  readonly name = 'builtin';
  readonly #cipher: DataCipher;

  constructor(cipher: DataCipher) {
    this.#cipher = cipher;
  }

  redirectUrl(registration: BankRegistration): string {
    return `/bank-registration/${registration.id}?hl=${registration.locale}`;
  }

  async outcome(_em: EntityManager, registration: BankRegistration): Promise<ProviderOutcome> {
    switch (registration.status) {
      case 'succeeded': {
        if (!registration.sealedAccount) return { outcome: 'failure', reason: 'no_account' };
        const json = this.#cipher.decrypt(registration.sealedAccount, registrationContext(registration.id));
        return { outcome: 'success', account: JSON.parse(json) as BankAccount };
      }
      case 'cancelled':
        return { outcome: 'cancel' };
      case 'failed':
        return { outcome: 'failure', reason: registration.failureReason ?? 'failed' };
      case 'pending':
        return { outcome: 'pending' };
    }
  }

  /** The open registration for the page, locked for the write that follows; null when it is not open any more. */
  async lockPending(em: EntityManager, id: string): Promise<BankRegistration | null> {
    const registration = await em.findOne(BankRegistration, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return registration?.status === 'pending' ? registration : null;
  }

  /** Checks what the person typed; a valid account ends the page, a fifth wrong one too. */
  submit(registration: BankRegistration, input: BankAccountInput): SubmitResult {
    const parsed = parseBankAccount(input);
    if (parsed.valid) {
      registration.status = 'succeeded';
      registration.sealedAccount = this.#cipher.encrypt(
        JSON.stringify(parsed.account),
        registrationContext(registration.id),
      );
      return { kind: 'ended', status: 'succeeded' };
    }
    registration.failedAttempts += 1;
    if (registration.failedAttempts >= MAX_FAILED_ATTEMPTS) {
      this.fail(registration, 'too_many_attempts');
      return { kind: 'ended', status: 'failed' };
    }
    return { kind: 'invalid', errors: parsed.errors, attemptsLeft: MAX_FAILED_ATTEMPTS - registration.failedAttempts };
  }

  cancel(registration: BankRegistration): void {
    registration.status = 'cancelled';
  }

  fail(registration: BankRegistration, reason: string): void {
    registration.status = 'failed';
    registration.failureReason = reason;
  }
}
