// The auth module's tables as MikroORM entities (the schema itself lives in Migration20261121000100Auth).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const User = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    /** As written at sign-up (domain in lower case); unique case-insensitively through `lower(email)`. */
    email: p.string().length(254),
    passwordHash: p.text().hidden(),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    preferredLocale: p.string().length(2).default('sv'),
    emailConfirmedAt: p.datetime().nullable(),
    legacy: p.boolean().default(false),
    isAdmin: p.boolean().default(false),
    disabledAt: p.datetime().nullable(),
    /** E.164, e.g. +46701234567. */
    phoneNumber: p.string().length(16).nullable(),
    alternateEmail: p.string().length(254).nullable(),
    /** Percent, numeric(5,2): read and written as a decimal string such as "30.00". */
    incomeTaxRate: p.decimal().precision(5).scale(2).default('30.00'),
    pensionRate: p.decimal().precision(5).scale(2).default('0.00'),
    payoutPreference: p.string().length(20).default('payout_monthly'),
    /** "Spara semesterersättning": new salaries set their vacation pay aside (docs/product/payments.md#saved-vacation-pay). */
    saveVacationPay: p.boolean().default(false),
    /** Defaults for new invoices (decision 0034): reminders every 7 or 14 days (null: none), and a reminder fee. */
    reminderInterval: p.smallint().$type<7 | 14>().nullable(),
    reminderFee: p.boolean().default(false),
    /** Swedish personal identity number, 12 digits. */
    governmentId: p.string().length(12).nullable(),
    termsAcceptedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
});
export type User = InferEntity<typeof User>;

/** The user's postal address: a resource of its own with an id, at most one per user (docs/product/accounts.md#profile-and-salary-settings). */
export const UserAddress = defineEntity({
  name: 'UserAddress',
  tableName: 'user_address',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    userId: p.uuid().unique(),
    streetName: p.string().length(200),
    postalCode: p.string().length(20),
    city: p.string().length(100),
    country: p.string().length(2),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
});
export type UserAddress = InferEntity<typeof UserAddress>;

export const TOKEN_PURPOSES = ['email_confirmation', 'password_reset', 'email_change', 'email_change_cancel'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** A single-use secret sent by email; only its SHA-256 hash is stored. */
export const AuthToken = defineEntity({
  name: 'AuthToken',
  tableName: 'auth_token',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    userId: p.uuid(),
    purpose: p.string().length(30),
    tokenHash: p.string().length(64).unique(),
    /** The address the token was sent to (the new one for an email change, the old one for its cancel link). */
    email: p.string().length(254),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    consumedAt: p.datetime().nullable(),
  },
});
export type AuthToken = InferEntity<typeof AuthToken>;

export const authEntities = [User, UserAddress, AuthToken];
