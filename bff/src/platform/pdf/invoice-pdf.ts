// The invoice or credit note PDF the customer receives, from the same snapshot as the e-invoice (InvoiceDocument),
// in the customer's invoice language. It carries every field a full Swedish VAT invoice must (mervärdesskattelagen
// (2023:200) 17 kap. 24 §; ../shared/domain/sweden.md "Invoice rules"): issue date, the unique number, the platform as
// seller with its address, organisation and VAT numbers and "Godkänd för F-skatt", the buyer's name and address (and
// VAT number when reverse charged), what was done and how much, unit prices excluding VAT, the taxable amount and VAT
// per rate, the VAT in SEK for a foreign currency, and the reason for every 0 %. Besides: the freelancer who did the
// work, the OCR reference and Bankgiro, the due date and the late payment interest, and on a credit note the invoice
// it credits (number and date).
import { parseBankgiroNumber } from '../../domain/ocr.ts';
import { validatePostalCode } from '../../domain/postal-code.ts';
import {
  invalidDocumentText,
  type DocumentTextProblem,
  type InvoiceDocument,
  type InvoiceLine,
  type MileageLine,
  type PostalAddress,
  type ReminderFacts,
  type VatBreakdown,
} from '../../domain/invoice-document.ts';
import { COLORS, CONTENT_RIGHT, PAGE, PdfCanvas } from './canvas.ts';
import { countryName, formatAmount, formatDecimalText, formatHundredths, formatOrganisationNumber } from './format.ts';
import { fill, pdfTexts, type PdfTexts } from './texts.ts';

/** Thrown for a document with characters the PDF cannot carry (problem 18): nothing is rendered. */
export class InvoicePdfTextError extends Error {
  readonly problems: readonly DocumentTextProblem[];
  constructor(problems: readonly DocumentTextProblem[]) {
    super(`Characters an invoice cannot carry in ${problems.map((p) => p.field).join(', ')}`);
    this.name = 'InvoicePdfTextError';
    this.problems = problems;
  }
}

type Texts = PdfTexts['invoice'];

const LEFT = PAGE.margin;
const RIGHT = CONTENT_RIGHT;
/**
 * Table columns: description (wraps), then right-aligned numbers. Laid out for the widest values the product allows
 * (docs/product/invoices.md#totals): a quantity of 999 999.99, "fast pris", a unit price of −10 000 000.00, 25 % and
 * an amount of −100 000 000.00 stay at least 6 points apart (invoice-pdf.test.ts checks it at the ceiling).
 */
const COLUMNS = {
  description: LEFT,
  descriptionWidth: 224,
  quantity: 326,
  unit: 332,
  unitPrice: 438,
  vat: 470,
  amount: RIGHT,
};
const FOOTER_HEIGHT = 46;

