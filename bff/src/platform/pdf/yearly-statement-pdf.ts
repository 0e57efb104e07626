// The yearly salary statement (lönesammanställning) of one freelancer, in their language: every payout of the year by
// its bank day (salary and saved vacation pay), with gross, vacation pay paid and saved, income tax, net, tax-free
// reimbursements and pension, and the year's totals; the employer with its organisation number. For the freelancer's
// own records and tax return; every amount is one the salary function or a payout booked.
import type { PostalAddress } from '../../domain/invoice-document.ts';
import { invalidInvoiceCharacters } from '../../domain/invoice-text.ts';
import { validatePostalCode } from '../../domain/postal-code.ts';
import { COLORS, CONTENT_RIGHT, PAGE, PdfCanvas } from './canvas.ts';
import { formatAmount, formatOrganisationNumber } from './format.ts';
import { fill, pdfTexts, type PdfLanguage } from './texts.ts';

/** One payout of the year (SEK öre). */
export interface StatementPayout {
  /** `YYYY-MM-DD`: its bank day. */
  readonly date: string;
  readonly reference: string;
  readonly kind: 'salary' | 'vacation_pay';
  /** Gross salary paid (a salary's gross less the vacation pay saved from it; saved vacation pay paid out). */
  readonly grossSalary: number;
  /** The vacation pay in `grossSalary`. */
  readonly vacationPayPaid: number;
  /** Vacation pay saved from the salaries of this payout (not in `grossSalary`). */
  readonly vacationPaySaved: number;
  readonly incomeTax: number;
  readonly netSalary: number;
  readonly reimbursements: number;
  readonly pension: number;
}

export interface YearlyStatementDocument {
  readonly language: PdfLanguage;
  readonly year: number;
  readonly employer: { readonly name: string; readonly organisationNumber: string; readonly address: PostalAddress };
  readonly employee: { readonly name: string; readonly personalIdentityNumber: string };
  readonly payouts: readonly StatementPayout[];
}

const LEFT = PAGE.margin;
const RIGHT = CONTENT_RIGHT;
const FOOTER_HEIGHT = 30;
const AMOUNTS = [
  'grossSalary',
  'vacationPayPaid',
  'vacationPaySaved',
  'incomeTax',
  'netSalary',
  'reimbursements',
  'pension',
] as const;

export class YearlyStatementTextError extends Error {
  constructor(fields: readonly string[]) {
    super(`Characters a statement cannot carry in ${fields.join(', ')}`);
    this.name = 'YearlyStatementTextError';
  }
}

