// The payslip (lönespecifikation) of one payout, in the freelancer's language: the employer (name, organisation number),
// the period, the account paid to (masked); the salary (the salary for the work and the vacation pay that make the
// gross, vacation pay saved, income tax, net), the tax-free reimbursements on top, what was paid out, how the invoices'
// money became that salary (the fee, the reimbursements and the VAT on them the platform gets back, employer
// contributions, pension and its special payroll tax), the invoices it came from, and the year so far. A payout of
// saved vacation pay shows that instead: the vacation pay, its tax and net, and the salaries it was saved from. Every
// amount is one the salary function (domain/salary.ts) or the payout booked; the page only adds them up.
import type { PostalAddress } from '../../domain/invoice-document.ts';
import type { Salary } from '../../domain/salary.ts';
import { invalidInvoiceCharacters } from '../../domain/invoice-text.ts';
import { validatePostalCode } from '../../domain/postal-code.ts';
import { formatDay } from '../i18n/format.ts';
import { COLORS, CONTENT_RIGHT, PAGE, PdfCanvas } from './canvas.ts';
import { formatAmount, formatDecimalText, formatOrganisationNumber } from './format.ts';
import { fill, pdfTexts, type PdfLanguage } from './texts.ts';

/** The salary amounts a payslip shows, summed over the payout's items. */
const SUMMED = [
  'amount',
  'commissionAmount',
  'reimbursements',
  'deductibleInputVat',
  'grossSalary',
  'vacationPayAmount',
  'salaryExcludingVacationPay',
  'savedVacationPayAmount',
  'savedVacationPaySocialFeeAmount',
  'socialFeeAmount',
  'pensionAmount',
  'pensionTaxAmount',
  'incomeTaxAmount',
  'netSalary',
  'payout',
] as const;
type Totals = Record<(typeof SUMMED)[number], number>;

export type PayslipSalary = Pick<Salary, (typeof SUMMED)[number] | 'employerContributionRate' | 'rates'>;

/** One salary item of the payout: a payment of one invoice and the salary it gave (SEK öre). */
export interface PayslipItem {
  readonly invoiceNumber: string;
  readonly customerName: string;
  /** `YYYY-MM-DD`: the day the customer's payment was registered. */
  readonly paidOn: string;
  readonly salary: PayslipSalary;
}

/** The year so far, up to and including this payout (payouts by their bank day; SEK öre). */
export interface PayslipYearToDate {
  readonly year: number;
  /** Gross salary paid out (saved vacation pay counts when it is paid out). */
  readonly grossSalary: number;
  readonly vacationPayPaid: number;
  readonly vacationPaySaved: number;
  readonly incomeTax: number;
  readonly netSalary: number;
  readonly pension: number;
}

/** A payout of saved vacation pay: its figures (the items are the salaries it was saved from). */
export interface PayslipVacationPay {
  readonly grossAmount: number;
  readonly incomeTaxRate: string;
  readonly incomeTaxAmount: number;
  readonly netAmount: number;
  /** The employer contributions set aside with it, paid now. */
  readonly socialFeeAmount: number;
}

export interface PayslipDocument {
  readonly language: PdfLanguage;
  /** The platform's product name ("Avgift till Frilo"). */
  readonly brandName: string;
  readonly employer: { readonly name: string; readonly organisationNumber: string; readonly address: PostalAddress };
  readonly employee: { readonly name: string; readonly personalIdentityNumber: string };
  /** The payout's reference as the freelancer sees it in the app. */
  readonly payoutReference: string;
  /** `YYYY-MM-DD`: the bank day the salary leaves. */
  readonly paymentDate: string;
  /** The receiving account, masked (e.g. `Swedbank •••• 4321`). */
  readonly account?: string;
  /**
   * Where the money is (docs/product/payments.md#statuses-people-read): `initiated` on its way to the account (the
   * file is made or about to be), `completed_transaction` paid out. Printed as words with the day, not as "Paid".
   */
  readonly status?: 'initiated' | 'completed_transaction';
  readonly items: readonly PayslipItem[];
  /** Set for a payout of saved vacation pay. */
  readonly vacationPay?: PayslipVacationPay;
  readonly yearToDate?: PayslipYearToDate;
  /** Saved vacation pay still owed after this payout (shown when there is any). */
  readonly savedVacationPayBalance?: number;
}

export class PayslipPdfTextError extends Error {
  readonly fields: readonly string[];
  constructor(fields: readonly string[]) {
    super(`Characters a payslip cannot carry in ${fields.join(', ')}`);
    this.name = 'PayslipPdfTextError';
    this.fields = fields;
  }
}

