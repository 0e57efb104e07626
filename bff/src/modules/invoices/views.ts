// How invoices and receipts are shown, shaped as the contract declares.
import { datedValueAt } from '../../domain/dated-table.ts';
import { MINIMUM_INVOICE_AMOUNT } from '../../domain/rates.ts';
import type { components } from '@frilo/openapi/types/api';
import { swedishToday } from '../../domain/calendar-date.ts';
import { INVOICE_STATES, isInvoiceEditable, type InvoiceState } from '../../domain/invoice-status.ts';
import { dayPaidInFull, lateInterest, type InterestTerms } from '../../domain/late-payment-interest.ts';
import { nextReminder } from '../../domain/payment-reminders.ts';
import { findLatePaymentInterestRate } from '../../domain/rates.ts';
import type { Receipt } from './entities.ts';
import type { InvoiceLinkValues, InvoiceListRow } from './repository.ts';
import { expenseNets, fromHundredths, type InvoiceDetails, type InvoiceProblem } from './service.ts';

type Schemas = components['schemas'];
export type InvoiceView = Schemas['Invoice'];
export type InvoiceSummaryView = Schemas['InvoiceSummary'];
export type ReceiptView = Schemas['Receipt'];
export type InvoiceProblemsView = Schemas['InvoiceProblems'];

const OUTSTANDING: readonly InvoiceState[] = ['sent', 'partially_paid'];

/** Sent, not paid in full, and the due date is before today (Sweden). */
export function isOverdue(state: InvoiceState, dueDate: string, today: string): boolean {
  return OUTSTANDING.includes(state) && dueDate < today;
}

/** The distinct spec codes among the problems, ascending. */
export function problemCodesOf(problems: readonly InvoiceProblem[]): Schemas['ProblemCode'][] {
  return [...new Set(problems.flatMap((p) => (p.problemCode === null ? [] : [p.problemCode])))].sort((a, b) => a - b);
}

export function problemsView(problems: InvoiceProblem[], editable: boolean, today: string): InvoiceProblemsView {
  return {
    canSend: editable && problems.length === 0,
    problemCodes: problemCodesOf(problems),
    problems,
    minimumAmountExclVat: datedValueAt(MINIMUM_INVOICE_AMOUNT, today),
  };
}

