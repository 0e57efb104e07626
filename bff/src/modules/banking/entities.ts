// The banking module's tables as MikroORM entities (the schema lives in Migration20261123200000BankDetails).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Locale } from '../../platform/i18n/translations.ts';

/** The user's salary account; the account itself only as a sealed value (platform/crypto/data-encryption.ts). */
export const BankAccountRecord = defineEntity({
  name: 'BankAccountRecord',
  tableName: 'bank_account',
  properties: {
    userId: p.uuid().primary(),
    kind: p.string().length(10).$type<'domestic' | 'iban'>(),
    /** The account as JSON, sealed with the context `bank_account:<userId>`. */
    sealedAccount: p.text(),
    /** Which key sealed it, for a future re-encryption. */
    keyId: p.string().length(16),
    masked: p.string().length(60),
    bankName: p.string().length(60).nullable(),
    /** The registration that registered it (its audit trail). */
    registrationId: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export type BankAccountRecord = InferEntity<typeof BankAccountRecord>;

export type BankRegistrationStatus = 'pending' | 'succeeded' | 'cancelled' | 'failed';

/** One trip to the provider: opened by the app, ended on the provider's page, completed once by the return state. */
export const BankRegistration = defineEntity({
  name: 'BankRegistration',
  tableName: 'bank_registration',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    userId: p.uuid(),
    provider: p.string().length(20),
    status: p.string().length(12).$type<BankRegistrationStatus>(),
    locale: p.string().length(2).$type<Locale>(),
    failedAttempts: p.smallint().default(0),
    /** What the provider collected, sealed with the context `bank_registration:<id>`, until completion. */
    sealedAccount: p.text().nullable(),
    failureReason: p.string().length(40).nullable(),
    expiresAt: p.datetime(),
    completedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type BankRegistration = InferEntity<typeof BankRegistration>;

export type BankAccountChangeKind = 'registered' | 'changed';

/**
 * A registration or change of the salary account (docs/product/payments.md#payout-holds): what it replaced, who made it,
 * the cooling-off period holding payouts to a changed account, and the emailed links that confirm or stop it (only
 * their SHA-256 is kept). The account now registered is the one whose `registrationId` the account row carries.
 */
export const BankAccountChange = defineEntity({
  name: 'BankAccountChange',
  tableName: 'bank_account_change',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    userId: p.uuid(),
    registrationId: p.uuid().unique(),
    kind: p.string().length(10).$type<BankAccountChangeKind>(),
    previousMasked: p.string().length(60).nullable(),
    accountMasked: p.string().length(60),
    /** Who completed the registration (never an impersonating admin: they are refused). */
    actorUserId: p.uuid().nullable(),
    changedAt: p.datetime(),
    /** The end of the cooling-off period; null for a first registration. */
    holdUntil: p.datetime().nullable(),
    confirmTokenHash: p.string().length(64).nullable().unique(),
    stopTokenHash: p.string().length(64).unique(),
    stopLinkExpiresAt: p.datetime(),
    confirmedAt: p.datetime().nullable(),
    stoppedAt: p.datetime().nullable(),
  },
});
export type BankAccountChange = InferEntity<typeof BankAccountChange>;

export const bankingEntities = [BankAccountRecord, BankRegistration, BankAccountChange];