/** The payment terms sentence of a document (also the e-invoice's BT-20, so both say the same). */
export function paymentTermsText(doc: InvoiceDocument): string | undefined {
  const t = pdfTexts(doc.language).invoice;
  const parts: string[] = [];
  if (doc.paymentTermsDays !== undefined) parts.push(fill(t.terms, { days: doc.paymentTermsDays }));
  if (doc.latePaymentInterestStatutory) {
    parts.push(t.lateInterestStatutory);
  } else if (doc.latePaymentInterestPercent !== undefined) {
    parts.push(fill(t.lateInterest, { rate: formatDecimalText(doc.latePaymentInterestPercent, doc.language) }));
  }
  // Stated before the debt is due, so a reminder may charge it (lag (1981:739); decision 0034).
  if (doc.reminderFeeMinor !== undefined)
    parts.push(fill(t.reminderFee, { fee: wholeKronor(doc.reminderFeeMinor, doc.language) }));
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** SEK öre as kronor, without öre when there are none (60 kr, not 60,00 kr). */
function wholeKronor(minor: number, language: InvoiceDocument['language']): string {
  return minor % 100 === 0 ? String(minor / 100) : formatAmount(minor, language);
}

/**
 * Renders the PDF; refuses (InvoicePdfTextError) a document with characters outside what an invoice may carry. With
 * `reminder`, the invoice as a payment reminder: titled so, with what is unpaid, the fee and what to pay now on top.
 */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  options: {
    createdAt?: Date;
    reminder?: ReminderFacts;
    /** A preview before the send: the number is not taken yet, so the header says when it will be. */
    numberPending?: boolean;
  } = {},
): Promise<Uint8Array> {
  const problems = invalidDocumentText(doc);
  if (problems.length > 0) throw new InvoicePdfTextError(problems);
  const t = pdfTexts(doc.language).invoice;
  const isCredit = doc.kind === 'credit_note';
  const reminder = isCredit ? undefined : options.reminder;
  const title = isCredit ? t.creditTitle : reminder ? t.reminderTitle : doc.interestFor ? t.interestTitle : t.title;
  const canvas = new PdfCanvas(
    {
      title: options.numberPending ? title : `${title} ${doc.number}`,
      author: doc.seller.name,
      subject: fill(t.issuedBy, { seller: doc.seller.name, name: doc.freelancer.name }),
      language: doc.language,
      createdAt: options.createdAt ?? new Date(`${doc.issueDate}T00:00:00Z`),
    },
    FOOTER_HEIGHT,
  );
  // A credit note shows what it takes back as negative amounts, as Swedish credit invoices do; its UBL CreditNote
  // carries the same amounts positive (a credit note is not a negative invoice there).
  const sign = isCredit ? -1 : 1;
  const money = (minor: number) => formatAmount(sign * minor, doc.language);

  drawHeader(canvas, doc, t, title, reminder, options.numberPending === true);
  drawParties(canvas, doc, t);
  if (reminder) drawReminder(canvas, doc, t, reminder);
  if (!isCredit && doc.interestFor) {
    canvas.ensureSpace(24);
    canvas.box(LEFT, canvas.y, RIGHT - LEFT, 20);
    canvas.text(
      fill(t.interestFor, {
        number: doc.interestFor.number,
        date: doc.interestFor.issueDate,
        dueDate: doc.interestFor.dueDate,
      }),
      LEFT + 8,
      canvas.y + 5,
      { bold: true },
    );
    canvas.y += 30;
  }
  if (isCredit && doc.creditedInvoice) {
    canvas.ensureSpace(24);
    canvas.box(LEFT, canvas.y, RIGHT - LEFT, 20);
    canvas.text(
      fill(t.credits, { number: doc.creditedInvoice.number, date: doc.creditedInvoice.issueDate }),
      LEFT + 8,
      canvas.y + 5,
      { bold: true },
    );
    canvas.y += 30;
  }
  drawLines(canvas, doc, t, money);
  drawTotals(canvas, doc, t, money);
  drawVatNotes(canvas, doc, t);
  drawPayment(canvas, doc, t, options.numberPending === true);
  return canvas.finish((page, pages) => drawFooter(canvas, doc, t, page, pages));
}

/** The reminder's box: which invoice, that it is unpaid, what remains, the fee, what to pay now and how. */
function drawReminder(canvas: PdfCanvas, doc: InvoiceDocument, t: Texts, reminder: ReminderFacts): void {
  const r = t.reminder;
  const width = RIGHT - LEFT - 20;
  const heading = fill(r.heading, { sequence: reminder.sequence, number: doc.number, dueDate: doc.dueDate ?? '' });
  const bankgiro = parseBankgiroNumber(doc.seller.bankgiro);
  const payTo = doc.ocrReference
    ? fill(r.payTo, { bankgiro: bankgiro.valid ? bankgiro.formatted : doc.seller.bankgiro, ocr: doc.ocrReference })
    : '';
  const rows: [string, string][] = [
    [r.outstanding, `${formatAmount(reminder.outstandingMinor, doc.language)} ${doc.currency}`],
  ];
  if (reminder.feeMinor > 0) {
    rows.push([r.fee, `${formatAmount(reminder.feeMinor, doc.language)} SEK`]);
  }
  // The fee is SEK and only SEK invoices state one, so the sum is in the invoice's currency.
  rows.push([r.payNow, `${formatAmount(reminder.outstandingMinor + reminder.feeMinor, doc.language)} ${doc.currency}`]);
  const height =
    16 +
    canvas.wrappedHeight(r.notPaid, width) +
    rows.length * 14 +
    (payTo ? canvas.wrappedHeight(payTo, width) + 4 : 0) +
    20;
  canvas.ensureSpace(height + 8);
  const top = canvas.y;
  canvas.box(LEFT, top, RIGHT - LEFT, height);
  let y = top + 9;
  canvas.text(heading, LEFT + 10, y, { bold: true, size: 10.5, color: COLORS.accent });
  y += 16;
  y += canvas.wrapped(r.notPaid, LEFT + 10, y, width) + 4;
  for (const [label, value] of rows) {
    const last = label === r.payNow;
    canvas.text(label, LEFT + 10, y, last ? { bold: true } : {});
    canvas.textRight(value, RIGHT - 10, y, last ? { bold: true } : {});
    y += 14;
  }
  if (payTo) canvas.wrapped(payTo, LEFT + 10, y + 2, width);
  canvas.y = top + height + 12;
}

