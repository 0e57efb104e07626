// The platform's bookkeeping of the money chain as balanced vouchers on BAS accounts (the account plan is documented in
// docs/product/back-office.md#the-account-plan; decision 0037 says why it is built this way). Pure: each builder takes
// what was stored (a sent document in SEK, a payment, a salary item, a payout) and returns the voucher's
// transactions; the reports module numbers them and writes the SIE file (sie.ts).
//
// The platform is the legal seller and the employer (the gross model): the invoice's whole amount is its sales, the
// freelancer's salary, contributions, pension and reimbursements its costs, and the fee is what remains (shown in the
// salary voucher's text; it has no account of its own, since it is a margin, not a transaction).
import type { DocumentInSek, SalesBox } from './vat-return.ts';
import { apportion } from './employer-declaration.ts';
import { toMinorUnits } from './money.ts';
import { ratio } from './exact-decimal.ts';

/** The BAS accounts the vouchers use, with their names (BAS kontoplan). */
export const ACCOUNTS = {
  receivables: { number: '1510', name: 'Kundfordringar' },
  bank: { number: '1930', name: 'Företagskonto/checkkonto/affärskonto' },
  pensionPayrollTax: { number: '2514', name: 'Beräknad särskild löneskatt på pensionskostnader' },
  outputVat25: { number: '2611', name: 'Utgående moms på försäljning inom Sverige, 25 %' },
  outputVat12: { number: '2621', name: 'Utgående moms på försäljning inom Sverige, 12 %' },
  outputVat6: { number: '2631', name: 'Utgående moms på försäljning inom Sverige, 6 %' },
  inputVat: { number: '2641', name: 'Debiterad ingående moms' },
  withheldTax: { number: '2710', name: 'Personalskatt' },
  employerContributions: { number: '2731', name: 'Avräkning lagstadgade sociala avgifter' },
  pensionPremiums: { number: '2740', name: 'Avtalade sociala avgifter' },
  salariesOwed: { number: '2821', name: 'Löneskulder' },
  reimbursementsOwed: { number: '2829', name: 'Övriga kortfristiga skulder till anställda' },
  unidentifiedPayments: { number: '2890', name: 'Övriga kortfristiga skulder' },
  vacationPayLiability: { number: '2920', name: 'Upplupna semesterlöner' },
  accruedContributions: { number: '2940', name: 'Upplupna lagstadgade sociala och andra avgifter' },
  sales25: { number: '3001', name: 'Försäljning inom Sverige, 25 % moms' },
  sales12: { number: '3002', name: 'Försäljning inom Sverige, 12 % moms' },
  sales6: { number: '3003', name: 'Försäljning inom Sverige, 6 % moms' },
  salesExempt: { number: '3004', name: 'Försäljning inom Sverige, momsfri' },
  goodsOutsideEu: { number: '3105', name: 'Försäljning varor till land utanför EU' },
  domesticReverseCharge: { number: '3231', name: 'Försäljning inom byggsektorn, omvänd betalningsskyldighet moms' },
  servicesOutsideEu: { number: '3305', name: 'Försäljning tjänster till land utanför EU' },
  servicesEu: { number: '3308', name: 'Försäljning tjänster till annat EU-land' },
  exchangeGains: { number: '3960', name: 'Valutakursvinster på fordringar och skulder av rörelsekaraktär' },
  reimbursedExpenses: { number: '6991', name: 'Övriga externa kostnader, avdragsgilla' },
  salaries: { number: '7210', name: 'Löner till tjänstemän' },
  vacationPay: { number: '7285', name: 'Semesterlöner till tjänstemän' },
  vacationPayProvision: { number: '7290', name: 'Förändring av semesterlöneskuld' },
  mileage: { number: '7331', name: 'Skattefria bilersättningar' },
  pension: { number: '7412', name: 'Premier för individuella pensionsförsäkringar' },
  contributions: { number: '7510', name: 'Arbetsgivaravgifter' },
  vacationPayContributions: { number: '7519', name: 'Sociala avgifter för semester- och löneskulder' },
  pensionTax: { number: '7533', name: 'Särskild löneskatt för pensionskostnader' },
  exchangeLosses: { number: '7960', name: 'Valutakursförluster på fordringar och skulder av rörelsekaraktär' },
} as const;

