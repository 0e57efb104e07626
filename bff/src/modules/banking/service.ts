// The salary account: registrations at the provider, their completion with the signed return state, the account
// sealed at rest and shown masked, every change audit-logged.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { maskBankAccount, type BankAccount } from '../../domain/bank-account.ts';
import type { DataCipher } from '../../platform/crypto/data-encryption.ts';
import type { Signer } from '../../platform/crypto/signing.ts';
import { ConflictError, GoneError, NotFoundError, RejectedError } from '../../platform/errors.ts';
import type { Locale } from '../../platform/i18n/translations.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { sqlRow } from '../../platform/db/sql.ts';
import { BankAccountRecord, BankRegistration } from './entities.ts';
import type { BankRegistrationProvider } from './provider.ts';
import { readReturnState, RETURN_STATE_SECONDS, signReturnState } from './return-state.ts';

/** Queued (after the commit) when an account is registered; the sending module releases the invoices that waited. */
export const BANK_DETAILS_REGISTERED_QUEUE = 'bank-details-registered';

/** How long the provider's page stays open. */
export const REGISTRATION_MINUTES = 30;
/** The app screen the provider returns to (spec §2). */
export const RETURN_PATH = '/dashboard/pinebucket-confirmation';

export interface Actor {
  /** The freelancer whose account it is. */
  userId: string;
  /** Who acts: the user, or an impersonating admin. */
  actorUserId: string;
  ip: string | null;
}

export interface MaskedAccount {
  kind: 'domestic' | 'iban';
  bankName: string | null;
  masked: string;
  updatedAt: Date;
}

export type CompletionOutcome = 'success' | 'cancel' | 'failure';

const accountContext = (userId: string) => `bank_account:${userId}`;

export class BankingService {
  readonly #cipher: DataCipher;
  readonly #signer: Signer;
  readonly #provider: BankRegistrationProvider;
  readonly #jobs: Jobs;
  readonly #now: () => Date;

  constructor(deps: {
    cipher: DataCipher;
    signer: Signer;
    provider: BankRegistrationProvider;
    jobs: Jobs;
    now?: () => Date;
  }) {
    this.#jobs = deps.jobs;
    this.#cipher = deps.cipher;
    this.#signer = deps.signer;
    this.#provider = deps.provider;
    this.#now = deps.now ?? (() => new Date());
  }

