// The invoices module's tables as MikroORM entities (the schema lives in Migration20261123130000Invoices).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { InvoiceState } from '../../domain/invoice-status.ts';
import type { VatPercentage } from '../../domain/invoice-totals.ts';

export const INVOICE_UNITS = ['hour', 'day', 'week', 'month', 'pcs', 'km', 'lump_sum'] as const;
export type InvoiceUnit = (typeof INVOICE_UNITS)[number];
export type IsoCurrency = 'SEK' | 'EUR' | 'USD' | 'NOK' | 'DKK' | 'GBP';
export type InvoiceKind = 'invoice' | 'interest';

/** The customer's details as sent: what the PDF and the e-invoice said, whatever the customer becomes later. */
export interface RecipientSnapshot {
  type: 'individual' | 'organization' | 'non_profit';
  name: string;
  governmentId: string | null;
  vatNumber: string | null;
  email: string | null;
  invoiceLanguage: 'sv' | 'en';
  reverseVat: boolean;
  eInvoice: boolean;
  address: { streetName: string; postalCode: string; city: string; country: string };
}

export const Invoice = defineEntity({
  name: 'Invoice',
  tableName: 'invoice',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    /** The freelancer (`app_user.id`), a plain id like the customer's owner. */
    ownerId: p.uuid(),
    customerId: p.uuid(),
    state: p.string().length(24).$type<InvoiceState>(),
    number: p.bigint('number').nullable(),
    ocrNumber: p.string().length(25).nullable(),
    reference: p.string().length(100).nullable(),
    paymentTermsDays: p.smallint().default(30),
    /** `YYYY-MM-DD`. */
    invoiceDate: p.string().columnType('date'),
    /** `YYYY-MM-DD`: invoiceDate + paymentTermsDays (the database checks it). */
    dueDate: p.string().columnType('date'),
    currency: p.string().columnType('char(3)').$type<IsoCurrency>().default('SEK'),
    /** `invoice`, or `interest`: an interest invoice for the late payment of `interestForInvoiceId` (decision 0034). */
    kind: p.string().length(10).$type<InvoiceKind>().default('invoice'),
    interestForInvoiceId: p.uuid().nullable(),
    /** The yearly rate typed on the invoice, numeric(5,2) as a decimal string ("10.00"); null: the statutory rate. */
    latePaymentInterest: p.decimal().precision(5).scale(2).nullable(),
    /** The statutory rate (reference rate + 8 points, per half-year) rather than a typed one. */
    latePaymentInterestStatutory: p.boolean().default(false),
    /** Days between the due date and each payment reminder (7 or 14); null: no reminders. */
    reminderInterval: p.smallint().$type<7 | 14>().nullable(),
    /** The reminder fee the invoice states in advance, SEK öre; null: none. */
    reminderFee: p.bigint('number').nullable(),
    /** What its reminders charged of the fee, and what payments paid of that (the platform's, never salary). */
    reminderFeeCharged: p.bigint('number').default(0),
    reminderFeePaid: p.bigint('number').default(0),
    campaignCodeId: p.uuid().nullable(),
    /** When the invoice took one use of its campaign code (its send); null: it holds none (docs/product/invoices.md). */
    campaignCodeCountedAt: p.datetime().nullable(),
    totalExclVat: p.bigint('number').default(0),
    totalVat: p.bigint('number').default(0),
    totalInclVat: p.bigint('number').default(0),
    paidAmount: p.bigint('number').default(0),
    recipientSnapshot: p.json<RecipientSnapshot>().nullable(),
    sendProblemCodes: p.array<number>().columnType('smallint[]').default([]),
    sentAt: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    /** Optimistic lock: MikroORM adds `where version = ?` to every update and increments it. */
    version: p.integer().version(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export type Invoice = InferEntity<typeof Invoice>;

export const InvoiceRow = defineEntity({
  name: 'InvoiceRow',
  tableName: 'invoice_row',
  properties: {
    invoiceId: p.uuid().primary(),
    position: p.smallint().primary(),
    description: p.string().length(400),
    unitPrice: p.bigint('number'),
    /** numeric(12,2) as a decimal string ("1.50"). */
    quantity: p.decimal().precision(12).scale(2),
    unit: p.string().length(16).$type<InvoiceUnit>(),
    vatPercentage: p.smallint().$type<VatPercentage>(),
  },
});
export type InvoiceRow = InferEntity<typeof InvoiceRow>;

export const InvoiceExpense = defineEntity({
  name: 'InvoiceExpense',
  tableName: 'invoice_expense',
  properties: {
    invoiceId: p.uuid().primary(),
    position: p.smallint().primary(),
    type: p.string().length(10).$type<'receipt' | 'mileage'>(),
    description: p.string().length(100),
    /** A receipt's amount including its VAT; for mileage the allowance converted to the invoice's currency. */
    amount: p.bigint('number'),
    vatPercentage: p.smallint().$type<VatPercentage>().nullable(),
    receiptId: p.uuid().nullable(),
    mileageDate: p.string().columnType('date').nullable(),
    mileageFrom: p.string().length(100).nullable(),
    mileageTo: p.string().length(100).nullable(),
    mileageKm: p.decimal().precision(9).scale(2).nullable(),
    mileagePurpose: p.string().length(100).nullable(),
    mileageRatePer10Km: p.integer().nullable().fieldName('mileage_rate_per_10_km'),
    mileageAllowanceSek: p.bigint('number').nullable(),
  },
});
export type InvoiceExpense = InferEntity<typeof InvoiceExpense>;

export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ReceiptContentType = (typeof RECEIPT_CONTENT_TYPES)[number];

export const Receipt = defineEntity({
  name: 'Receipt',
  tableName: 'receipt',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    ownerId: p.uuid(),
    storageKey: p.string().length(300).unique(),
    fileName: p.string().length(200),
    contentType: p.string().length(40).$type<ReceiptContentType>(),
    sizeBytes: p.integer(),
    sha256: p.string().columnType('char(64)'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type Receipt = InferEntity<typeof Receipt>;

/** Who changed an invoice's status: the user, an admin acting as the user, an admin in the back office, or a job. */
export type InvoiceActorType = 'user' | 'impersonating_admin' | 'admin' | 'system';

export const InvoiceEventRecord = defineEntity({
  name: 'InvoiceEventRecord',
  tableName: 'invoice_event',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    invoiceId: p.uuid(),
    ownerId: p.uuid(),
    event: p.string().length(40),
    fromState: p.string().length(24).$type<InvoiceState>().nullable(),
    toState: p.string().length(24).$type<InvoiceState>(),
    actorType: p.string().length(24).$type<InvoiceActorType>(),
    actorUserId: p.uuid().nullable(),
    reason: p.string().length(500).nullable(),
    data: p.json<Record<string, unknown>>(),
    idempotencyKey: p.string().length(100).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type InvoiceEventRecord = InferEntity<typeof InvoiceEventRecord>;

export const CampaignCode = defineEntity({
  name: 'CampaignCode',
  tableName: 'campaign_code',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    /** Upper case. */
    code: p.string().length(40).unique(),
    effect: p.string().length(20).$type<'fee_rate' | 'fee_discount'>(),
    /** Percent as a decimal string: the fee rate, or the share of the fee waived. */
    value: p.decimal().precision(5).scale(2),
    validFrom: p.string().columnType('date'),
    validTo: p.string().columnType('date').nullable(),
    maxUses: p.integer().nullable(),
    uses: p.integer().default(0),
    description: p.string().length(200).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type CampaignCode = InferEntity<typeof CampaignCode>;

export const ExchangeRateRecord = defineEntity({
  name: 'ExchangeRateRecord',
  tableName: 'exchange_rate',
  properties: {
    currency: p.string().columnType('char(3)').primary(),
    date: p.string().columnType('date').primary(),
    /** SEK for one unit, numeric(20,10) as an exact decimal string. */
    sekPerUnit: p.decimal().precision(20).scale(10),
    source: p.string().length(40).default('manual'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type ExchangeRateRecord = InferEntity<typeof ExchangeRateRecord>;

export const invoiceEntities = [
  Invoice,
  InvoiceRow,
  InvoiceExpense,
  Receipt,
  InvoiceEventRecord,
  CampaignCode,
  ExchangeRateRecord,
];
