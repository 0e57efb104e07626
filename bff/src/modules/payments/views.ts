// The payments module's rows as the contract shapes them.
import type { components } from '@frilo/openapi/types/api';
import { INVOICE_STATES } from '../../domain/invoice-status.ts';
import { payoutHoldBody } from '../banking/public.ts';
import type { ImportResult, PayableInvoiceRow, PaymentRow } from './incoming-payments.ts';
import type { BatchRow, HeldAccountRow, PayoutRow, StatusReportOutcome } from './payouts.ts';
import type { PayoutItemRow, SalaryFiguresRow, Summary, TransactionRow } from './salaries.ts';
import type { VacationPayBalance } from './vacation-pay.ts';

type Schemas = components['schemas'];

const iso = (value: string | Date) => new Date(value).toISOString();
const percent = (value: string) => Number(value);

export function payoutView(row: PayoutRow): Schemas['Payout'] {
  return {
    id: row.id,
    userId: row.owner_id,
    reference: `P-${row.number}`,
    kind: row.kind,
    status: row.status,
    executionDate: row.execution_date,
    amount: Number(row.amount),
    itemCount: row.item_count,
    account: row.account_masked,
    batchId: row.batch_id,
    statusReason: row.status_reason,
    vacationPay:
      row.kind === 'vacation_pay' && row.gross_amount !== null
        ? {
            grossAmount: Number(row.gross_amount),
            incomeTaxRate: percent(row.income_tax_rate!),
            incomeTaxAmount: Number(row.income_tax_amount),
            socialFeeAmount: Number(row.social_fee_amount),
          }
        : null,
    createdAt: iso(row.created_at),
  };
}

export function adminPayoutView(
  row: PayoutRow & { owner_name: string; owner_email: string },
  items: PayoutItemRow[],
): Schemas['AdminPayout'] {
  return {
    ...payoutView(row),
    owner: { userId: row.owner_id, name: row.owner_name, email: row.owner_email },
    items: items.map(payoutItemView),
  };
}

export function vacationPayBalanceView(balance: VacationPayBalance): Schemas['VacationPayBalance'] {
  const now = balance.payoutNow;
  return {
    saveVacationPay: balance.saveVacationPay,
    savedAmount: balance.savedAmount,
    itemCount: balance.itemCount,
    payoutNow: now
      ? {
          date: now.date,
          grossAmount: now.grossAmount,
          incomeTaxRate: percent(now.incomeTaxRate),
          incomeTaxAmount: now.incomeTaxAmount,
          netAmount: now.netAmount,
        }
      : null,
    yearlyPayoutDate: balance.yearlyPayoutDate,
    bankDetailsRegistered: balance.bankDetailsRegistered,
    onTheirWay: balance.onTheirWay.map(payoutView),
  };
}

export function transactionView(
  row: TransactionRow,
  ownerName: string,
  expected: string | null,
  brandName: string,
): Schemas['SalaryTransaction'] {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    createdAt: iso(row.created_at),
    date: row.date,
    amount: Number(row.amount),
    currency: 'SEK',
    reference: row.reference,
    from: row.kind === 'salary' ? (row.from_name ?? '') : brandName,
    to: row.kind === 'salary' ? ownerName : row.to_name,
    addressCountry: row.address_country,
    addressCity: row.address_city,
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number === null ? null : Number(row.invoice_number),
    payoutId: row.payout_id,
    expectedPayoutDate: expected,
    payoutDate: row.payout_date,
  };
}

export function salaryFiguresView(row: SalaryFiguresRow): Schemas['SalaryFigures'] {
  return {
    paymentDate: row.payment_date,
    invoicePayment: {
      amount: Number(row.invoice_paid_amount),
      currency: row.invoice_currency as Schemas['Currency'],
    },
    amount: Number(row.amount),
    commissionAmount: Number(row.commission_amount),
    reimbursements: Number(row.reimbursements),
    deductibleInputVat: Number(row.deductible_input_vat),
    uncoveredReimbursements: Number(row.uncovered_reimbursements),
    mileageAllowance: Number(row.mileage_allowance),
    grossSalary: Number(row.gross_salary),
    vacationPayAmount: Number(row.vacation_pay_amount),
    salaryExcludingVacationPay: Number(row.gross_salary) - Number(row.vacation_pay_amount),
    savedVacationPayAmount: Number(row.saved_vacation_pay_amount),
    savedVacationPaySocialFeeAmount: Number(row.saved_vacation_pay_social_fee),
    vacationPayPayoutId: row.vacation_pay_payout_id,
    socialFeeAmount: Number(row.social_fee_amount),
    pensionAmount: Number(row.pension_amount),
    pensionTaxAmount: Number(row.pension_tax_amount),
    incomeTaxAmount: Number(row.income_tax_amount),
    netSalary: Number(row.net_salary),
    payout: Number(row.payout_amount),
    employerContributionCategory:
      row.employer_contribution_category as Schemas['SalaryFigures']['employerContributionCategory'],
    rates: {
      fee: percent(row.fee_rate),
      incomeTax: percent(row.income_tax_rate),
      pension: percent(row.pension_rate),
      pensionSpecialPayrollTax: percent(row.pension_special_payroll_tax_rate),
      vacationPay: percent(row.vacation_pay_rate),
      employerContribution: percent(row.employer_contribution_rate),
      employerContributionAboveCap:
        row.employer_contribution_rate_above_cap === null ? null : percent(row.employer_contribution_rate_above_cap),
    },
    exchangeRate:
      row.exchange_rate_currency && row.exchange_rate_date && row.exchange_rate_sek_per_unit
        ? {
            currency: row.exchange_rate_currency as Schemas['Currency'],
            date: row.exchange_rate_date,
            sekPerUnit: row.exchange_rate_sek_per_unit.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
          }
        : null,
    campaignCode: row.campaign_code,
    salaryAlreadyPaidThisMonth: Number(row.salary_already_paid_this_month),
  };
}

