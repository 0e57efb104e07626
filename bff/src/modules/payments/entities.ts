// The payments module's tables as MikroORM entities (the schema lives in Migration20261124090000Payments). Set-based
// work (a batch of 10 000 payouts, a file of payments) is plain SQL in repository.ts; these serve single rows.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { PayoutState } from '../../domain/payout-status.ts';
import type { IsoCurrency } from '../invoices/public.ts';

export const BgMaxImportRecord = defineEntity({
  name: 'BgMaxImportRecord',
  tableName: 'bgmax_import',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    /** bgmax.ts's identity key: the same file (or Bankgirot's copy of it) has the same one. */
    identityKey: p.string().length(400).unique(),
    sha256: p.string().columnType('char(64)'),
    fileName: p.string().length(200),
    storageKey: p.string().length(300),
    fileTimestamp: p.string().length(20),
    test: p.boolean(),
    lineCount: p.integer(),
    depositCount: p.integer(),
    totalAmount: p.bigint('number'),
    importedBy: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type BgMaxImportRecord = InferEntity<typeof BgMaxImportRecord>;

export type IncomingPaymentStatus = 'matched' | 'unmatched';
export type UnmatchedReason =
  | 'no_reference'
  | 'unknown_reference'
  | 'ambiguous_reference'
  | 'invoice_credited'
  | 'invoice_not_payable'
  | 'currency_mismatch'
  | 'deduction'
  | 'exchange_rate_unavailable'
  | 'salary_not_computable';
export type MatchMethod = 'ocr' | 'invoice_number' | 'manual';

export interface PayerDetails {
  name?: string;
  city?: string;
  country?: string;
  organisationNumber?: string;
}

export const IncomingPayment = defineEntity({
  name: 'IncomingPayment',
  tableName: 'incoming_payment',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    source: p.string().length(10).$type<'bgmax' | 'manual'>(),
    kind: p.string().length(10).$type<'payment' | 'deduction'>().default('payment'),
    importId: p.uuid().nullable(),
    line: p.integer().nullable(),
    bgcSerialNumber: p.string().length(12).nullable(),
    /** `YYYY-MM-DD`. */
    paymentDate: p.string().columnType('date'),
    currency: p.string().columnType('char(3)').$type<IsoCurrency>(),
    amount: p.bigint('number'),
    sekAmount: p.bigint('number'),
    reference: p.string().length(30).nullable(),
    referenceCode: p.string().length(10).nullable(),
    extraReferences: p.json<string[]>(),
    informationText: p.json<string[]>(),
    payer: p.json<PayerDetails>(),
    senderBankgiro: p.string().length(10).nullable(),
    status: p.string().length(10).$type<IncomingPaymentStatus>(),
    unmatchedReason: p.string().length(30).$type<UnmatchedReason>().nullable(),
    invoiceId: p.uuid().nullable(),
    ownerId: p.uuid().nullable(),
    matchMethod: p.string().length(16).$type<MatchMethod>().nullable(),
    /** Invoice currency. */
    appliedAmount: p.bigint('number').default(0),
    overpaidAmount: p.bigint('number').default(0),
    /** The part that paid a reminder fee of the invoice (the platform's, never salary). */
    feeAmount: p.bigint('number').default(0),
    note: p.string().length(500).nullable(),
    registeredBy: p.uuid().nullable(),
    matchedAt: p.datetime().nullable(),
    idempotencyKey: p.string().length(100).nullable(),
    searchText: p.text().default(''),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type IncomingPayment = InferEntity<typeof IncomingPayment>;

export type SalaryItemStatus = 'completed_invoice' | 'initiated' | 'completed_transaction';

/** A salary computed for one payment of one invoice, with the rates it used (SEK öre, rates as percent strings). */
export const SalaryItem = defineEntity({
  name: 'SalaryItem',
  tableName: 'salary_item',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    ownerId: p.uuid(),
    invoiceId: p.uuid(),
    paymentId: p.uuid().unique(),
    paymentDate: p.string().columnType('date'),
    /** The Swedish day the payment was registered: it decides when the salary leaves. */
    registeredOn: p.string().columnType('date'),
    status: p.string().length(24).$type<SalaryItemStatus>(),
    payoutId: p.uuid().nullable(),
    invoiceCurrency: p.string().columnType('char(3)').$type<IsoCurrency>(),
    invoicePaidAmount: p.bigint('number'),
    amount: p.bigint('number'),
    commissionAmount: p.bigint('number'),
    reimbursements: p.bigint('number'),
    deductibleInputVat: p.bigint('number'),
    uncoveredReimbursements: p.bigint('number'),
    mileageAllowance: p.bigint('number'),
    grossSalary: p.bigint('number'),
    /** The part of `grossSalary` that is vacation pay (docs/product/payments.md#vacation-pay). */
    vacationPayAmount: p.bigint('number'),
    vacationPayRate: p.decimal().precision(7).scale(4),
    /** Vacation pay set aside instead of paid (0 or `vacationPayAmount`), and the employer contributions with it. */
    savedVacationPayAmount: p.bigint('number').default(0),
    savedVacationPaySocialFee: p.bigint('number').default(0),
    /** The `vacation_pay` payout that holds the saved vacation pay; null while it is saved. */
    vacationPayPayoutId: p.uuid().nullable(),
    socialFeeAmount: p.bigint('number'),
    pensionAmount: p.bigint('number'),
    pensionTaxAmount: p.bigint('number'),
    incomeTaxAmount: p.bigint('number'),
    netSalary: p.bigint('number'),
    payoutAmount: p.bigint('number'),
    feeRate: p.decimal().precision(7).scale(4),
    incomeTaxRate: p.decimal().precision(7).scale(4),
    pensionRate: p.decimal().precision(7).scale(4),
    pensionSpecialPayrollTaxRate: p.decimal().precision(7).scale(4),
    employerContributionRate: p.decimal().precision(7).scale(4),
    employerContributionRateAboveCap: p.decimal().precision(7).scale(4).nullable(),
    employerContributionCategory: p.string().length(24),
    employerContributionRulesValidFrom: p.string().columnType('date'),
    employerContributionBases: p.json<{ rate: string; salary: number }[]>(),
    salaryAlreadyPaidThisMonth: p.bigint('number'),
    exchangeRateCurrency: p.string().columnType('char(3)').nullable(),
    exchangeRateDate: p.string().columnType('date').nullable(),
    exchangeRateSekPerUnit: p.decimal().precision(20).scale(10).nullable(),
    campaignCode: p.string().length(40).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type SalaryItem = InferEntity<typeof SalaryItem>;

export type PayoutKind = 'monthly' | 'immediate' | 'manual' | 'vacation_pay';

export const Payout = defineEntity({
  name: 'Payout',
  tableName: 'payout',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    /** Generated by the database (identity); the payout's reference is `P-<number>`. */
    number: p.bigint('number').persist(false),
    ownerId: p.uuid(),
    kind: p.string().length(16).$type<PayoutKind>(),
    status: p.string().length(24).$type<PayoutState>(),
    executionDate: p.string().columnType('date'),
    amount: p.bigint('number'),
    itemCount: p.integer(),
    batchId: p.uuid().nullable(),
    endToEndId: p.string().length(35).unique(),
    creditorName: p.string().length(140).nullable(),
    accountMasked: p.string().length(60).nullable(),
    statusReason: p.string().length(200).nullable(),
    notifiedAt: p.datetime().nullable(),
    idempotencyKey: p.string().length(100).nullable(),
    /** A `vacation_pay` payout: the saved vacation pay it pays (gross), the tax of its day, the contributions due. */
    grossAmount: p.bigint('number').nullable(),
    incomeTaxRate: p.decimal().precision(7).scale(4).nullable(),
    incomeTaxAmount: p.bigint('number').nullable(),
    socialFeeAmount: p.bigint('number').nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export type Payout = InferEntity<typeof Payout>;

export const PayoutBatch = defineEntity({
  name: 'PayoutBatch',
  tableName: 'payout_batch',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    executionDate: p.string().columnType('date').unique(),
    messageId: p.string().length(35).unique(),
    storageKey: p.string().length(300),
    sha256: p.string().columnType('char(64)'),
    sizeBytes: p.integer(),
    numberOfTransactions: p.integer(),
    controlSum: p.bigint('number'),
    createdBy: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type PayoutBatch = InferEntity<typeof PayoutBatch>;

export const PaymentStatusReport = defineEntity({
  name: 'PaymentStatusReport',
  tableName: 'payment_status_report',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    messageId: p.string().length(35).unique(),
    originalMessageId: p.string().length(35),
    batchId: p.uuid(),
    sha256: p.string().columnType('char(64)'),
    storageKey: p.string().length(300),
    groupStatus: p.string().length(4).nullable(),
    result: p.json<Record<string, unknown>>(),
    importedBy: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type PaymentStatusReport = InferEntity<typeof PaymentStatusReport>;

export const paymentEntities = [
  BgMaxImportRecord,
  IncomingPayment,
  SalaryItem,
  Payout,
  PayoutBatch,
  PaymentStatusReport,
];