export type AccountKey = keyof typeof ACCOUNTS;

export type VoucherKind =
  | 'invoice'
  | 'credit_note'
  | 'payment'
  | 'payment_matched'
  | 'deduction'
  | 'salary'
  | 'payout'
  | 'payout_denied';

/** The voucher series per kind: A sales, B payments in, C salaries, D payouts. */
export const SERIES: Readonly<Record<VoucherKind, string>> = {
  invoice: 'A',
  credit_note: 'A',
  payment: 'B',
  payment_matched: 'B',
  deduction: 'B',
  salary: 'C',
  payout: 'D',
  payout_denied: 'D',
};

export type Transaction = { readonly account: string; readonly amount: number };

export type LedgerVoucher = {
  readonly kind: VoucherKind;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** Orders vouchers of one day and series (a document number, a payment id…). */
  readonly sortKey: string;
  /** What the voucher is about, for the screen's links (`invoice:…`, `payment:…`, `salary_item:…`, `payout:…`). */
  readonly reference: string;
  readonly text: string;
  readonly transactions: readonly Transaction[];
};

function tx(entries: readonly (readonly [AccountKey, number])[]): Transaction[] {
  const byAccount = new Map<string, number>();
  for (const [key, amount] of entries) {
    const account = ACCOUNTS[key].number;
    byAccount.set(account, (byAccount.get(account) ?? 0) + amount);
  }
  return [...byAccount.entries()]
    .filter(([, amount]) => amount !== 0)
    .map(([account, amount]) => ({ account, amount }));
}

function voucher(v: Omit<LedgerVoucher, 'transactions'> & { entries: readonly (readonly [AccountKey, number])[] }) {
  const transactions = tx(v.entries);
  if (transactions.reduce((sum, t) => sum + t.amount, 0) !== 0) {
    throw new RangeError(`The ${v.kind} voucher ${v.reference} does not balance`);
  }
  return { kind: v.kind, date: v.date, sortKey: v.sortKey, reference: v.reference, text: v.text, transactions };
}

/** The sales account of a sales box (and a VAT rate for box 05). */
export function salesAccount(box: SalesBox, percent: number): AccountKey {
  switch (box) {
    case '05':
      return percent === 25 ? 'sales25' : percent === 12 ? 'sales12' : 'sales6';
    case '42':
      return 'salesExempt';
    case '39':
      return 'servicesEu';
    case '40':
      return 'servicesOutsideEu';
    case '41':
      return 'domesticReverseCharge';
    case '36':
      return 'goodsOutsideEu';
  }
}

const VAT_ACCOUNT: Readonly<Record<'10' | '11' | '12', AccountKey>> = {
  '10': 'outputVat25',
  '11': 'outputVat12',
  '12': 'outputVat6',
};

/** An invoice or credit note: the receivable against sales per VAT case and output VAT (a credit note mirrored). */
export function documentVoucher(document: DocumentInSek): LedgerVoucher {
  const d = document.document;
  const entries: [AccountKey, number][] = [['receivables', document.total]];
  for (const part of document.parts) {
    entries.push([salesAccount(part.salesBox, part.percent), -part.taxable]);
    if (part.vatBox) entries.push([VAT_ACCOUNT[part.vatBox], -part.vat]);
  }
  const foreign = document.rate ? ` ${d.currency} ${document.rate.sekPerUnit}` : '';
  return voucher({
    kind: d.kind,
    date: d.issueDate,
    sortKey: d.number.padStart(12, '0'),
    reference: `invoice:${d.invoiceId}`,
    text:
      d.kind === 'invoice'
        ? `Faktura ${d.number} ${d.buyer.name}${foreign}`
        : `Kreditfaktura ${d.number} ${d.buyer.name}${foreign}`,
    entries,
  });
}

/**
 * The share of an invoice's receivable (SEK, as booked from its document) that a payment clears: cumulative, so the
 * payments of an invoice clear exactly its receivable when it is paid in full whatever the split:
 * round(R × (before + applied) / T) − round(R × before / T), with T the invoice's total in its own currency.
 */
