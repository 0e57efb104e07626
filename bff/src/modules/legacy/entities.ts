// The legacy module's tables as MikroORM entities (the schema lives in Migration20261124120100Legacy).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { LegacyKind } from '../../domain/legacy-records.ts';

/** One accepted file: known again by its SHA-256, so importing it twice changes nothing. */
export const LegacyImport = defineEntity({
  name: 'LegacyImport',
  tableName: 'legacy_import',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    kind: p.string().length(10).$type<LegacyKind>(),
    fileName: p.string().length(255),
    fileSha256: p.string().columnType('char(64)'),
    rows: p.integer(),
    created: p.integer(),
    alreadyPresent: p.integer(),
    accounts: p.integer(),
    importedBy: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type LegacyImport = InferEntity<typeof LegacyImport>;

export const LegacyInvoice = defineEntity({
  name: 'LegacyInvoice',
  tableName: 'legacy_invoice',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    userId: p.uuid(),
    importId: p.uuid(),
    number: p.string().length(40),
    recipient: p.string().length(200),
    paid: p.boolean(),
    invoiceDate: p.string().columnType('date'),
    dueDate: p.string().columnType('date'),
    /** Minor units of `currency`, including VAT. */
    total: p.bigint('number'),
    currency: p.string().columnType('char(3)').default('SEK'),
  },
});
export type LegacyInvoice = InferEntity<typeof LegacyInvoice>;

export const LegacyPayout = defineEntity({
  name: 'LegacyPayout',
  tableName: 'legacy_payout',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    userId: p.uuid(),
    importId: p.uuid(),
    /** SHA-256 of the payout's values (domain/legacy-records.ts#payoutFingerprintText). */
    fingerprint: p.string().columnType('char(64)'),
    /** Which identical line of its file it was (1, 2…): two equal payouts of one account stay two. */
    occurrence: p.integer(),
    createdDate: p.string().columnType('date'),
    transactionDate: p.string().columnType('date').nullable(),
    socialFees: p.bigint('number'),
    taxMoney: p.bigint('number'),
    netSalary: p.bigint('number'),
    pensionTax: p.bigint('number'),
    pensionDeposition: p.bigint('number'),
  },
});
export type LegacyPayout = InferEntity<typeof LegacyPayout>;

export const legacyEntities = [LegacyImport, LegacyInvoice, LegacyPayout];
