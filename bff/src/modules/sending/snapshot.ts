// The InvoiceDocument an invoice becomes when it is sent: the platform as seller, the freelancer, the customer as they
// are now (frozen), the lines and totals from the one totals function, the number and OCR reference. The PDF and the
// UBL are both made from it, so they can never disagree.
import {
  vatCategoryFor,
  unitCodeFor,
  withNonNegativePrice,
  type Buyer,
  type DocumentCurrency,
  type InvoiceDocument,
  type InvoiceLine,
  type Seller,
  type VatBreakdown,
  type ZeroRateTreatment,
} from '../../domain/invoice-document.ts';
import { convertToSek, type ExchangeRate } from '../../domain/exchange-rates.ts';
import { norwegianOrganisationNumber, participantIdFor } from '../../domain/peppol-participant.ts';
import { parseOrganisationNumber } from '../../domain/organisation-number.ts';
import { outsideScopeReason, zeroRateTreatmentFor } from '../../domain/vat-treatment.ts';
import { expenseNets, type InvoiceDetails } from '../invoices/public.ts';
import { paymentTermsText } from '../../platform/pdf/invoice-pdf.ts';
import { pdfTexts } from '../../platform/pdf/texts.ts';

const EXEMPTION_TEXT = {
  sv: 'Undantag från skatteplikt enligt mervärdesskattelagen (2023:200)',
  en: 'Exempt from VAT under the Swedish VAT Act (2023:200)',
} as const;

const MILEAGE_TEXT = { sv: 'Milersättning', en: 'Mileage' } as const;

/** How a 0 % line is treated for this customer (domain/vat-treatment.ts). */
export function zeroRateTreatment(
  recipient: InvoiceDetails['recipient'],
  kind: 'invoice' | 'interest' = 'invoice',
): ZeroRateTreatment {
  return zeroRateTreatmentFor(recipient, kind);
}

/** The buyer's legal registration (BT-47): a Swedish (0007) or Norwegian (0192) organisation number. */
function legalIdOf(recipient: InvoiceDetails['recipient']): Buyer['legalId'] {
  if (recipient.type === 'individual' || !recipient.governmentId) return undefined;
  const country = recipient.address.country.toUpperCase();
  if (country === 'SE') {
    const organisation = parseOrganisationNumber(recipient.governmentId);
    return organisation.valid ? { id: organisation.normalised.replace('-', ''), scheme: '0007' } : undefined;
  }
  if (country === 'NO') {
    const organisation = norwegianOrganisationNumber(recipient.governmentId);
    return organisation ? { id: organisation, scheme: '0192' } : undefined;
  }
  return undefined;
}

export function buyerOf(recipient: InvoiceDetails['recipient']): Buyer {
  const participant = participantIdFor({
    country: recipient.address.country,
    governmentId: recipient.governmentId ?? null,
    vatNumber: recipient.vatNumber ?? null,
    email: recipient.email ?? null,
    recorded: recipient.eInvoiceParticipantId ?? null,
  });
  const legalId = legalIdOf(recipient);
  return {
    name: recipient.name,
    ...(legalId ? { legalId } : {}),
    ...(recipient.vatNumber ? { vatNumber: recipient.vatNumber } : {}),
    address: {
      street: recipient.address.streetName,
      city: recipient.address.city,
      postalCode: recipient.address.postalCode,
      country: recipient.address.country.toUpperCase(),
    },
    ...(participant ? { endpoint: { scheme: participant.scheme, id: participant.id } } : {}),
    ...(recipient.email ? { email: recipient.email } : {}),
  };
}

export interface SnapshotInput {
  details: InvoiceDetails;
  kind: 'invoice' | 'credit_note';
  number: number;
  ocrReference: string | null;
  /** The invoice's own date for an invoice; the day it is made for a credit note. */
  issueDate: string;
  seller: Seller;
  freelancerName: string;
  /** The rate for the VAT in SEK of a foreign-currency invoice (the invoice date's). */
  exchangeRate: ExchangeRate | null;
  /** For a credit note: the invoice it credits. */
  creditedInvoice?: { number: string; issueDate: string };
}