export async function renderYearlyStatementPdf(
  statement: YearlyStatementDocument,
  options: { createdAt?: Date } = {},
): Promise<Uint8Array> {
  const bad = (
    [
      ['employer.name', statement.employer.name],
      ['employee.name', statement.employee.name],
    ] as const
  ).filter(([, text]) => invalidInvoiceCharacters(text).length > 0);
  if (bad.length > 0) throw new YearlyStatementTextError(bad.map(([field]) => field));

  const { language, year, employer } = statement;
  const t = pdfTexts(language).statement;
  const title = fill(t.title, { year });
  const canvas = new PdfCanvas(
    {
      title,
      author: employer.name,
      subject: `${title} ${statement.employee.name}`,
      language,
      createdAt: options.createdAt ?? new Date(`${year + 1}-01-01T00:00:00Z`),
    },
    FOOTER_HEIGHT,
  );
  const money = (minor: number) => formatAmount(minor, language);

  const top = canvas.y;
  canvas.text(employer.name, LEFT, top, { bold: true, size: 15, color: COLORS.accent });
  const postal = validatePostalCode(employer.address.postalCode, employer.address.country);
  canvas.text(employer.address.street, LEFT, top + 22, { color: COLORS.muted });
  canvas.text(
    `${postal.valid ? postal.normalised : employer.address.postalCode} ${employer.address.city}`,
    LEFT,
    top + 34,
    {
      color: COLORS.muted,
    },
  );
  canvas.text(
    `${pdfTexts(language).invoice.organisationNumber} ${formatOrganisationNumber(employer.organisationNumber)}`,
    LEFT,
    top + 46,
    { color: COLORS.muted },
  );
  canvas.textRight(title, RIGHT, top, { bold: true, size: 18 });
  canvas.y = top + 76;
  const payslipTexts = pdfTexts(language).payslip;
  canvas.text(payslipTexts.employee.toUpperCase(), LEFT, canvas.y, { size: 7.5, color: COLORS.muted, bold: true });
  canvas.text(statement.employee.name, LEFT, canvas.y + 12, { bold: true, size: 10.5 });
  canvas.text(
    `${payslipTexts.personalIdentityNumber} ${statement.employee.personalIdentityNumber}`,
    LEFT,
    canvas.y + 27,
  );
  canvas.y += 46;
  const subtitle = fill(t.subtitle, { employer: employer.name, year });
  canvas.y += canvas.wrapped(subtitle, LEFT, canvas.y, RIGHT - LEFT, { color: COLORS.muted }) + 12;

  // The payouts: date and reference, then the amounts right-aligned in seven columns.
  const right = [260, 305, 350, 395, 445, 495, RIGHT] as const;
  const header = () => {
    const style = { bold: true, size: 7.5, color: COLORS.muted };
    canvas.text(t.columns.date, LEFT, canvas.y, style);
    canvas.text(t.columns.payout, LEFT + 62, canvas.y, style);
    const names = [
      t.columns.gross,
      t.columns.vacationPay,
      t.columns.saved,
      t.columns.tax,
      t.columns.net,
      t.columns.reimbursements,
      t.columns.pension,
    ];
    names.forEach((name, i) => canvas.textRight(name, right[i]!, canvas.y, style));
    canvas.rule(LEFT, canvas.y + 12, RIGHT, COLORS.text);
    canvas.y += 18;
  };
  header();
  canvas.onNewPage(header);
  const totals = Object.fromEntries(AMOUNTS.map((key) => [key, 0])) as Record<(typeof AMOUNTS)[number], number>;
  const small = { size: 7.5 };
  for (const payout of statement.payouts) {
    canvas.ensureSpace(24);
    canvas.text(payout.date, LEFT, canvas.y, small);
    canvas.text(payout.reference, LEFT + 62, canvas.y, small);
    canvas.text(t.kinds[payout.kind], LEFT + 62, canvas.y + 9, { size: 6.5, color: COLORS.muted });
    AMOUNTS.forEach((key, i) => {
      totals[key] += payout[key];
      canvas.textRight(money(payout[key]), right[i]!, canvas.y, small);
    });
    canvas.y += 21;
    canvas.rule(LEFT, canvas.y - 3, RIGHT);
  }
  canvas.onNewPage(() => undefined);
  canvas.ensureSpace(20);
  canvas.text(fill(t.total, { year }), LEFT, canvas.y, { ...small, bold: true });
  AMOUNTS.forEach((key, i) => canvas.textRight(money(totals[key]), right[i]!, canvas.y, { ...small, bold: true }));
  canvas.y += 30;

  // The totals once more, named in full (what a tax return asks about).
  const rows: [string, number][] = [
    [t.gross, totals.grossSalary],
    [t.vacationPay, totals.vacationPayPaid],
    [t.saved, totals.vacationPaySaved],
    [t.tax, totals.incomeTax],
    [t.net, totals.netSalary],
    [t.reimbursements, totals.reimbursements],
    [t.pension, totals.pension],
  ];
  canvas.ensureSpace(rows.length * 14 + 40);
  canvas.text(t.totals, LEFT, canvas.y, { bold: true, size: 10.5 });
  canvas.rule(LEFT, canvas.y + 16, RIGHT, COLORS.text);
  let rowY = canvas.y + 22;
  for (const [label, value] of rows) {
    // "of which vacation pay" belongs to the gross above it.
    canvas.text(label, label === t.vacationPay ? LEFT + 12 : LEFT, rowY);
    canvas.textRight(money(value), RIGHT, rowY);
    rowY += 14;
  }
  canvas.y = rowY + 12;
  const note = fill(t.note, { employer: employer.name });
  canvas.ensureSpace(canvas.wrappedHeight(note, RIGHT - LEFT, { size: 8 }));
  canvas.wrapped(note, LEFT, canvas.y, RIGHT - LEFT, { size: 8, color: COLORS.muted });

  return canvas.finish((current, pages) => {
    const footerY = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 12;
    canvas.rule(LEFT, footerY - 6, RIGHT);
    canvas.text(`${employer.name} · ${statement.employee.name} · ${title}`, LEFT, footerY, {
      size: 7.5,
      color: COLORS.muted,
    });
    canvas.textRight(fill(t.page, { page: current, pages }), RIGHT, footerY, { size: 7.5, color: COLORS.muted });
  });
}