export function invoiceView(details: InvoiceDetails, problems: InvoiceProblem[], today: string): InvoiceView {
  const { invoice, values, totals, recipient, receipts } = details;
  const state = INVOICE_STATES[invoice.state];
  const snapshot = invoice.recipientSnapshot ?? null;
  const nets = expenseNets(values, totals);
  const rowNets = totals.lines.filter((line) => line.kind === 'row').map((line) => line.netAmount);
  const editable = isInvoiceEditable(invoice.state);
  return {
    id: invoice.id,
    number: invoice.number ?? null,
    ocrNumber: invoice.ocrNumber ?? null,
    status: state.status,
    statusName: state.statusName,
    editable,
    recipient: {
      id: recipient.id,
      name: snapshot?.name ?? recipient.name,
      type: snapshot?.type ?? recipient.type,
      reverseVat: snapshot?.reverseVat ?? recipient.reverseVat,
      available: !recipient.deletedAt,
      snapshot,
    },
    reference: values.reference,
    paymentTermsDays: values.paymentTermsDays,
    invoiceDate: values.invoiceDate,
    dueDate: invoice.dueDate,
    overdue: isOverdue(invoice.state, invoice.dueDate, today),
    currency: values.currency,
    rows: values.rows.map((row, i) => ({
      description: row.description,
      unitPrice: row.unitPrice,
      quantity: fromHundredths(row.quantityHundredths),
      unit: row.unit,
      vatPercentage: row.vatPercentage,
      netAmount: rowNets[i]!,
    })),
    expenses: values.expenses.map((expense, i) => {
      const receipt = expense.receiptId ? receipts.get(expense.receiptId) : undefined;
      return {
        type: expense.type,
        description: expense.description,
        amount: expense.amount,
        vatPercentage: expense.vatPercentage,
        receipt: receipt ? receiptRef(receipt) : null,
        mileage: expense.mileage
          ? {
              date: expense.mileage.date,
              from: expense.mileage.from,
              to: expense.mileage.to,
              km: fromHundredths(expense.mileage.kmHundredths),
              purpose: expense.mileage.purpose,
              allowancePer10Km: expense.mileage.ratePer10Km,
              allowanceSek: expense.mileage.allowanceSek,
            }
          : null,
        netAmount: nets[i]!,
      };
    }),
    campaignCode: details.campaignCode,
    campaignCodeEffect: details.campaign
      ? { type: details.campaign.effect, value: Number(details.campaign.value) }
      : null,
    latePaymentInterest: latePaymentInterestOf(values.latePaymentInterest, invoice.dueDate),
    latePaymentInterestStatutory: values.latePaymentInterest === null,
    kind: invoice.kind,
    interestFor: linkView(details.afterSending.interestFor),
    interestInvoice: linkView(details.afterSending.interestInvoice),
    lateInterest: lateInterestView(details, today),
    reminderInterval: values.reminderInterval,
    reminderFee: values.reminderFee,
    reminderFeeCharged: invoice.reminderFeeCharged,
    reminderFeePaid: invoice.reminderFeePaid,
    remindersSent: details.afterSending.reminders.length,
    nextReminder: nextReminderView(details),
    totals: {
      vatBreakdown: totals.vatBreakdown.map((entry) => ({ ...entry })),
      totalExclVat: totals.totalExclVat,
      totalVat: totals.totalVat,
      totalInclVat: totals.totalInclVat,
      reinvoicedVatPercentage: totals.reinvoicedVatPercentage,
      reimbursements: { ...totals.reimbursements },
    },
    problemCodes: problemCodesOf(problems),
    canSend: editable && problems.length === 0,
    paidAmount: invoice.paidAmount,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    changesRequested: details.changesRequested
      ? { comment: details.changesRequested.comment, requestedAt: details.changesRequested.requestedAt.toISOString() }
      : null,
    version: invoice.version,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
}

export function invoiceSummaryView(row: InvoiceListRow, today: string): InvoiceSummaryView {
  const state = INVOICE_STATES[row.state];
  return {
    id: row.id,
    number: row.number,
    status: state.status,
    statusName: state.statusName,
    recipient: { id: row.customerId, name: row.recipientName },
    reference: row.reference,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    overdue: isOverdue(row.state, row.dueDate, today),
    currency: row.currency,
    totalExclVat: row.totalExclVat,
    totalVat: row.totalVat,
    totalInclVat: row.totalInclVat,
    paidAmount: row.paidAmount,
    kind: row.kind,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The rate typed on the invoice, or the statutory rate in force on its due date (null while not known yet). */
function latePaymentInterestOf(typed: string | null, dueDate: string): number | null {
  if (typed !== null) return Number(typed);
  const statutory = findLatePaymentInterestRate(dueDate);
  return statutory ? Number(statutory.rate) : null;
}

function linkView(link: InvoiceLinkValues | null): Schemas['InvoiceLink'] | null {
  if (!link) return null;
  const state = INVOICE_STATES[link.state];
  return { id: link.id, number: link.number, status: state.status, statusName: state.statusName };
}

/** The terms the invoice stated (domain/late-payment-interest.ts). */
export function interestTermsOf(latePaymentInterest: string | null): InterestTerms {
  return latePaymentInterest === null ? { kind: 'statutory' } : { kind: 'agreed', percent: latePaymentInterest };
}

/**
 * How late an invoice was or is paid, for its interest: paid in full after its due date (to that day), or still unpaid
 * past it (to today). Null when nothing is late, for interest invoices (no interest on interest) and credited ones.
 */
export function lateness(details: InvoiceDetails, today: string): { until: string; paidInFull: boolean } | null {
  const { invoice, afterSending } = details;
  if (invoice.kind !== 'invoice') return null;
  if (invoice.state === 'paid') {
    const paidOn =
      dayPaidInFull(invoice.totalInclVat, afterSending.payments) ??
      (invoice.paidAt ? swedishToday(invoice.paidAt) : null);
    return paidOn && paidOn > invoice.dueDate ? { until: paidOn, paidInFull: true } : null;
  }
  return isOverdue(invoice.state, invoice.dueDate, today) ? { until: today, paidInFull: false } : null;
}

function lateInterestView(details: InvoiceDetails, today: string): Schemas['LateInterest'] | null {
  const late = lateness(details, today);
  if (!late) return null;
  const { invoice, values, afterSending } = details;
  const result = lateInterest({
    principal: invoice.totalInclVat,
    dueDate: invoice.dueDate,
    payments: afterSending.payments.filter((payment) => payment.day <= late.until),
    until: late.until,
    terms: interestTermsOf(values.latePaymentInterest),
  });
  if (!result.ok) {
    return {
      status: 'rate_unknown',
      amount: null,
      currency: values.currency,
      days: 0,
      until: late.until,
      paidInFull: late.paidInFull,
      rateUnknownFrom: result.firstUnknownDay,
      periods: [],
    };
  }
  return {
    status: 'computed',
    amount: result.amount,
    currency: values.currency,
    days: result.days,
    until: late.until,
    paidInFull: late.paidInFull,
    rateUnknownFrom: null,
    periods: result.periods.map((period) => ({
      from: period.from,
      to: period.to,
      days: period.days,
      balance: period.balance,
      rate: Number(period.ratePercent),
      amount: period.amount,
    })),
  };
}

function nextReminderView(details: InvoiceDetails): Schemas['Invoice']['nextReminder'] {
  const { invoice, values, afterSending } = details;
  if (invoice.kind !== 'invoice' || !OUTSTANDING.includes(invoice.state)) return null;
  const next = nextReminder({
    dueDate: invoice.dueDate,
    interval: values.reminderInterval,
    sent: afterSending.reminders,
  });
  return next ? { sequence: next.sequence, date: next.dueOn } : null;
}

function receiptRef(receipt: Receipt): Schemas['ReceiptRef'] {
  return { id: receipt.id, fileName: receipt.fileName, contentType: receipt.contentType, size: receipt.sizeBytes };
}

export function receiptView(receipt: Receipt): ReceiptView {
  return { ...receiptRef(receipt), sha256: receipt.sha256, createdAt: receipt.createdAt.toISOString() };
}