export function buildSnapshot(input: SnapshotInput): InvoiceDocument {
  const { details } = input;
  const { invoice, values, totals, recipient } = details;
  const language = recipient.invoiceLanguage;
  // Late-payment interest is outside the scope of VAT: an interest invoice's lines (all 0 %) are category O, the same
  // category and path as a service to a customer outside the EU (domain/vat-treatment.ts), with its own reason.
  const interest = invoice.kind === 'interest';
  const treatment = zeroRateTreatment(recipient, invoice.kind);
  const categoryOf = (percent: number) => vatCategoryFor(percent, treatment);
  const outsideScopeText =
    outsideScopeReason(invoice.kind) === 'interest'
      ? pdfTexts(language).invoice.notSubjectToVat
      : pdfTexts(language).invoice.outsideScope;
  const currency = values.currency as DocumentCurrency;
  const lines: InvoiceLine[] = [];
  values.rows.forEach((row, i) => {
    const net = totals.lines.find((line) => line.kind === 'row' && line.index === i)!.netAmount;
    // A discount row (negative unit price) as EN 16931 allows it: a negative quantity of a positive price (BR-27).
    lines.push(
      withNonNegativePrice({
        id: String(lines.length + 1),
        kind: 'service',
        description: row.description,
        quantityHundredths: row.quantityHundredths,
        unitCode: unitCodeFor(row.unit),
        unitPriceMinor: row.unitPrice,
        netAmountMinor: net,
        vatCategory: vatCategoryFor(row.vatPercentage, treatment),
        vatPercent: row.vatPercentage,
      }),
    );
  });
  const nets = expenseNets(values, totals);
  values.expenses.forEach((expense, i) => {
    const net = nets[i]!;
    // A trip is printed as the freelancer entered it (their description, then the route, day, km and rate beside it);
    // without a description, the trip's places as typed, never cut (a cut could split a character and the text would
    // not round-trip).
    const description = expense.mileage
      ? expense.description.trim() || `${MILEAGE_TEXT[language]} ${expense.mileage.from} – ${expense.mileage.to}`
      : expense.description;
    lines.push({
      id: String(lines.length + 1),
      kind: 'expense',
      description,
      quantityHundredths: 100,
      unitCode: 'C62',
      unitPriceMinor: net,
      netAmountMinor: net,
      vatCategory: categoryOf(totals.reinvoicedVatPercentage),
      vatPercent: totals.reinvoicedVatPercentage,
      ...(expense.mileage
        ? {
            mileage: {
              from: expense.mileage.from,
              to: expense.mileage.to,
              date: expense.mileage.date,
              kmHundredths: expense.mileage.kmHundredths,
              allowancePer10KmSek: expense.mileage.ratePer10Km,
            },
          }
        : {}),
    });
  });
  const vatBreakdown: VatBreakdown[] = totals.vatBreakdown.map((entry) => {
    const category = categoryOf(entry.vatPercentage);
    return {
      category,
      percent: entry.vatPercentage,
      taxableAmountMinor: entry.taxableAmount,
      taxAmountMinor: entry.vatAmount,
      ...(category === 'E' ? { exemption: { text: EXEMPTION_TEXT[language] } } : {}),
      // The one wording of "not subject to Swedish VAT" and its reason: the PDF's VAT note and the e-invoice's BT-120
      // both print it.
      ...(category === 'O' ? { exemption: { code: 'VATEX-EU-O', text: outsideScopeText } } : {}),
    };
  });
  const rate = currency !== 'SEK' ? input.exchangeRate : null;
  const base: InvoiceDocument = {
    kind: input.kind,
    number: String(input.number),
    issueDate: input.issueDate,
    ...(input.kind === 'invoice' ? { dueDate: invoice.dueDate } : {}),
    currency,
    language,
    ...(values.reference ? { buyerReference: values.reference } : {}),
    ...(input.creditedInvoice ? { creditedInvoice: input.creditedInvoice } : {}),
    seller: input.seller,
    freelancer: { name: input.freelancerName },
    buyer: buyerOf(recipient),
    lines,
    vatBreakdown,
    totals: {
      lineExtensionMinor: totals.totalExclVat,
      taxExclusiveMinor: totals.totalExclVat,
      taxMinor: totals.totalVat,
      taxInclusiveMinor: totals.totalInclVat,
      payableMinor: totals.totalInclVat,
    },
    ...(rate
      ? {
          taxCurrency: {
            code: 'SEK' as const,
            taxAmountMinor: convertToSek(totals.totalVat, rate).sekAmount,
            exchangeRate: { sekPerUnit: rate.sekPerUnit, date: rate.date },
          },
        }
      : {}),
    ...(input.kind === 'invoice' && input.ocrReference ? { ocrReference: input.ocrReference } : {}),
    ...(input.kind === 'invoice' ? { paymentTermsDays: values.paymentTermsDays } : {}),
    // An interest invoice states no interest of its own (no interest on interest) and no reminder fee.
    ...(input.kind === 'invoice' && !interest
      ? values.latePaymentInterest === null
        ? { latePaymentInterestStatutory: true }
        : { latePaymentInterestPercent: values.latePaymentInterest }
      : {}),
    ...(input.kind === 'invoice' && !interest && values.reminderFee !== null
      ? { reminderFeeMinor: values.reminderFee }
      : {}),
    ...(input.kind === 'invoice' && interest && details.afterSending.interestFor
      ? {
          interestFor: {
            number: String(details.afterSending.interestFor.number ?? ''),
            issueDate: details.afterSending.interestFor.invoiceDate,
            dueDate: details.afterSending.interestFor.dueDate,
          },
        }
      : {}),
  };
  const terms = paymentTermsText(base);
  return terms ? { ...base, paymentTerms: terms } : base;
}

/**
 * The credit note of a sent invoice: the invoice's frozen document with the next number, today's date and a reference
 * to the invoice, nothing to pay. An invoice sent before discounts became negative quantities (BR-27) is credited the
 * new way.
 */
export function creditNoteOf(credited: InvoiceDocument, number: number, issueDate: string): InvoiceDocument {
  return {
    ...credited,
    kind: 'credit_note',
    number: String(number),
    issueDate,
    lines: credited.lines.map(withNonNegativePrice),
    creditedInvoice: { number: credited.number, issueDate: credited.issueDate },
    dueDate: undefined,
    ocrReference: undefined,
    paymentTerms: undefined,
    paymentTermsDays: undefined,
    latePaymentInterestPercent: undefined,
    latePaymentInterestStatutory: undefined,
    reminderFeeMinor: undefined,
  };
}
