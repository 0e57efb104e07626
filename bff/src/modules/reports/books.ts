// The bookkeeping of a period (docs/product/back-office.md#bookkeeping-export): every document, payment in, salary and
// payout as balanced vouchers on BAS accounts (domain/bookkeeping.ts), and the SIE 4 file of them (domain/sie.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ACCOUNTS,
  clearedReceivable,
  documentVoucher,
  numberVouchers,
  overpaidSek,
  paymentVouchers,
  payoutVouchers,
  salaryVoucher,
  type LedgerVoucher,
  type PaymentForBooks,
} from '../../domain/bookkeeping.ts';
import { paidPartOfItem } from '../../domain/employer-declaration.ts';
import { sieFile } from '../../domain/sie.ts';
import { parseIsoDate } from '../../domain/calendar-date.ts';
import { UnprocessableError, ValidationError } from '../../platform/errors.ts';
import {
  paymentsForReports,
  payoutsInFiles,
  salaryItemsBooked,
  type ReportPayment,
  type ReportPayout,
  type ReportSalaryItem,
} from '../payments/public.ts';
import { invoiceDocumentsOf } from '../sending/public.ts';
import type { ReportsContext } from './context.ts';
import { paidByPayout, storedItem } from './employer-declarations.ts';
import { documentsInSek, inSek, vatDocumentOf } from './vat.ts';

/** A period of days, at most 366 of them. */
export function rangeOf(from: string, to: string): { from: string; to: string } {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (!start || !end)
    throw new ValidationError([{ field: start ? 'to' : 'from', code: 'invalid', message: 'A day YYYY-MM-DD' }]);
  const days =
    (Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(start.year, start.month - 1, start.day)) / 86_400_000;
  if (days < 0 || days > 365)
    throw new UnprocessableError('period_invalid', 'A period from a day to the same or a later day, at most 366 days');
  return { from, to };
}

function paidItem(item: ReportSalaryItem) {
  const paid = paidPartOfItem(storedItem(item));
  return {
    cashGross: paid.cashGross,
    taxWithheld: paid.taxWithheld,
    contributions: paid.contributions,
    reimbursements: item.reimbursements,
  };
}

export type Books = {
  vouchers: LedgerVoucher[];
  payments: ReportPayment[];
  payouts: ReportPayout[];
};

/** Every voucher of [from, to]: built from what is stored, then only those dated in the period. */
export async function booksOf(em: EntityManager, from: string, to: string): Promise<Books> {
  const documents = await documentsInSek(em, from, to);
  const payments = await paymentsForReports(em, from, to);
  const items = await salaryItemsBooked(em, from, to);
  const payouts = await payoutsInFiles(em, from, to);
  const invoiceIds = [...payments.map((p) => p.invoiceId), ...items.map((i) => i.invoiceId)].filter(
    (id): id is string => id !== null,
  );
  const invoices = new Map((await invoiceDocumentsOf(em, invoiceIds)).map((d) => [d.invoiceId, d]));
  const receivables = new Map<string, { sek: number; total: number; number: string }>();
  const receivableOf = (invoiceId: string) => {
    let known = receivables.get(invoiceId);
    if (!known) {
      const document = invoices.get(invoiceId);
      if (!document) throw new Error(`No sent document of invoice ${invoiceId}`);
      const sek = inSek(vatDocumentOf(document));
      known = { sek: sek.total, total: document.snapshot.totals.payableMinor, number: document.number };
      receivables.set(invoiceId, known);
    }
    return known;
  };

  const vouchers: LedgerVoucher[] = documents.map(documentVoucher);
  for (const p of payments) {
    let settlement: PaymentForBooks['settlement'] = null;
    if (p.status === 'matched' && p.invoiceId && p.kind === 'payment') {
      const invoice = receivableOf(p.invoiceId);
      settlement = {
        date: p.matchedOn ?? p.paymentDate,
        matchedOnArrival: p.source === 'manual' || p.matchMethod !== 'manual',
        invoiceNumber: invoice.number,
        clearedSek: clearedReceivable(invoice.sek, invoice.total, p.appliedBefore, p.appliedAmount),
        overpaidSek: overpaidSek(p.sekAmount, p.appliedAmount, p.overpaidAmount),
      };
    }
    vouchers.push(
      ...paymentVouchers({
        paymentId: p.id,
        kind: p.kind,
        paymentDate: p.paymentDate,
        sekAmount: p.sekAmount,
        reference: p.reference,
        settlement,
      }),
    );
  }
  for (const item of items) {
    vouchers.push(
      salaryVoucher({
        salaryItemId: item.id,
        invoiceNumber: invoices.get(item.invoiceId)?.number ?? '?',
        bookedOn: item.registeredOn,
        commissionAmount: item.commissionAmount,
        grossSalary: item.grossSalary,
        vacationPayAmount: item.vacationPayAmount,
        savedVacationPayAmount: item.savedVacationPayAmount,
        savedVacationPaySocialFee: item.savedVacationPaySocialFee,
        socialFeeAmount: item.socialFeeAmount,
        pensionAmount: item.pensionAmount,
        pensionTaxAmount: item.pensionTaxAmount,
        reimbursements: item.reimbursements,
        deductibleInputVat: item.deductibleInputVat,
        mileageAllowance: item.mileageAllowance,
      }),
    );
  }
  for (const payout of payouts) {
    vouchers.push(
      ...payoutVouchers({
        payoutId: payout.id,
        payoutNumber: payout.number,
        executionDate: payout.executionDate,
        amount: payout.amount,
        items: payout.vacationPay ? [] : payout.items.map(paidItem),
        vacationPay: payout.vacationPay && {
          grossAmount: paidByPayout(payout).cashGross,
          taxWithheld: payout.vacationPay.incomeTaxAmount,
          contributions: payout.vacationPay.socialFeeAmount,
        },
        deniedOn: payout.deniedOn,
      }),
    );
  }
  return { vouchers: vouchers.filter((v) => v.date >= from && v.date <= to), payments, payouts };
}

export const ACCOUNT_NAMES: ReadonlyMap<string, string> = new Map(
  Object.values(ACCOUNTS).map((a) => [a.number, a.name]),
);

/** The SIE 4 file of the period's vouchers. */
export async function bookkeepingFile(
  em: EntityManager,
  context: ReportsContext,
  fromText: string,
  toText: string,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { from, to } = rangeOf(fromText, toText);
  const { vouchers } = await booksOf(em, from, to);
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  const years = [];
  for (let year = first; year <= last; year++)
    years.push({ index: year - last, from: `${year}-01-01`, to: `${year}-12-31` });
  const bytes = sieFile({
    programName: context.config.brandName,
    programVersion: '1',
    generatedOn: context.today(),
    companyName: context.config.seller.name,
    organisationNumber: context.config.seller.organisationNumber,
    fiscalYears: years,
    accounts: Object.values(ACCOUNTS),
    vouchers: numberVouchers(vouchers).map((v) => ({
      series: v.series,
      number: v.number,
      date: v.date,
      text: v.text,
      transactions: v.transactions,
    })),
  });
  return { bytes, fileName: `bokforing-${from}-${to}.si` };
}
