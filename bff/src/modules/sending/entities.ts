// The sending module's tables as MikroORM entities (the schema lives in Migration20261123210000Sending).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { InvoiceDocument } from '../../domain/invoice-document.ts';

export type DocumentKind = 'invoice' | 'credit_note';
export type DeliveryChannel = 'email' | 'e_invoice';
export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** A document that left (or is leaving): the invoice or its credit note, frozen as sent. */
export const OutgoingDocument = defineEntity({
  name: 'OutgoingDocument',
  tableName: 'outgoing_document',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    invoiceId: p.uuid(),
    ownerId: p.uuid(),
    kind: p.string().length(12).$type<DocumentKind>(),
    number: p.bigint('number'),
    issueDate: p.string().columnType('date'),
    channel: p.string().length(10).$type<DeliveryChannel>(),
    snapshot: p.json<InvoiceDocument>(),
    /** The e-invoice as first delivered or downloaded, made from the snapshot (DocumentDelivery.ubl); null until then. */
    ubl: p.text().nullable(),
    pdfKey: p.string().length(300).nullable(),
    recipientEmail: p.string().length(254).nullable(),
    replyTo: p.string().length(254).nullable(),
    /** The freelancer's message to the customer, shown in the email; null without one. */
    message: p.string().length(500).nullable(),
    deliveryState: p.string().length(16).$type<DeliveryState>().default('pending'),
    attempts: p.smallint().default(0),
    deliveryLeaseUntil: p.datetime().nullable(),
    lastError: p.string().length(500).nullable(),
    problemCode: p.smallint().nullable(),
    deliveredAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export type OutgoingDocument = InferEntity<typeof OutgoingDocument>;

export type BlocklistKind = 'email' | 'email_domain' | 'organisation_number' | 'vat_number';

/** Recipients the platform will not invoice (problem 17), kept by an admin. */
export const BlockedRecipient = defineEntity({
  name: 'BlockedRecipient',
  tableName: 'recipient_blocklist',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    kind: p.string().length(24).$type<BlocklistKind>(),
    value: p.string().length(254),
    reason: p.string().length(500).nullable(),
    createdBy: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type BlockedRecipient = InferEntity<typeof BlockedRecipient>;

/**
 * A payment reminder of an unpaid invoice (docs/product/payments.md#payment-reminders): once per invoice and number,
 * with the fee it charged, and its email's delivery, leased like an outgoing document's.
 */
export const InvoiceReminder = defineEntity({
  name: 'InvoiceReminder',
  tableName: 'invoice_reminder',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    invoiceId: p.uuid(),
    ownerId: p.uuid(),
    sequence: p.smallint(),
    /** The Swedish day the reminder was made. */
    sentOn: p.string().columnType('date'),
    currency: p.string().columnType('char(3)'),
    /** What was unpaid of the invoice when it was made (minor units). */
    outstanding: p.bigint('number'),
    fee: p.bigint('number').default(0),
    recipientEmail: p.string().length(254),
    replyTo: p.string().length(254).nullable(),
    /** `cancelled`: the invoice was paid or credited before the email went (it never went). */
    deliveryState: p.string().length(16).$type<DeliveryState | 'cancelled'>().default('pending'),
    attempts: p.smallint().default(0),
    deliveryLeaseUntil: p.datetime().nullable(),
    lastError: p.string().length(500).nullable(),
    deliveredAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export type InvoiceReminder = InferEntity<typeof InvoiceReminder>;

export const sendingEntities = [OutgoingDocument, BlockedRecipient, InvoiceReminder];