function drawHeader(
  canvas: PdfCanvas,
  doc: InvoiceDocument,
  t: Texts,
  title: string,
  reminder: ReminderFacts | undefined,
  numberPending: boolean,
): void {
  const top = canvas.y;
  canvas.text(doc.seller.name, LEFT, top, { bold: true, size: 15, color: COLORS.accent });
  let y = top + 22;
  for (const line of addressLines(doc.seller.address, doc.language, doc.seller.address.country)) {
    canvas.text(line, LEFT, y, { color: COLORS.muted });
    y += 12;
  }
  canvas.textRight(title, RIGHT, top, { bold: true, size: 20 });
  const facts: [string, string | undefined][] = [
    [doc.kind === 'credit_note' ? t.creditNumber : t.number, numberPending ? t.numberPending : doc.number],
    [t.reminder.remindedOn, reminder?.remindedOn],
    [t.issueDate, doc.issueDate],
    [t.dueDate, doc.kind === 'invoice' ? doc.dueDate : undefined],
    [t.deliveryDate, doc.deliveryDate],
    [t.period, doc.period ? `${doc.period.start} – ${doc.period.end}` : undefined],
    [t.ocr, doc.ocrReference],
    [t.buyerReference, doc.buyerReference],
    [t.orderReference, doc.orderReference],
    [t.currency, doc.currency],
  ];
  let factY = top + 34;
  for (const [label, value] of facts) {
    if (!value) continue;
    canvas.text(label, 352, factY, { color: COLORS.muted });
    canvas.textRight(value, RIGHT, factY, { bold: true });
    factY += 13;
  }
  canvas.y = Math.max(y, factY) + 18;
}

function addressLines(address: PostalAddress, language: InvoiceDocument['language'], home: string): string[] {
  return [
    address.street,
    ...(address.additionalStreet ? [address.additionalStreet] : []),
    `${postalCode(address)} ${address.city}`.trim(),
    ...(address.country.toUpperCase() !== home.toUpperCase() ? [countryName(address.country, language)] : []),
  ];
}

function postalCode(address: PostalAddress): string {
  const checked = validatePostalCode(address.postalCode, address.country);
  return checked.valid ? checked.normalised : address.postalCode;
}

