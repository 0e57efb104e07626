// What the back office shows, shaped as the contract (openapi/modules/admin.yaml) declares.
import type { components } from '@frilo/openapi/types/api';
import { INVOICE_STATES } from '../../domain/invoice-status.ts';
import type { AuditRecord } from '../../platform/audit/audit-log.ts';
import type { AccountDetails, AccountRef, AccountSummary } from '../auth/public.ts';
import type { BlocklistEntry, EInvoiceRecipient } from '../sending/public.ts';
import {
  campaignCodeState,
  invoiceView,
  type CampaignCode,
  type ExchangeRateRow,
  type ReviewQueueRow,
  type ReviewedInvoice,
} from '../invoices/public.ts';

type Schemas = components['schemas'];

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** An account a list names whose row is gone (never for live data: accounts are not deleted). */
const missing = (id: string): AccountRef => ({ id, email: '', displayName: '' });

export function userSummaryView(user: AccountSummary): Schemas['AdminUserSummary'] {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    governmentId: user.governmentId,
    isAdmin: user.isAdmin,
    legacy: user.legacy,
    emailConfirmedAt: iso(user.emailConfirmedAt),
    disabledAt: iso(user.disabledAt),
    createdAt: user.createdAt.toISOString(),
  };
}

export function userView(user: AccountDetails): Schemas['AdminUser'] {
  return {
    ...userSummaryView(user),
    firstName: user.firstName,
    lastName: user.lastName,
    preferredLocale: user.preferredLocale === 'en' ? 'en' : 'sv',
    phoneNumber: user.phoneNumber,
    address: user.address
      ? {
          id: user.address.id,
          streetName: user.address.streetName,
          postalCode: user.address.postalCode,
          city: user.address.city,
          country: user.address.country,
        }
      : null,
    payoutPreference: user.payoutPreference === 'payout_immediate' ? 'payout_immediate' : 'payout_monthly',
    incomeTaxRate: Number(user.incomeTaxRate),
    pensionRate: Number(user.pensionRate),
    activeSessions: user.activeSessions,
  };
}

export function auditEventView(event: AuditRecord, refs: Map<string, AccountRef>): Schemas['AuditEvent'] {
  const ref = (id: string | null) => (id === null ? null : (refs.get(id) ?? missing(id)));
  return {
    id: event.id,
    createdAt: event.createdAt.toISOString(),
    action: event.action,
    actor: ref(event.actorUserId),
    subject: ref(event.subjectUserId),
    data: event.data,
    ip: event.ip,
  };
}

export function queueItemView(row: ReviewQueueRow, refs: Map<string, AccountRef>): Schemas['ApprovalQueueItem'] {
  return {
    invoiceId: row.invoiceId,
    freelancer: refs.get(row.ownerId) ?? missing(row.ownerId),
    recipientName: row.recipientName,
    reference: row.reference,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    currency: row.currency,
    totalExclVat: row.totalExclVat,
    totalInclVat: row.totalInclVat,
    submittedAt: row.submittedAt.toISOString(),
    earlierRequests: row.earlierRequests,
    version: row.version,
  };
}

export function approvalInvoiceView(
  reviewed: ReviewedInvoice,
  refs: Map<string, AccountRef>,
  today: string,
): Schemas['ApprovalInvoice'] {
  const { details, events } = reviewed;
  const invoice = invoiceView(details, [], today);
  const recipient = details.recipient;
  const address = recipient.address;
  return {
    invoiceId: invoice.id,
    status: invoice.status,
    statusName: invoice.statusName,
    freelancer: refs.get(details.invoice.ownerId) ?? missing(details.invoice.ownerId),
    recipient: {
      id: recipient.id,
      type: recipient.type,
      name: recipient.name,
      email: recipient.email ?? null,
      governmentId: recipient.governmentId ?? null,
      vatNumber: recipient.vatNumber ?? null,
      reverseVat: recipient.reverseVat,
      eInvoice: recipient.eInvoice,
      address: address
        ? {
            streetName: address.streetName,
            postalCode: address.postalCode,
            city: address.city,
            country: address.country,
          }
        : null,
    },
    reference: invoice.reference,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    paymentTermsDays: invoice.paymentTermsDays,
    currency: invoice.currency,
    campaignCode: invoice.campaignCode,
    rows: invoice.rows.map((row) => ({
      description: row.description,
      quantity: row.quantity,
      unit: row.unit,
      unitPrice: row.unitPrice,
      vatPercentage: row.vatPercentage,
      netAmount: row.netAmount,
    })),
    expenses: invoice.expenses.map((expense) => ({
      type: expense.type,
      description: expense.description,
      amount: expense.type === 'mileage' ? (expense.mileage?.allowanceSek ?? 0) : (expense.amount ?? 0),
      netAmount: expense.netAmount,
    })),
    totalExclVat: invoice.totals.totalExclVat,
    totalVat: invoice.totals.totalVat,
    totalInclVat: invoice.totals.totalInclVat,
    history: events.map((event) => ({
      event: event.event,
      fromStatus: event.fromState ? INVOICE_STATES[event.fromState].status : null,
      toStatus: INVOICE_STATES[event.toState].status,
      at: event.createdAt.toISOString(),
      actorType: event.actorType,
      actor: event.actorUserId ? (refs.get(event.actorUserId) ?? missing(event.actorUserId)) : null,
      reason: event.reason ?? null,
    })),
    version: invoice.version,
  };
}

export function exchangeRateView(row: ExchangeRateRow): Schemas['AdminExchangeRate'] {
  return {
    currency: row.currency,
    date: row.date,
    sekPerUnit: row.sekPerUnit,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

export function campaignCodeView(code: CampaignCode, today: string): Schemas['AdminCampaignCode'] {
  return {
    id: code.id,
    code: code.code,
    effect: { type: code.effect, value: Number(code.value) },
    validFrom: code.validFrom,
    validTo: code.validTo ?? null,
    maxUses: code.maxUses ?? null,
    uses: code.uses,
    description: code.description ?? null,
    state: campaignCodeState(code, today),
    createdAt: code.createdAt.toISOString(),
  };
}

export function blocklistEntryView(entry: BlocklistEntry, refs: Map<string, AccountRef>): Schemas['BlocklistEntry'] {
  return {
    id: entry.id,
    kind: entry.kind,
    value: entry.value,
    reason: entry.reason,
    createdBy: entry.createdBy ? (refs.get(entry.createdBy) ?? missing(entry.createdBy)) : null,
    createdAt: entry.createdAt.toISOString(),
    customers: entry.customers,
  };
}

export function eInvoiceRecipientView(
  recipient: EInvoiceRecipient,
  refs: Map<string, AccountRef>,
): Schemas['EInvoiceRecipient'] {
  return {
    customerId: recipient.customerId,
    customerName: recipient.customerName,
    governmentId: recipient.governmentId,
    freelancer: refs.get(recipient.ownerId) ?? missing(recipient.ownerId),
    participantId: recipient.participantId,
    reachable: recipient.reachable,
    acceptedAt: iso(recipient.acceptedAt),
    acceptedBy: recipient.acceptedBy,
    directoryCheckedAt: iso(recipient.directoryCheckedAt),
    unreachableAt: iso(recipient.unreachableAt),
    waitingInvoices: recipient.waitingInvoices,
    oldestWaitingSince: iso(recipient.oldestWaitingSince),
    waitedBankDays: recipient.waitedBankDays,
    waitLimitBankDays: recipient.waitLimitBankDays,
  };
}
