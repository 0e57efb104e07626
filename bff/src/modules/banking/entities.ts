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

export const bankingEntities = [BankAccountRecord, BankRegistration];
