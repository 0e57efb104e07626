// The salary account: registrations at the provider, their completion with the signed return state, the account
// sealed at rest and shown masked, every change audit-logged and emailed to the freelancer, and the cooling-off period
// that holds payouts to a changed account until it ends or the freelancer confirms it (docs/product/payments.md#payout-holds).
// An admin impersonating the freelancer can change none of it (docs/product/accounts.md#impersonation).
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { maskBankAccount, type BankAccount } from '../../domain/bank-account.ts';
import { coolingOffEnd, payoutHoldAt, type PayoutHold } from '../../domain/payout-hold.ts';
import type { DataCipher } from '../../platform/crypto/data-encryption.ts';
import type { Signer } from '../../platform/crypto/signing.ts';
import { ConflictError, ForbiddenError, GoneError, NotFoundError, RejectedError } from '../../platform/errors.ts';
import type { Locale } from '../../platform/i18n/translations.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { sharePayoutBatchLock } from '../../platform/db/payout-batch-lock.ts';
import { preparedRow, sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { emailRecipientOf, endAllSessionsOf, hashToken, looksLikeToken, newToken } from '../auth/public.ts';
import type { BankingEmails } from './emails.ts';
import { BankAccountChange, BankAccountRecord, BankRegistration } from './entities.ts';
import type { BankRegistrationProvider } from './provider.ts';
import { readReturnState, RETURN_STATE_SECONDS, signReturnState } from './return-state.ts';

/** Queued (after the commit) when an account is registered; the sending module releases the invoices that waited. */
export const BANK_DETAILS_REGISTERED_QUEUE = 'bank-details-registered';

/** How long the provider's page stays open. */
export const REGISTRATION_MINUTES = 30;
/** The app screen the provider returns to (spec §2). */
export const RETURN_PATH = '/dashboard/pinebucket-confirmation';

/** How long the "it wasn't me" link of a registration or change works. */
export const STOP_LINK_DAYS = 30;

export interface Actor {
  /** The freelancer whose account it is. */
  userId: string;
  /** Who acts: the user, or an impersonating admin. */
  actorUserId: string;
  /** An admin acting as the user: refused every change of the account. */
  impersonating: boolean;
  ip: string | null;
}

/** The hold on payouts to the account now registered, as people are shown it. */
export interface PayoutHoldView {
  state: 'cooling_off' | 'stopped';
  /** The account payouts wait for, masked. */
  account: string;
  /** The account it replaced, masked; null after a first registration (only a stop holds one). */
  previousAccount: string | null;
  changedAt: Date;
  /** When the cooling-off period ends; null while stopped. */
  until: Date | null;
}

/** What the emailed links answer. */
export interface ChangeLinkAnswer {
  outcome: 'confirmed' | 'stopped';
  account: string;
  changedAt: Date;
}

/** 403 for an admin acting as the user, the same refusal as for a password or email change (account-checks.ts). */
export const notWhileImpersonating = () =>
  new ForbiddenError('forbidden', 'An impersonating admin cannot change the salary account of the user');

const linkInvalid = () => new RejectedError('token_invalid', 'This link is not valid');
const linkUsed = () => new RejectedError('token_used', 'This link has already been used');
const linkExpired = () => new RejectedError('token_expired', 'This link has expired');

/**
 * The account row's hold, as SQL: true when the account of the user in `ownerColumn` may be paid at the moment of the
 * one `?` parameter (a timestamptz). The same rule as domain/payout-hold.ts's payoutHoldAt, over the change that set
 * the account (no change row: an account from before changes were recorded, or demo data, holds nothing).
 */
export function payableAccountSql(ownerColumn: string): string {
  return `exists (select 1 from "bank_account" ba
    left join "bank_account_change" bc on bc."registration_id" = ba."registration_id"
    where ba."user_id" = ${ownerColumn}
      and (bc."id" is null or (bc."stopped_at" is null
        and (bc."confirmed_at" is not null or bc."hold_until" is null or bc."hold_until" <= ?::timestamptz))))`;
}

interface CurrentChangeRow {
  id: string;
  account_masked: string;
  previous_masked: string | null;
  changed_at: Date;
  hold_until: Date | null;
  confirmed_at: Date | null;
  stopped_at: Date | null;
}

function holdView(row: CurrentChangeRow, hold: PayoutHold): PayoutHoldView {
  return {
    state: hold.state,
    account: row.account_masked,
    previousAccount: row.previous_masked,
    changedAt: new Date(row.changed_at),
    until: hold.state === 'cooling_off' ? hold.until : null,
  };
}

const asChangeState = (row: CurrentChangeRow) => ({
  holdUntil: row.hold_until ? new Date(row.hold_until) : null,
  confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
  stoppedAt: row.stopped_at ? new Date(row.stopped_at) : null,
});

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
  readonly #emails: BankingEmails;
  readonly #now: () => Date;

  constructor(deps: {
    cipher: DataCipher;
    signer: Signer;
    provider: BankRegistrationProvider;
    jobs: Jobs;
    emails: BankingEmails;
    now?: () => Date;
  }) {
    this.#jobs = deps.jobs;
    this.#emails = deps.emails;
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
    if (actor.impersonating) throw notWhileImpersonating();
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
    // Whoever opened the registration: an admin acting as the user completes nothing, even the user's own.
    if (actor.impersonating) throw notWhileImpersonating();
    const parsed = readReturnState(this.#signer, state);
    if (!parsed) {
      throw new RejectedError('bank_registration_state_invalid', 'Not a bank registration state of this site');
    }
    const result = await em.transactional(async (tx) => {
      // A payout file being made pays the account it read; this change waits for it (platform/db/payout-batch-lock.ts).
      await sharePayoutBatchLock(tx);
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
      const account = await this.#store(tx, actor, registration, outcome.account, { notify: true });
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
    options: { notify: boolean },
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
    const change = options.notify
      ? await this.#recordChange(em, actor, registration, previous, fields.masked, now)
      : null;
    await recordAuditEvent(em, {
      actorUserId: actor.actorUserId,
      subjectUserId: actor.userId,
      action: existing ? 'bank_details.changed' : 'bank_details.registered',
      data: {
        registrationId: registration.id,
        provider: registration.provider,
        previous,
        current: fields.masked,
        changeId: change?.id ?? null,
        holdUntil: change?.holdUntil?.toISOString() ?? null,
      },
      ip: actor.ip,
    });
    return { kind: fields.kind, bankName: fields.bankName, masked: fields.masked, updatedAt: now };
  }

  /**
   * Records a registration (`previous` null) or a change, with its cooling-off period when it replaces an account, and
   * emails the freelancer at once (queued in this transaction): what changed, when, and the links that confirm or stop it.
   */
  async #recordChange(
    em: EntityManager,
    actor: Actor,
    registration: BankRegistration,
    previous: string | null,
    masked: string,
    now: Date,
  ): Promise<BankAccountChange> {
    const holdUntil = previous === null ? null : coolingOffEnd(now);
    const confirmToken = previous === null ? null : newToken();
    const stopToken = newToken();
    const stopLinkExpiresAt = new Date(now.getTime() + STOP_LINK_DAYS * 86_400_000);
    const change = em.create(BankAccountChange, {
      userId: actor.userId,
      registrationId: registration.id,
      kind: previous === null ? 'registered' : 'changed',
      previousMasked: previous,
      accountMasked: masked,
      actorUserId: actor.actorUserId,
      changedAt: now,
      holdUntil,
      confirmTokenHash: confirmToken ? hashToken(confirmToken) : null,
      stopTokenHash: hashToken(stopToken),
      stopLinkExpiresAt,
      confirmedAt: null,
      stoppedAt: null,
    });
    await em.flush();
    const to = await emailRecipientOf(em, actor.userId);
    if (previous !== null && holdUntil && confirmToken) {
      await this.#emails.accountChanged(em, to, {
        previous,
        account: masked,
        changedAt: now,
        holdUntil,
        confirmToken,
        stopToken,
        stopLinkDays: STOP_LINK_DAYS,
      });
    } else {
      await this.#emails.accountRegistered(em, to, {
        account: masked,
        changedAt: now,
        stopToken,
        stopLinkDays: STOP_LINK_DAYS,
      });
    }
    return change;
  }

  /** The change that set the account now registered, or undefined (none registered, or demo data). */
  async #currentChange(em: EntityManager, userId: string, lock = false): Promise<CurrentChangeRow | undefined> {
    return sqlRow<CurrentChangeRow>(
      em,
      `select c."id", c."account_masked", c."previous_masked", c."changed_at", c."hold_until", c."confirmed_at",
         c."stopped_at"
       from "bank_account" a join "bank_account_change" c on c."registration_id" = a."registration_id"
       where a."user_id" = ?${lock ? ' for update of c' : ''}`,
      [userId],
    );
  }

  /** The hold on payouts to the user's account at `at` (default now); null when they may be paid (or have no account). */
  async payoutHold(em: EntityManager, userId: string, at: Date = this.#now()): Promise<PayoutHoldView | null> {
    const row = await this.#currentChange(em, userId);
    const hold = row ? payoutHoldAt(asChangeState(row), at) : null;
    return row && hold ? holdView(row, hold) : null;
  }

  /** Every account whose payouts are held at `at` (the back office's list), newest change first, at most `limit`. */
  async heldAccounts(em: EntityManager, at: Date, limit: number): Promise<(PayoutHoldView & { userId: string })[]> {
    const rows = await sqlRows<CurrentChangeRow & { user_id: string }>(
      em,
      `select c."id", c."user_id", c."account_masked", c."previous_masked", c."changed_at", c."hold_until",
         c."confirmed_at", c."stopped_at"
       from "bank_account_change" c join "bank_account" a on a."registration_id" = c."registration_id"
       where c."confirmed_at" is null and (c."hold_until" is not null or c."stopped_at" is not null)
         and (c."stopped_at" is not null or c."hold_until" > ?::timestamptz)
       order by c."changed_at" desc limit ?`,
      [at.toISOString(), limit],
    );
    return rows.flatMap((row) => {
      const hold = payoutHoldAt(asChangeState(row), at);
      return hold ? [{ userId: row.user_id, ...holdView(row, hold) }] : [];
    });
  }

  /**
   * The "yes, it was me" link of a change: the cooling-off period ends now and payouts to the account go with the next
   * file. Once; not after a stop, not for an account since replaced, not once the period is over (nothing to release).
   */
  async confirmChange(em: EntityManager, token: string, ip: string | null): Promise<ChangeLinkAnswer> {
    if (!looksLikeToken(token)) throw linkInvalid();
    return em.transactional(async (tx) => {
      await sharePayoutBatchLock(tx);
      const change = await tx.findOne(
        BankAccountChange,
        { confirmTokenHash: hashToken(token) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!change || !change.holdUntil) throw linkInvalid();
      if (change.confirmedAt) throw linkUsed();
      if (change.stoppedAt) {
        throw new ConflictError('bank_account_change_stopped', 'Payouts to this account were stopped from the email');
      }
      const current = await this.#currentChange(tx, change.userId);
      if (current?.id !== change.id) {
        throw new ConflictError('bank_account_change_superseded', 'The salary account has been changed again since');
      }
      const now = this.#now();
      if (change.holdUntil <= now) throw linkExpired();
      change.confirmedAt = now;
      await tx.flush();
      await recordAuditEvent(tx, {
        actorUserId: change.userId,
        subjectUserId: change.userId,
        action: 'bank_details.change_confirmed',
        data: { changeId: change.id, account: change.accountMasked, holdUntil: change.holdUntil.toISOString() },
        ip,
      });
      return { outcome: 'confirmed' as const, account: change.accountMasked, changedAt: change.changedAt };
    });
  }

  /**
   * The "it wasn't me" link of a registration or change: payouts to the account now registered stop until the
   * freelancer registers another, every session of the account ends (whoever changed it was logged in as them), and
   * every registration still open ends. Works after a confirmation or the end of the period too; an account replaced
   * since is stopped with the one that replaced it (a second change by the same stranger must not slip through).
   */
  async stopChange(em: EntityManager, token: string, ip: string | null): Promise<ChangeLinkAnswer & { email: string }> {
    if (!looksLikeToken(token)) throw linkInvalid();
    return em.transactional(async (tx) => {
      await sharePayoutBatchLock(tx);
      const change = await tx.findOne(
        BankAccountChange,
        { stopTokenHash: hashToken(token) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!change) throw linkInvalid();
      if (change.stoppedAt) throw linkUsed();
      const now = this.#now();
      if (change.stopLinkExpiresAt <= now) throw linkExpired();
      change.stoppedAt = now;
      await tx.flush();
      const current = await this.#currentChange(tx, change.userId, true);
      const alsoStopped = current && current.id !== change.id && !current.stopped_at ? current.id : null;
      if (alsoStopped) {
        await sqlRows(
          tx,
          `update "bank_account_change" set "stopped_at" = ?::timestamptz where "id" = ? and "stopped_at" is null`,
          [now.toISOString(), alsoStopped],
        );
      }
      await sqlRows(
        tx,
        `update "bank_registration" set "status" = 'failed', "failure_reason" = 'change_stopped', "sealed_account" = null
         where "user_id" = ? and "completed_at" is null and "status" in ('pending', 'succeeded')`,
        [change.userId],
      );
      await endAllSessionsOf(tx, change.userId);
      await recordAuditEvent(tx, {
        actorUserId: change.userId,
        subjectUserId: change.userId,
        action: 'bank_details.change_stopped',
        data: {
          changeId: change.id,
          account: change.accountMasked,
          alsoStopped,
          current: current?.account_masked ?? null,
        },
        ip,
      });
      const to = await emailRecipientOf(tx, change.userId);
      return {
        outcome: 'stopped' as const,
        account: current?.account_masked ?? change.accountMasked,
        changedAt: current ? new Date(current.changed_at) : change.changedAt,
        email: to.email,
      };
    });
  }

  async masked(em: EntityManager, userId: string): Promise<MaskedAccount | null> {
    const record = await em.findOne(BankAccountRecord, { userId });
    return record
      ? { kind: record.kind, bankName: record.bankName ?? null, masked: record.masked, updatedAt: record.updatedAt }
      : null;
  }

  async hasBankDetails(em: EntityManager, userId: string): Promise<boolean> {
    // Plain SQL: every invoice read and write asks this (problem 4); the ORM's count costs several times the query.
    const row = await preparedRow<{ found: boolean }>(
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
    // Demo data: no email, no hold (nobody to tell, nothing replaced).
    await this.#store(em, { userId, actorUserId: userId, impersonating: false, ip: null }, registration, account, {
      notify: false,
    });
    return true;
  }
}