export function payoutItemView(row: PayoutItemRow): Schemas['PayoutItem'] {
  return {
    salaryItemId: row.salary_item_id,
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number === null ? null : Number(row.invoice_number),
    customerName: row.customer_name,
    paymentDate: row.payment_date,
    amount: Number(row.amount),
  };
}

export function summaryView(summary: Summary): Schemas['PayoutSummary'] {
  return {
    ...summary,
    scheduledPayouts: summary.scheduledPayouts.map(payoutView),
    payoutHold: payoutHoldBody(summary.payoutHold),
  };
}

export function heldAccountView(row: HeldAccountRow): Schemas['HeldPayoutAccount'] {
  return { ...row, hold: payoutHoldBody(row.hold)! };
}

export function paymentView(row: PaymentRow): Schemas['IncomingPayment'] {
  return {
    id: row.id,
    source: row.source,
    kind: row.kind,
    status: row.status,
    unmatchedReason: row.status === 'unmatched' ? row.unmatched_reason : null,
    importId: row.import_id,
    paymentDate: row.payment_date,
    amount: { amount: Number(row.amount), currency: row.currency },
    sekAmount: Number(row.sek_amount),
    reference: row.reference,
    informationText: row.information_text,
    payer: {
      name: row.payer.name ?? null,
      city: row.payer.city ?? null,
      country: row.payer.country ?? null,
      organisationNumber: row.payer.organisationNumber ?? null,
    },
    invoice:
      row.invoice_id && row.invoice_state && row.invoice_currency
        ? {
            id: row.invoice_id,
            number: row.invoice_number === null ? null : Number(row.invoice_number),
            status: INVOICE_STATES[row.invoice_state].status,
            statusName: INVOICE_STATES[row.invoice_state].statusName,
            currency: row.invoice_currency,
            totalInclVat: Number(row.invoice_total),
            paidAmount: Number(row.invoice_paid),
          }
        : null,
    matchMethod: row.match_method,
    appliedAmount: Number(row.applied_amount),
    overpaidAmount: Number(row.overpaid_amount),
    feeAmount: Number(row.fee_amount),
    salaryItemId: row.salary_item_id,
    note: row.note,
    registeredBy: row.registered_by,
    createdAt: iso(row.created_at),
  };
}

export function importView(result: ImportResult): Schemas['BgMaxImport'] {
  const { record } = result;
  return {
    id: record.id,
    duplicate: result.duplicate,
    fileName: record.fileName,
    fileTimestamp: record.fileTimestamp,
    test: record.test,
    createdAt: iso(record.createdAt),
    deposits: record.depositCount,
    totalAmount: record.totalAmount,
    counts: result.counts,
    payments: result.payments.map(paymentView),
  };
}

export function payableInvoiceView(row: PayableInvoiceRow): Schemas['PayableInvoice'] {
  const state = INVOICE_STATES[row.state];
  return {
    id: row.id,
    number: row.number === null ? null : Number(row.number),
    ocrNumber: row.ocr_number,
    status: state.status,
    statusName: state.statusName,
    currency: row.currency,
    totalInclVat: Number(row.total_incl_vat),
    paidAmount: Number(row.paid_amount),
    outstanding: Number(row.total_incl_vat) - Number(row.paid_amount),
    customerName: row.customer_name,
    ownerName: row.owner_name,
    ownerEmail: row.owner_email,
    payable: ['sent', 'partially_paid', 'paid'].includes(row.state),
  };
}

export function batchView(row: BatchRow): Schemas['PayoutBatch'] {
  return {
    id: row.id,
    executionDate: row.execution_date,
    messageId: row.message_id,
    numberOfTransactions: row.number_of_transactions,
    controlSum: Number(row.control_sum),
    sha256: row.sha256,
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
    statuses: {
      initiated: row.initiated,
      completed_transaction: row.completed_transaction,
      failed_after_complete: row.failed_after_complete,
    },
  };
}

export function statusReportView(result: StatusReportOutcome): Schemas['PaymentStatusReportResult'] {
  return result;
}