function drawParties(canvas: PdfCanvas, doc: InvoiceDocument, t: Texts): void {
  const top = canvas.y;
  const buyer = doc.buyer;
  canvas.text(t.buyer.toUpperCase(), LEFT, top, { size: 7.5, color: COLORS.muted, bold: true });
  let y = top + 12;
  y += canvas.wrapped(buyer.name, LEFT, y, 260, { bold: true, size: 10.5 });
  const lines = [
    ...(buyer.contactName ? [buyer.contactName] : []),
    ...addressLines(buyer.address, doc.language, doc.seller.address.country),
    ...(buyer.legalId ? [`${t.organisationNumber} ${formatOrganisationNumber(buyer.legalId.id)}`] : []),
    ...(buyer.vatNumber ? [`${t.vatNumber} ${buyer.vatNumber}`] : []),
  ];
  for (const line of lines) {
    y += canvas.wrapped(line, LEFT, y, 260);
  }
  canvas.text(t.workBy.toUpperCase(), 352, top, { size: 7.5, color: COLORS.muted, bold: true });
  const freelancerHeight = canvas.wrapped(doc.freelancer.name, 352, top + 12, RIGHT - 352, { bold: true, size: 10.5 });
  const noteHeight = canvas.wrapped(
    fill(t.issuedBy, { seller: doc.seller.name, name: doc.freelancer.name }),
    352,
    top + 14 + freelancerHeight,
    RIGHT - 352,
    { size: 8, color: COLORS.muted },
  );
  canvas.y = Math.max(y, top + 14 + freelancerHeight + noteHeight) + 20;
}

function drawTableHeader(canvas: PdfCanvas, t: Texts, currency: string): void {
  const y = canvas.y;
  const style = { bold: true, size: 8, color: COLORS.muted };
  canvas.text(t.columns.description, COLUMNS.description, y, style);
  canvas.textRight(t.columns.quantity, COLUMNS.quantity, y, style);
  canvas.text(t.columns.unit, COLUMNS.unit, y, style);
  canvas.textRight(t.columns.unitPrice, COLUMNS.unitPrice, y, style);
  canvas.textRight(t.columns.vat, COLUMNS.vat, y, style);
  canvas.textRight(`${t.columns.amount} (${currency})`, COLUMNS.amount, y, style);
  canvas.rule(LEFT, y + 13, RIGHT, COLORS.text);
  canvas.y = y + 19;
}

function drawLines(canvas: PdfCanvas, doc: InvoiceDocument, t: Texts, money: (minor: number) => string): void {
  canvas.ensureSpace(60);
  drawTableHeader(canvas, t, doc.currency);
  canvas.onNewPage(() => drawTableHeader(canvas, t, doc.currency));
  const services = doc.lines.filter((line) => line.kind === 'service');
  const expenses = doc.lines.filter((line) => line.kind === 'expense');
  for (const line of services) drawLine(canvas, doc, t, line, money);
  if (expenses.length > 0) {
    canvas.ensureSpace(34);
    canvas.y += 6;
    canvas.text(t.expenses, LEFT, canvas.y, { bold: true });
    canvas.y += 15;
    for (const line of expenses) drawLine(canvas, doc, t, line, money);
  }
  canvas.onNewPage(() => undefined);
}

function drawLine(
  canvas: PdfCanvas,
  doc: InvoiceDocument,
  t: Texts,
  line: InvoiceLine,
  money: (minor: number) => string,
): void {
  const trip = line.mileage ? mileageText(doc, t, line.mileage) : null;
  const tripStyle = { size: 8, color: COLORS.muted };
  const height =
    canvas.wrappedHeight(line.description, COLUMNS.descriptionWidth) +
    (trip ? canvas.wrappedHeight(trip, COLUMNS.descriptionWidth, tripStyle) + 1 : 0) +
    5;
  canvas.ensureSpace(height);
  const y = canvas.y;
  const descriptionHeight = canvas.wrapped(line.description, COLUMNS.description, y, COLUMNS.descriptionWidth);
  if (trip) canvas.wrapped(trip, COLUMNS.description, y + descriptionHeight + 1, COLUMNS.descriptionWidth, tripStyle);
  if (line.mileage) {
    // The trip's kilometres and, on a SEK invoice, the rate per km: what the screen shows, not "1 st".
    canvas.textRight(formatHundredths(line.mileage.kmHundredths, doc.language), COLUMNS.quantity, y);
    canvas.text(t.units.KMT, COLUMNS.unit, y);
    if (doc.currency === 'SEK') canvas.textRight(ratePerKm(line.mileage, doc), COLUMNS.unitPrice, y);
  } else {
    canvas.textRight(formatHundredths(line.quantityHundredths, doc.language), COLUMNS.quantity, y);
    canvas.text(t.units[line.unitCode], COLUMNS.unit, y);
    canvas.textRight(formatAmount(line.unitPriceMinor, doc.language), COLUMNS.unitPrice, y);
  }
  canvas.textRight(`${formatDecimalText(line.vatPercent, doc.language)} %`, COLUMNS.vat, y);
  canvas.textRight(money(line.netAmountMinor), COLUMNS.amount, y);
  canvas.y = y + height;
  canvas.rule(LEFT, canvas.y - 2.5, RIGHT);
}

