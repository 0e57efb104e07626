// How invoices and receipts are shown, shaped as the contract declares.
import { datedValueAt } from '../../domain/dated-table.ts';
import { MINIMUM_INVOICE_AMOUNT } from '../../domain/rates.ts';
import type { components } from '@frilo/openapi/types/api';
import { INVOICE_STATES, isInvoiceEditable, type InvoiceState } from '../../domain/invoice-status.ts';
import type { Receipt } from './entities.ts';
import type { InvoiceListRow } from './repository.ts';
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
    latePaymentInterest: Number(values.latePaymentInterest),
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
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function receiptRef(receipt: Receipt): Schemas['ReceiptRef'] {
  return { id: receipt.id, fileName: receipt.fileName, contentType: receipt.contentType, size: receipt.sizeBytes };
}

export function receiptView(receipt: Receipt): ReceiptView {
  return { ...receiptRef(receipt), sha256: receipt.sha256, createdAt: receipt.createdAt.toISOString() };
}
