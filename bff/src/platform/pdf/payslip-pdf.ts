// The payslip (lönespecifikation) of one payout, in the freelancer's language: the salary (gross, income tax, net),
// the tax-free reimbursements on top, what was paid out, and how the invoices' money became that salary (the fee,
// employer contributions, pension and its special payroll tax), with the invoices it came from. Every amount is one the
// salary function (domain/salary.ts) booked; the page only adds them up across the payout's items.
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
  section(t.salary, [
    [t.grossSalary, money(totals.grossSalary)],
    [withRate(t.incomeTax, taxRate), money(-totals.incomeTaxAmount)],
    [t.netSalary, money(totals.netSalary), true],
    ...(totals.reimbursements > 0 ? [[t.reimbursements, money(totals.reimbursements)] as [string, string]] : []),
    [`${t.toPay} (SEK)`, money(totals.payout), true],
  ]);

  const employerRate = sharedRate(payslip.items, (s) => s.employerContributionRate);
  const pensionRate = sharedRate(payslip.items, (s) => s.rates.pension);
  const pensionTaxRate = sharedRate(payslip.items, (s) => s.rates.pensionSpecialPayrollTax);
  const fromInvoices: [string, string, boolean?][] = [
    [t.invoicedAmount, money(totals.amount)],
    [fill(t.fee, { brand: payslip.brandName }), money(-totals.commissionAmount)],
  ];
  if (totals.reimbursements > 0) {
    fromInvoices.push([t.reimbursementsOut, money(-(totals.reimbursements - totals.deductibleInputVat))]);
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

  // The invoices the salary comes from.
  const columns = { invoice: LEFT, customer: LEFT + 70, paidOn: 330, amount: 470, fee: RIGHT };
  const header = () => {
    const style = { bold: true, size: 8, color: COLORS.muted };
    canvas.text(t.columns.invoice, columns.invoice, canvas.y, style);
    canvas.text(t.columns.customer, columns.customer, canvas.y, style);
    canvas.text(t.columns.paidOn, columns.paidOn, canvas.y, style);
    canvas.textRight(t.columns.amount, columns.amount, canvas.y, style);
    canvas.textRight(t.columns.fee, columns.fee, canvas.y, style);
    canvas.rule(LEFT, canvas.y + 13, RIGHT, COLORS.text);
    canvas.y += 19;
  };
  canvas.ensureSpace(60);
  canvas.text(t.invoices, LEFT, canvas.y, { bold: true, size: 10.5 });
  canvas.y += 20;
  header();
  canvas.onNewPage(header);
  for (const item of payslip.items) {
    const height = canvas.wrappedHeight(item.customerName, columns.paidOn - columns.customer - 10) + 5;
    canvas.ensureSpace(height);
    canvas.text(item.invoiceNumber, columns.invoice, canvas.y);
    canvas.wrapped(item.customerName, columns.customer, canvas.y, columns.paidOn - columns.customer - 10);
    canvas.text(item.paidOn, columns.paidOn, canvas.y);
    canvas.textRight(money(item.salary.amount), columns.amount, canvas.y);
    canvas.textRight(money(item.salary.commissionAmount), columns.fee, canvas.y);
    canvas.y += height;
    canvas.rule(LEFT, canvas.y - 2.5, RIGHT);
  }
  canvas.onNewPage(() => undefined);
  canvas.y += 12;
  const note = fill(t.note, { brand: payslip.brandName });
  canvas.ensureSpace(canvas.wrappedHeight(note, RIGHT - LEFT, { size: 8 }));
  canvas.wrapped(note, LEFT, canvas.y, RIGHT - LEFT, { size: 8, color: COLORS.muted });

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