/** The allowance per km in kronor, from öre per 10 km (2 500 → `2,50`), exactly. */
function ratePerKm(mileage: MileageLine, doc: InvoiceDocument): string {
  const perKm = mileage.allowancePer10KmSek / 10;
  return Number.isInteger(perKm)
    ? formatAmount(perKm, doc.language)
    : formatDecimalText(String(mileage.allowancePer10KmSek / 1000), doc.language);
}

/** The trip beside a mileage line: route, day, distance and rate (converted on a foreign-currency invoice). */
function mileageText(doc: InvoiceDocument, t: Texts, mileage: MileageLine): string {
  const detail = fill(t.mileageDetail, {
    from: mileage.from,
    to: mileage.to,
    date: mileage.date,
    km: formatHundredths(mileage.kmHundredths, doc.language),
    rate: ratePerKm(mileage, doc),
  });
  return doc.currency === 'SEK' ? detail : `${detail}, ${fill(t.mileageConverted, { currency: doc.currency })}`;
}

function drawTotals(canvas: PdfCanvas, doc: InvoiceDocument, t: Texts, money: (minor: number) => string): void {
  const rows: [string, string][] = [[t.totalExclVat, money(doc.totals.taxExclusiveMinor)]];
  for (const entry of doc.vatBreakdown) {
    rows.push([
      fill(t.vatLine, {
        rate: formatDecimalText(entry.percent, doc.language),
        base: money(entry.taxableAmountMinor),
      }),
      money(entry.taxAmountMinor),
    ]);
  }
  if (doc.vatBreakdown.length > 1) rows.push([t.totalVat, money(doc.totals.taxMinor)]);
  canvas.ensureSpace(rows.length * 13 + 40);
  let y = canvas.y + 8;
  const labelX = 300;
  for (const [label, value] of rows) {
    canvas.text(label, labelX, y);
    canvas.textRight(value, RIGHT, y);
    y += 13;
  }
  canvas.rule(labelX, y + 1, RIGHT, COLORS.text, 0.8);
  y += 7;
  const due = doc.kind === 'credit_note' ? t.amountCredited : t.amountDue;
  canvas.text(`${due} (${doc.currency})`, labelX, y, { bold: true, size: 11 });
  canvas.textRight(money(doc.totals.payableMinor), RIGHT, y, { bold: true, size: 11 });
  y += 18;
  if (doc.taxCurrency) {
    canvas.text(t.vatInSek, labelX, y);
    canvas.textRight(`${money(doc.taxCurrency.taxAmountMinor)} SEK`, RIGHT, y);
    y += 12;
    const rate = doc.taxCurrency.exchangeRate;
    if (rate) {
      canvas.text(
        fill(t.exchangeRate, {
          rate: formatDecimalText(rate.sekPerUnit, doc.language),
          currency: doc.currency,
          date: rate.date,
        }),
        labelX,
        y,
        { size: 8, color: COLORS.muted },
      );
      y += 12;
    }
  }
  canvas.y = y + 8;
}