export function clearedReceivable(receivableSek: number, invoiceTotal: number, paidBefore: number, applied: number) {
  if (invoiceTotal <= 0) return 0;
  const share = (paid: number) => toMinorUnits(ratio(BigInt(receivableSek) * BigInt(paid), invoiceTotal));
  return share(paidBefore + applied) - share(paidBefore);
}

export type PaymentForBooks = {
  readonly paymentId: string;
  readonly kind: 'payment' | 'deduction';
  /** The bank day: when the money reached (or left) the account. */
  readonly paymentDate: string;
  /** SEK öre that reached the account. */
  readonly sekAmount: number;
  readonly reference: string | null;
  /** How it was settled against an invoice, or null while it is not (or it is a deduction). */
  readonly settlement: {
    /** The day it was matched: the payment day when it was matched on arrival, else the day an admin matched it. */
    readonly date: string;
    readonly matchedOnArrival: boolean;
    readonly invoiceNumber: string;
    /** SEK öre of the receivable it cleared (clearedReceivable) and of its overpayment. */
    readonly clearedSek: number;
    readonly overpaidSek: number;
  } | null;
};

function settlementEntries(p: PaymentForBooks, from: AccountKey): [AccountKey, number][] {
  const s = p.settlement!;
  const difference = p.sekAmount - s.clearedSek - s.overpaidSek;
  return [
    [from, p.sekAmount],
    ['receivables', -(s.clearedSek + s.overpaidSek)],
    difference > 0 ? ['exchangeGains', -difference] : ['exchangeLosses', -difference],
  ];
}

/**
 * A payment in: the bank against the receivable (an overpayment stays on the customer's receivable, owed back; a
 * foreign payment's difference from the receivable it cleared is an exchange gain or loss). A payment not matched on
 * arrival waits on 2890 (unidentified payments) and its match is a voucher of its own on the day it was matched. A
 * deduction (BgMax record 21) takes money out of the deposit.
 */
export function paymentVouchers(p: PaymentForBooks): LedgerVoucher[] {
  const ref = `payment:${p.paymentId}`;
  const what = p.reference ? ` ${p.reference}` : '';
  if (p.kind === 'deduction') {
    return [
      voucher({
        kind: 'deduction',
        date: p.paymentDate,
        sortKey: p.paymentId,
        reference: ref,
        text: `Avdrag bankgiro${what}`,
        entries: [
          ['unidentifiedPayments', p.sekAmount],
          ['bank', -p.sekAmount],
        ],
      }),
    ];
  }
  const s = p.settlement;
  if (s?.matchedOnArrival) {
    return [
      voucher({
        kind: 'payment',
        date: p.paymentDate,
        sortKey: p.paymentId,
        reference: ref,
        text: `Inbetalning faktura ${s.invoiceNumber}${what}`,
        entries: [...settlementEntries(p, 'bank')],
      }),
    ];
  }
  const arrival = voucher({
    kind: 'payment',
    date: p.paymentDate,
    sortKey: p.paymentId,
    reference: ref,
    text: `Inbetalning ej matchad${what}`,
    entries: [
      ['bank', p.sekAmount],
      ['unidentifiedPayments', -p.sekAmount],
    ],
  });
  if (!s) return [arrival];
  return [
    arrival,
    voucher({
      kind: 'payment_matched',
      date: s.date < p.paymentDate ? p.paymentDate : s.date,
      sortKey: p.paymentId,
      reference: ref,
      text: `Inbetalning matchad mot faktura ${s.invoiceNumber}${what}`,
      entries: settlementEntries(p, 'unidentifiedPayments'),
    }),
  ];
}

/** What a salary item stored, as the books need it (SEK öre). */
export type SalaryItemForBooks = {
  readonly salaryItemId: string;
  readonly invoiceNumber: string;
  /** The Swedish day the salary was booked (the payment registered). */
  readonly bookedOn: string;
  readonly commissionAmount: number;
  readonly grossSalary: number;
  /** The part of the gross that is vacation pay (0 before vacation pay existed). */
  readonly vacationPayAmount: number;
  /** Saved instead of paid (0 or the vacation pay), and the contributions set aside with it. */
  readonly savedVacationPayAmount: number;
  readonly savedVacationPaySocialFee: number;
  readonly socialFeeAmount: number;
  readonly pensionAmount: number;
  readonly pensionTaxAmount: number;
  readonly reimbursements: number;
  readonly deductibleInputVat: number;
  readonly mileageAllowance: number;
};