  async start(
    em: EntityManager,
    actor: Actor,
    locale: Locale,
  ): Promise<{ registration: BankRegistration; redirectUrl: string }> {
    const registration = em.create(BankRegistration, {
      userId: actor.userId,
      provider: this.#provider.name,
      status: 'pending',
      locale,
      failedAttempts: 0,
      expiresAt: new Date(this.#now().getTime() + REGISTRATION_MINUTES * 60_000),
      createdAt: this.#now(),
    });
    await em.flush();
    return { registration, redirectUrl: this.#provider.redirectUrl(registration) };
  }

  /** Where the provider's page sends the browser once it has ended (any outcome). */
  returnUrl(registration: BankRegistration): string {
    const expiresAt = new Date(this.#now().getTime() + RETURN_STATE_SECONDS * 1000);
    return `${RETURN_PATH}?state=${encodeURIComponent(signReturnState(this.#signer, registration.id, expiresAt))}`;
  }

  async complete(
    em: EntityManager,
    actor: Actor,
    state: string,
  ): Promise<{ outcome: CompletionOutcome; account: MaskedAccount | null }> {
    const parsed = readReturnState(this.#signer, state);
    if (!parsed) {
      throw new RejectedError('bank_registration_state_invalid', 'Not a bank registration state of this site');
    }
    const result = await em.transactional(async (tx) => {
      const registration = await tx.findOne(
        BankRegistration,
        { id: parsed.registrationId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!registration || registration.userId !== actor.userId)
        throw new NotFoundError('not_found', 'No such bank registration');
      if (registration.completedAt) {
        throw new ConflictError('bank_registration_used', 'This registration has been completed already');
      }
      if (this.#now() > parsed.expiresAt) {
        throw new GoneError('bank_registration_expired', 'The registration expired; start again');
      }
      const outcome = await this.#provider.outcome(tx, registration);
      if (outcome.outcome === 'pending') {
        throw new ConflictError('bank_registration_unfinished', 'The provider page has not finished');
      }
      registration.completedAt = this.#now();
      registration.sealedAccount = null;
      if (outcome.outcome !== 'success') {
        await tx.flush();
        return { outcome: outcome.outcome, account: await this.masked(tx, actor.userId) };
      }
      const account = await this.#store(tx, actor, registration, outcome.account);
      return { outcome: 'success' as const, account };
    });
    // Whoever waits for bank details (invoices held back, problem 4) hears of it once the account is committed.
    if (result.outcome === 'success') await this.#jobs.send(BANK_DETAILS_REGISTERED_QUEUE, { userId: actor.userId });
    return result;
  }

  async #store(
    em: EntityManager,
    actor: Actor,
    registration: BankRegistration,
    account: BankAccount,
  ): Promise<MaskedAccount> {
    const now = this.#now();
    const existing = await em.findOne(
      BankAccountRecord,
      { userId: actor.userId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const fields = {
      kind: account.kind,
      sealedAccount: this.#cipher.encrypt(JSON.stringify(account), accountContext(actor.userId)),
      keyId: this.#cipher.keyId,
      masked: maskBankAccount(account),
      bankName: account.kind === 'domestic' ? account.bankName : null,
      registrationId: registration.id,
      updatedAt: now,
    };
    const previous = existing?.masked ?? null;
    if (existing) em.assign(existing, fields);
    else em.create(BankAccountRecord, { userId: actor.userId, createdAt: now, ...fields });
    await em.flush();
    await recordAuditEvent(em, {
      actorUserId: actor.actorUserId,
      subjectUserId: actor.userId,
      action: existing ? 'bank_details.changed' : 'bank_details.registered',
      data: { registrationId: registration.id, provider: registration.provider, previous, current: fields.masked },
      ip: actor.ip,
    });
    return { kind: fields.kind, bankName: fields.bankName, masked: fields.masked, updatedAt: now };
  }

  async masked(em: EntityManager, userId: string): Promise<MaskedAccount | null> {
    const record = await em.findOne(BankAccountRecord, { userId });
    return record
      ? { kind: record.kind, bankName: record.bankName ?? null, masked: record.masked, updatedAt: record.updatedAt }
      : null;
  }

  async hasBankDetails(em: EntityManager, userId: string): Promise<boolean> {
    // Plain SQL: every invoice read and write asks this (problem 4); the ORM's count costs several times the query.
    const row = await sqlRow<{ found: boolean }>(
      em,
      `select exists (select 1 from "bank_account" where "user_id" = ?) as "found"`,
      [userId],
    );
    return row?.found === true;
  }

  /** The account in full, for a payout file; null when none is registered. */
  async account(em: EntityManager, userId: string): Promise<BankAccount | null> {
    const record = await em.findOne(BankAccountRecord, { userId });
    return record
      ? (JSON.parse(this.#cipher.decrypt(record.sealedAccount, accountContext(userId))) as BankAccount)
      : null;
  }

  /** The accounts of several users in one read (a payout file for thousands), with their masked form; none for users without one. */
  async accountsOf(
    em: EntityManager,
    userIds: readonly string[],
  ): Promise<Map<string, { account: BankAccount; masked: string }>> {
    const found = new Map<string, { account: BankAccount; masked: string }>();
    const CHUNK = 5000;
    for (let start = 0; start < userIds.length; start += CHUNK) {
      const records = await em.find(
        BankAccountRecord,
        { userId: { $in: userIds.slice(start, start + CHUNK) } },
        { fields: ['userId', 'sealedAccount', 'masked'] },
      );
      for (const record of records) {
        const account = JSON.parse(this.#cipher.decrypt(record.sealedAccount, accountContext(record.userId)));
        found.set(record.userId, { account: account as BankAccount, masked: record.masked });
      }
    }
    return found;
  }

  /** Demo data: registers `account` for `userId` directly (no provider), when none is registered. */
  async seedAccount(em: EntityManager, userId: string, account: BankAccount): Promise<boolean> {
    return em.transactional((tx) => this.#seed(tx, userId, account));
  }

  async #seed(em: EntityManager, userId: string, account: BankAccount): Promise<boolean> {
    if (await this.hasBankDetails(em, userId)) return false;
    const registration = em.create(BankRegistration, {
      userId,
      provider: 'seed',
      status: 'succeeded',
      locale: 'sv',
      failedAttempts: 0,
      expiresAt: this.#now(),
      completedAt: this.#now(),
      createdAt: this.#now(),
    });
    await em.flush();
    await this.#store(em, { userId, actorUserId: userId, ip: null }, registration, account);
    return true;
  }
}
