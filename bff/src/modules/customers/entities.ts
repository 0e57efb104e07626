// The customers module's tables as MikroORM entities (the schema lives in Migration20261121100000Customers).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CustomerType, InvoiceLanguage } from '../../domain/customer-details.ts';

export const CustomerAddress = defineEntity({
  name: 'CustomerAddress',
  embeddable: true,
  properties: {
    streetName: p.string().length(200),
    postalCode: p.string().length(20),
    city: p.string().length(100),
    /** ISO 3166-1 alpha-2, upper case. */
    country: p.string().length(2),
  },
});

/** An invoice recipient of one freelancer (the owner). Soft-deleted: invoices keep referring to it. */
export const Customer = defineEntity({
  name: 'Customer',
  tableName: 'customer',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    /** The freelancer (`app_user.id`); kept as a plain id so this module does not load the auth module's entity. */
    ownerId: p.uuid(),
    type: p.string().length(20).$type<CustomerType>(),
    name: p.string().length(200),
    /** Normalised: `YYYYMMDDNNNC`, `NNNNNN-NNNN`, or a foreign registration number as given. */
    governmentId: p.string().length(40).nullable(),
    vatNumber: p.string().length(40).nullable(),
    contactPersonEmail: p.string().length(254),
    /** Where invoices are emailed; may be missing until the first invoice is sent. */
    email: p.string().length(254).nullable(),
    invoiceLanguage: p.string().length(2).$type<InvoiceLanguage>(),
    reverseVat: p.boolean().default(false),
    eInvoice: p.boolean().default(false),
    address: p.embedded(CustomerAddress).prefix('address_'),
    verifiedAt: p.datetime().nullable(),
    /** The contact email that confirmed the details. */
    verifiedEmail: p.string().length(254).nullable(),
    /** Set by the invoices module when the first invoice is sent: the government id may no longer change. */
    governmentIdLockedAt: p.datetime().nullable(),
    /** Set by the e-invoicing integration when the customer accepts e-invoices. */
    eInvoiceConnectedAt: p.datetime().nullable(),
    /** The Peppol participant id (`scheme:id`) the customer was found reachable at. */
    eInvoiceParticipantId: p.string().length(60).nullable(),
    /** Who said so: the Peppol Directory or an admin. */
    eInvoiceAcceptedBy: p.string().length(10).$type<'directory' | 'admin'>().nullable(),
    /** When the directory last did not list the customer (it is asked again after PEPPOL_DIRECTORY_RECHECK_MINUTES). */
    eInvoiceDirectoryCheckedAt: p.datetime().nullable(),
    /** An admin said the customer is not reachable on Peppol; the directory does not overrule that. */
    eInvoiceUnreachableAt: p.datetime().nullable(),
    /** Optimistic lock: MikroORM adds `where version = ?` to every update and increments it. */
    version: p.integer().version(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
    deletedAt: p.datetime().nullable(),
  },
});
export type Customer = InferEntity<typeof Customer>;

/** A customer's stored values as plain data: what views read, from a loaded entity or straight from a list row. */
export interface CustomerRecord {
  id: string;
  ownerId: string;
  type: CustomerType;
  name: string;
  governmentId?: string | null | undefined;
  vatNumber?: string | null | undefined;
  contactPersonEmail: string;
  email?: string | null | undefined;
  invoiceLanguage: InvoiceLanguage;
  reverseVat: boolean;
  eInvoice: boolean;
  address: { streetName: string; postalCode: string; city: string; country: string };
  verifiedAt?: Date | null | undefined;
  verifiedEmail?: string | null | undefined;
  governmentIdLockedAt?: Date | null | undefined;
  eInvoiceConnectedAt?: Date | null | undefined;
  eInvoiceParticipantId?: string | null | undefined;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt?: Date | null | undefined;
}

/** A verification link sent to a customer's contact; only the SHA-256 of its nonce is stored. */
export const CustomerVerification = defineEntity({
  name: 'CustomerVerification',
  tableName: 'customer_verification',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    customerId: p.uuid(),
    nonceHash: p.string().length(64).unique(),
    sentTo: p.string().length(254),
    requestedByUserId: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    /** A newer link replaced this one, or the customer was deleted. */
    supersededAt: p.datetime().nullable(),
  },
});
export type CustomerVerification = InferEntity<typeof CustomerVerification>;

export const customerEntities = [CustomerAddress, Customer, CustomerVerification];