function kronorText(ore: number): string {
  const abs = Math.abs(ore);
  const kr = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${ore < 0 ? '-' : ''}${kr},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A salary booked (the customer's payment registered): its costs against what is owed. The gross salary is owed to
 * the freelancer (2821) until its payout, where the tax is withheld; saved vacation pay is a provision (7290 / 2920)
 * until its own payout; the employer contributions accrue (2940) and become due to Skatteverket in the month they are
 * paid out with the salary (2731); the pension premium and its special payroll tax are owed to the insurer and to
 * Skatteverket; the reimbursements are owed tax-free (2829), the receipts' VAT deducted as input VAT (2641).
 */
export function salaryVoucher(item: SalaryItemForBooks): LedgerVoucher {
  const paidVacationPay = item.vacationPayAmount - item.savedVacationPayAmount;
  const salary = item.grossSalary - item.vacationPayAmount;
  const mileage = Math.min(item.mileageAllowance, item.reimbursements);
  return voucher({
    kind: 'salary',
    date: item.bookedOn,
    sortKey: item.salaryItemId,
    reference: `salary_item:${item.salaryItemId}`,
    text: `Lön faktura ${item.invoiceNumber} (arvode ${kronorText(item.commissionAmount)})`,
    entries: [
      ['salaries', salary],
      ['vacationPay', paidVacationPay],
      ['vacationPayProvision', item.savedVacationPayAmount],
      ['contributions', item.socialFeeAmount - item.savedVacationPaySocialFee],
      ['vacationPayContributions', item.savedVacationPaySocialFee],
      ['pension', item.pensionAmount],
      ['pensionTax', item.pensionTaxAmount],
      ['reimbursedExpenses', item.reimbursements - item.deductibleInputVat - mileage],
      ['inputVat', item.deductibleInputVat],
      ['mileage', mileage],
      ['salariesOwed', -(item.grossSalary - item.savedVacationPayAmount)],
      ['vacationPayLiability', -item.savedVacationPayAmount],
      ['accruedContributions', -item.socialFeeAmount],
      ['pensionPremiums', -item.pensionAmount],
      ['pensionPayrollTax', -item.pensionTaxAmount],
      ['reimbursementsOwed', -item.reimbursements],
    ],
  });
}

/** One salary item as a payout pays it (SEK öre). */
export type PaidItemForBooks = {
  /** Gross paid now: the gross less saved vacation pay. */
  readonly cashGross: number;
  readonly taxWithheld: number;
  /** Contributions due with it: the item's less those set aside with saved vacation pay. */
  readonly contributions: number;
  readonly reimbursements: number;
};

export type PayoutForBooks = {
  readonly payoutId: string;
  readonly payoutNumber: number;
  readonly executionDate: string;
  readonly amount: number;
  readonly items: readonly PaidItemForBooks[];
  /**
   * A payout of saved vacation pay (kind `vacation_pay`): its gross, the tax it withheld and the contributions set
   * aside with the vacation pay, as the payout stored them; `items` is then empty. Null for a salary payout.
   */
  readonly vacationPay?: {
    readonly grossAmount: number;
    readonly taxWithheld: number;
    readonly contributions: number;
  } | null;
  /** The day it was denied (failed_after_complete), or null. */
  readonly deniedOn: string | null;
};

function payoutEntries(p: PayoutForBooks, sign: 1 | -1): [AccountKey, number][] {
  if (p.vacationPay) {
    // The provision is released: the vacation pay owed (2920) is paid, its tax withheld, and the contributions set
    // aside with it (2940) become due to Skatteverket (2731) in the month it is paid out.
    const v = p.vacationPay;
    if (v.grossAmount - v.taxWithheld !== p.amount || p.items.length > 0)
      throw new RangeError(
        `Payout P-${p.payoutNumber}: vacation pay ${v.grossAmount - v.taxWithheld}, the payout ${p.amount}`,
      );
    return [
      ['vacationPayLiability', sign * v.grossAmount],
      ['accruedContributions', sign * v.contributions],
      ['withheldTax', -sign * v.taxWithheld],
      ['employerContributions', -sign * v.contributions],
      ['bank', -sign * p.amount],
    ];
  }
  const sum = (key: keyof PaidItemForBooks) => p.items.reduce((s, i) => s + i[key], 0);
  const net = sum('cashGross') - sum('taxWithheld') + sum('reimbursements');
  if (net !== p.amount)
    throw new RangeError(`Payout P-${p.payoutNumber}: its items pay ${net}, the payout ${p.amount}`);
  return [
    ['salariesOwed', sign * sum('cashGross')],
    ['reimbursementsOwed', sign * sum('reimbursements')],
    ['accruedContributions', sign * sum('contributions')],
    ['withheldTax', -sign * sum('taxWithheld')],
    ['employerContributions', -sign * sum('contributions')],
    ['bank', -sign * p.amount],
  ];
}

/**
 * A payout in a file (its bank day): the salary owed is paid from the bank, the tax withheld becomes owed to
 * Skatteverket (2710) and so do the contributions of the salary paid (2940 → 2731: the month the declaration reports
 * them). A payout of saved vacation pay releases the provision the same way (2920, and 2940 → 2731 for the
 * contributions set aside with it). A payout denied by the bank is reversed on the day of the denial (never before its
 * bank day): the salary (or the vacation pay) is owed again and leaves with a later payout.
 */
export function payoutVouchers(p: PayoutForBooks): LedgerVoucher[] {
  const ref = `payout:${p.payoutId}`;
  const paid = voucher({
    kind: 'payout',
    date: p.executionDate,
    sortKey: String(p.payoutNumber).padStart(12, '0'),
    reference: ref,
    text: `${p.vacationPay ? 'Utbetalning sparad semesterersättning' : 'Löneutbetalning'} P-${p.payoutNumber}`,
    entries: payoutEntries(p, 1),
  });
  if (!p.deniedOn) return [paid];
  return [
    paid,
    voucher({
      kind: 'payout_denied',
      date: p.deniedOn < p.executionDate ? p.executionDate : p.deniedOn,
      sortKey: String(p.payoutNumber).padStart(12, '0'),
      reference: ref,
      text: `${p.vacationPay ? 'Utbetalning sparad semesterersättning' : 'Löneutbetalning'} P-${p.payoutNumber} nekad av banken`,
      entries: payoutEntries(p, -1),
    }),
  ];
}

export type NumberedVoucher = LedgerVoucher & { readonly series: string; readonly number: number };

/** Numbers the vouchers 1, 2, 3… per series in date order (then the sort key), as the SIE file lists them. */
export function numberVouchers(vouchers: readonly LedgerVoucher[]): NumberedVoucher[] {
  const sorted = [...vouchers].sort(
    (a, b) =>
      SERIES[a.kind].localeCompare(SERIES[b.kind]) ||
      a.date.localeCompare(b.date) ||
      a.sortKey.localeCompare(b.sortKey) ||
      a.kind.localeCompare(b.kind),
  );
  const next = new Map<string, number>();
  return sorted.map((v) => {
    const series = SERIES[v.kind];
    const number = (next.get(series) ?? 0) + 1;
    next.set(series, number);
    return { ...v, series, number };
  });
}

/** Debits and credits per account over vouchers (öre; credit as a positive number). */
export function accountTotals(vouchers: readonly LedgerVoucher[]): Map<string, { debit: number; credit: number }> {
  const totals = new Map<string, { debit: number; credit: number }>();
  for (const v of vouchers) {
    for (const t of v.transactions) {
      const known = totals.get(t.account) ?? { debit: 0, credit: 0 };
      if (t.amount > 0) known.debit += t.amount;
      else known.credit -= t.amount;
      totals.set(t.account, known);
    }
  }
  return totals;
}

/** The overpayment of a foreign payment in SEK: its share of the SEK that arrived. */
export function overpaidSek(sekAmount: number, applied: number, overpaid: number): number {
  if (overpaid <= 0) return 0;
  return apportion(sekAmount, [applied, overpaid])[1]!;
}