const LEFT = PAGE.margin;
const RIGHT = CONTENT_RIGHT;
const FOOTER_HEIGHT = 30;

/** The pay period: the calendar month of the payout's bank day (the month its employer declaration reports). */
function payPeriod(paymentDate: string): string {
  const month = paymentDate.slice(0, 7);
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-01 – ${month}-${String(last).padStart(2, '0')}`;
}

function sum(items: readonly PayslipItem[]): Totals {
  const totals = Object.fromEntries(SUMMED.map((key) => [key, 0])) as Totals;
  for (const item of items) {
    for (const key of SUMMED) totals[key] += item.salary[key];
  }
  return totals;
}

/** The rate all items share, for the line's label; none when they differ. */
function sharedRate(items: readonly PayslipItem[], pick: (salary: PayslipSalary) => string): string | undefined {
  const rates = new Set(items.map((item) => formatDecimalText(pick(item.salary), 'en')));
  return rates.size === 1 ? pick(items[0]!.salary) : undefined;
}

export async function renderPayslipPdf(
  payslip: PayslipDocument,
  options: { createdAt?: Date } = {},
): Promise<Uint8Array> {
  const texts: [string, string][] = [
    ['employer.name', payslip.employer.name],
    ['employee.name', payslip.employee.name],
    ['account', payslip.account ?? ''],
    ...payslip.items.map((item, i): [string, string] => [`items.${i}.customerName`, item.customerName]),
  ];
  const bad = texts.filter(([, text]) => invalidInvoiceCharacters(text).length > 0).map(([field]) => field);
  if (bad.length > 0) throw new PayslipPdfTextError(bad);

  const language = payslip.language;
  const t = pdfTexts(language).payslip;
  const canvas = new PdfCanvas(
    {
      title: `${t.title} ${payslip.paymentDate}`,
      author: payslip.employer.name,
      subject: `${t.title} ${payslip.employee.name} ${payslip.paymentDate}`,
      language,
      createdAt: options.createdAt ?? new Date(`${payslip.paymentDate}T00:00:00Z`),
    },
    FOOTER_HEIGHT,
  );
  const money = (minor: number) => formatAmount(minor, language);
  const withRate = (label: string, rate: string | undefined) =>
    rate === undefined ? label : fill(t.withRate, { label, rate: formatDecimalText(rate, language) });
  const totals = sum(payslip.items);

  // Header: employer, title, the payout's facts.
  const top = canvas.y;
  const employer = payslip.employer;
  canvas.text(employer.name, LEFT, top, { bold: true, size: 15, color: COLORS.accent });
  const postal = validatePostalCode(employer.address.postalCode, employer.address.country);
  canvas.text(employer.address.street, LEFT, top + 22, { color: COLORS.muted });
  canvas.text(
    `${postal.valid ? postal.normalised : employer.address.postalCode} ${employer.address.city}`,
    LEFT,
    top + 34,
    { color: COLORS.muted },
  );
  canvas.text(
    `${pdfTexts(language).invoice.organisationNumber} ${formatOrganisationNumber(employer.organisationNumber)}`,
    LEFT,
    top + 46,
    {
      color: COLORS.muted,
    },
  );
  canvas.textRight(t.title, RIGHT, top, { bold: true, size: 20 });
  let y = top + 34;
  for (const [label, value] of [
    [t.period, payPeriod(payslip.paymentDate)],
    [t.paymentDate, payslip.paymentDate],
    [t.payout, payslip.payoutReference],
    [t.account, payslip.account],
  ] as const) {
    if (!value) continue;
    canvas.text(label, 352, y, { color: COLORS.muted });
    canvas.textRight(value, RIGHT, y, { bold: true });
    y += 13;
  }
  if (payslip.status) {
    const words = fill(payslip.status === 'initiated' ? t.onItsWay : t.paidOut, {
      date: formatDay(payslip.paymentDate, language),
    });
    canvas.textRight(words, RIGHT, y + 2, { bold: true, color: COLORS.accent });
    y += 15;
  }
  canvas.y = Math.max(y, top + 60) + 16;

  canvas.text(t.employee.toUpperCase(), LEFT, canvas.y, { size: 7.5, color: COLORS.muted, bold: true });
  canvas.text(payslip.employee.name, LEFT, canvas.y + 12, { bold: true, size: 10.5 });
  canvas.text(`${t.personalIdentityNumber} ${payslip.employee.personalIdentityNumber}`, LEFT, canvas.y + 27);
  canvas.y += 52;

  const section = (title: string, rows: readonly [string, string, boolean?][]) => {
    canvas.ensureSpace(rows.length * 15 + 30);
    canvas.text(title, LEFT, canvas.y, { bold: true, size: 10.5 });
    canvas.rule(LEFT, canvas.y + 16, RIGHT, COLORS.text);
    let rowY = canvas.y + 22;
    for (const [label, value, strong] of rows) {
      if (strong) {
        rowY += 4;
        canvas.rule(LEFT, rowY - 4, RIGHT, COLORS.text, 0.8);
      }
      const style = strong ? { bold: true, size: 10.5 } : {};
      canvas.text(label, LEFT, rowY, style);
      canvas.textRight(value, RIGHT, rowY, style);
      rowY += strong ? 18 : 14;
    }
    canvas.y = rowY + 14;
  };

  const taxRate = sharedRate(payslip.items, (s) => s.rates.incomeTax);
  const vacationRate = sharedRate(payslip.items, (s) => s.rates.vacationPay);
  const vacation = payslip.vacationPay;
  if (vacation) {
    // A payout of saved vacation pay: the vacation pay, the tax of the payout day, what reaches the account.
    section(t.vacationPayTitle, [
      [t.vacationPayGross, money(vacation.grossAmount)],
      [withRate(t.incomeTax, vacation.incomeTaxRate), money(-vacation.incomeTaxAmount)],
      [`${t.toPay} (SEK)`, money(vacation.netAmount), true],
    ]);
  } else {
    const rows: [string, string, boolean?][] = [
      [t.salaryForWork, money(totals.salaryExcludingVacationPay)],
      [withRate(t.vacationPay, vacationRate), money(totals.vacationPayAmount)],
      [t.grossSalary, money(totals.grossSalary), true],
    ];
    if (totals.savedVacationPayAmount > 0) rows.push([t.vacationPaySaved, money(-totals.savedVacationPayAmount)]);
    rows.push(
      [withRate(t.incomeTax, taxRate), money(-totals.incomeTaxAmount)],
      [t.netSalary, money(totals.netSalary), true],
    );
    if (totals.reimbursements > 0) rows.push([t.reimbursements, money(totals.reimbursements)]);
    rows.push([`${t.toPay} (SEK)`, money(totals.payout), true]);
    section(t.salary, rows);

    const employerRate = sharedRate(payslip.items, (s) => s.employerContributionRate);
    const pensionRate = sharedRate(payslip.items, (s) => s.rates.pension);
    const pensionTaxRate = sharedRate(payslip.items, (s) => s.rates.pensionSpecialPayrollTax);
    const fromInvoices: [string, string, boolean?][] = [
      [t.invoicedAmount, money(totals.amount)],
      [fill(t.fee, { brand: payslip.brandName }), money(-totals.commissionAmount)],
    ];
    if (totals.reimbursements > 0) {
      // Two lines, so the figures explain themselves: the whole reimbursement goes to the freelancer, and the VAT on
      // the receipts comes back to the platform as input VAT (so it is not taken from the salary).
      fromInvoices.push([t.reimbursementsOut, money(-totals.reimbursements)]);
      if (totals.deductibleInputVat > 0)
        fromInvoices.push([fill(t.inputVatBack, { brand: payslip.brandName }), money(totals.deductibleInputVat)]);
    }
    fromInvoices.push([withRate(t.socialFees, employerRate), money(-totals.socialFeeAmount)]);
    if (totals.pensionAmount > 0 || totals.pensionTaxAmount > 0) {
      fromInvoices.push(
        [withRate(t.pension, pensionRate), money(-totals.pensionAmount)],
        [withRate(t.pensionTax, pensionTaxRate), money(-totals.pensionTaxAmount)],
      );
    }
    fromInvoices.push([t.grossSalary, money(totals.grossSalary), true]);
    section(t.fromInvoices, fromInvoices);
  }

  // The invoices the salary comes from (for saved vacation pay: the salaries it was saved from).
  const columns = { invoice: LEFT, customer: LEFT + 70, paidOn: 330, amount: 470, fee: RIGHT };
  const labels = vacation
    ? { ...t.savedColumns, fee: '' }
    : {
        invoice: t.columns.invoice,
        customer: t.columns.customer,
        paidOn: t.columns.paidOn,
        amount: t.columns.amount,
        fee: t.columns.fee,
      };
  const header = () => {
    const style = { bold: true, size: 8, color: COLORS.muted };
    canvas.text(labels.invoice, columns.invoice, canvas.y, style);
    canvas.text(labels.customer, columns.customer, canvas.y, style);
    canvas.text(labels.paidOn, columns.paidOn, canvas.y, style);
    canvas.textRight(labels.amount, vacation ? RIGHT : columns.amount, canvas.y, style);
    if (labels.fee) canvas.textRight(labels.fee, columns.fee, canvas.y, style);
    canvas.rule(LEFT, canvas.y + 13, RIGHT, COLORS.text);
    canvas.y += 19;
  };
  canvas.ensureSpace(60);
  canvas.text(vacation ? t.savedFrom : t.invoices, LEFT, canvas.y, { bold: true, size: 10.5 });
  canvas.y += 20;
  header();
  canvas.onNewPage(header);
  for (const item of payslip.items) {
    const height = canvas.wrappedHeight(item.customerName, columns.paidOn - columns.customer - 10) + 5;
    canvas.ensureSpace(height);
    canvas.text(item.invoiceNumber, columns.invoice, canvas.y);
    canvas.wrapped(item.customerName, columns.customer, canvas.y, columns.paidOn - columns.customer - 10);
    canvas.text(item.paidOn, columns.paidOn, canvas.y);
    if (vacation) {
      canvas.textRight(money(item.salary.savedVacationPayAmount), RIGHT, canvas.y);
    } else {
      canvas.textRight(money(item.salary.amount), columns.amount, canvas.y);
      canvas.textRight(money(item.salary.commissionAmount), columns.fee, canvas.y);
    }
    canvas.y += height;
    canvas.rule(LEFT, canvas.y - 2.5, RIGHT);
  }
  canvas.onNewPage(() => undefined);
  canvas.y += 16;

  const ytd = payslip.yearToDate;
  if (ytd) {
    // A compact grid, three figures a row: label above, amount below.
    const cells: [string, string][] = [
      [t.ytdGross, money(ytd.grossSalary)],
      [t.ytdVacationPaid, money(ytd.vacationPayPaid)],
      [t.ytdVacationSaved, money(ytd.vacationPaySaved)],
      [t.ytdTax, money(ytd.incomeTax)],
      [t.ytdNet, money(ytd.netSalary)],
      [t.ytdPension, money(ytd.pension)],
    ];
    if (payslip.savedVacationPayBalance) cells.push([t.savedBalance, money(payslip.savedVacationPayBalance)]);
    const rowsNeeded = Math.ceil(cells.length / 3);
    canvas.ensureSpace(rowsNeeded * 30 + 30);
    canvas.text(fill(t.yearToDate, { year: ytd.year }), LEFT, canvas.y, { bold: true, size: 10.5 });
    canvas.rule(LEFT, canvas.y + 16, RIGHT, COLORS.text);
    const width = (RIGHT - LEFT) / 3;
    cells.forEach(([label, value], i) => {
      const x = LEFT + (i % 3) * width;
      const y = canvas.y + 22 + Math.floor(i / 3) * 30;
      canvas.text(label, x, y, { size: 8, color: COLORS.muted });
      canvas.text(value, x, y + 11, { bold: true });
    });
    canvas.y += 22 + rowsNeeded * 30 + 8;
  }

  const notes = vacation
    ? [fill(t.vacationPayNote, { brand: payslip.brandName, amount: money(vacation.socialFeeAmount) })]
    : [
        fill(t.note, { brand: payslip.brandName }),
        ...(totals.savedVacationPaySocialFeeAmount > 0
          ? [fill(t.savedSocialFees, { amount: money(totals.savedVacationPaySocialFeeAmount) })]
          : []),
      ];
  for (const note of notes) {
    canvas.ensureSpace(canvas.wrappedHeight(note, RIGHT - LEFT, { size: 8 }) + 4);
    canvas.y += canvas.wrapped(note, LEFT, canvas.y, RIGHT - LEFT, { size: 8, color: COLORS.muted }) + 4;
  }

  const page = pdfTexts(language).invoice.page;
  return canvas.finish((current, pages) => {
    const footerY = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 12;
    canvas.rule(LEFT, footerY - 6, RIGHT);
    canvas.text(`${employer.name} · ${payslip.employee.name} · ${payslip.paymentDate}`, LEFT, footerY, {
      size: 7.5,
      color: COLORS.muted,
    });
    canvas.textRight(fill(page, { page: current, pages }), RIGHT, footerY, { size: 7.5, color: COLORS.muted });
  });
}