/** Why a 0 % rate applies, with the wording the law asks for. */
function vatNotes(doc: InvoiceDocument, t: Texts): string[] {
  const notes: string[] = [];
  const categories = new Set(doc.vatBreakdown.map((entry: VatBreakdown) => entry.category));
  if (categories.has('AE')) {
    const domestic = doc.buyer.address.country.toUpperCase() === 'SE';
    notes.push(
      `${t.reverseCharge}. ${domestic ? t.reverseChargeDomestic : t.reverseChargeEu}`,
      fill(t.vatNumbers, { seller: doc.seller.vatNumber, buyer: doc.buyer.vatNumber ?? '' }),
    );
  }
  // G only on documents sent before services abroad became O (a credit note repeats its invoice).
  if (categories.has('G')) notes.push(t.export);
  for (const entry of doc.vatBreakdown) {
    // E and O: the exemption text of the document, the same words as the e-invoice's BT-120 (for O, why: a service
    // abroad, or late-payment interest on an interest invoice).
    if (entry.category === 'E' && entry.exemption) notes.push(entry.exemption.text);
    if (entry.category === 'O') notes.push(entry.exemption?.text ?? t.outsideScope);
  }
  return notes;
}

function drawVatNotes(canvas: PdfCanvas, doc: InvoiceDocument, t: Texts): void {
  for (const note of vatNotes(doc, t)) {
    const height = canvas.wrappedHeight(note, RIGHT - LEFT, { bold: true });
    canvas.ensureSpace(height + 4);
    canvas.y += canvas.wrapped(note, LEFT, canvas.y, RIGHT - LEFT, { bold: true }) + 3;
  }
}

function drawPayment(canvas: PdfCanvas, doc: InvoiceDocument, t: Texts, numberPending: boolean): void {
  const lines: string[] = [];
  const bankgiro = parseBankgiroNumber(doc.seller.bankgiro);
  const bankgiroText = bankgiro.valid ? bankgiro.formatted : doc.seller.bankgiro;
  if (doc.kind === 'invoice') {
    if (doc.ocrReference) {
      lines.push(fill(t.payTo, { bankgiro: bankgiroText, ocr: doc.ocrReference }));
      if (doc.seller.iban && doc.seller.bic && doc.buyer.address.country.toUpperCase() !== 'SE') {
        lines.push(fill(t.payFromAbroad, { iban: doc.seller.iban, bic: doc.seller.bic, ocr: doc.ocrReference }));
      }
    } else if (numberPending) {
      lines.push(fill(t.payToPending, { bankgiro: bankgiroText }));
    }
    const terms = paymentTermsText(doc);
    if (terms) lines.push(terms);
  } else if (doc.creditedInvoice) {
    lines.push(fill(t.creditNoPayment, { number: doc.creditedInvoice.number }));
  }
  const contact = doc.seller.contact?.email ?? doc.seller.contact?.phone;
  if (contact) lines.push(fill(t.contact, { contact }));
  if (lines.length === 0) return;
  const width = RIGHT - LEFT - 20;
  const height = lines.reduce((sum, line) => sum + canvas.wrappedHeight(line, width) + 2, 0) + 30;
  canvas.y += 8;
  canvas.ensureSpace(height);
  canvas.box(LEFT, canvas.y, RIGHT - LEFT, height);
  let y = canvas.y + 9;
  canvas.text(t.payment, LEFT + 10, y, { bold: true, size: 10 });
  y += 16;
  for (const line of lines) {
    y += canvas.wrapped(line, LEFT + 10, y, width) + 2;
  }
  canvas.y += height + 6;
}

function drawFooter(canvas: PdfCanvas, doc: InvoiceDocument, t: Texts, page: number, pages: number): void {
  const seller = doc.seller;
  const bankgiro = parseBankgiroNumber(seller.bankgiro);
  const y = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 12;
  canvas.rule(LEFT, y - 6, RIGHT);
  const style = { size: 7.5, color: COLORS.muted };
  canvas.text(
    [seller.name, seller.address.street, `${postalCode(seller.address)} ${seller.address.city}`].join(' · '),
    LEFT,
    y,
    style,
  );
  canvas.text(
    [
      `${t.organisationNumber} ${formatOrganisationNumber(seller.organisationNumber)}`,
      `${t.vatNumber} ${seller.vatNumber}`,
      t.fTax,
      `Bankgiro ${bankgiro.valid ? bankgiro.formatted : seller.bankgiro}`,
    ].join(' · '),
    LEFT,
    y + 11,
    style,
  );
  canvas.textRight(fill(t.page, { page, pages }), RIGHT, y + 22, style);
}
