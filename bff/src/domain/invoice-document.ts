// The outgoing invoice or credit note as it leaves the platform: a frozen snapshot that the UBL e-invoice (ubl.ts)
// and the PDF (platform/pdf) are built from. Amounts are integer minor units; the totals come from invoice-totals.ts
// and are only formatted here.

import { invalidInvoiceCharacters } from './invoice-text.ts';

/** The currencies the product invoices in (docs/product/domain-rules.md#money). All have two decimals (ISO 4217 minor unit 2). */
export type DocumentCurrency = 'SEK' | 'EUR' | 'USD' | 'NOK' | 'DKK' | 'GBP';

const CURRENCY_DIGITS: Readonly<Record<DocumentCurrency, number>> = {
  SEK: 2,
  EUR: 2,
  USD: 2,
  NOK: 2,
  DKK: 2,
  GBP: 2,
};

export function currencyDigits(currency: DocumentCurrency): number {
  return CURRENCY_DIGITS[currency];
}

/**
 * VAT categories (UNCL 5305) the platform produces for a Swedish seller of services:
 * - `S` standard rated 25/12/6 %;
 * - `E` exempt from VAT (a domestic 0 % row: services the VAT act exempts, e.g. health care or education; Sweden has
 *   no zero-rated services, so `Z` is never produced);
 * - `AE` reverse charge ("Omvänd betalningsskyldighet"): an EU business customer outside Sweden, or domestic
 *   construction services;
 * - `O` not subject to VAT: a service supplied outside Sweden to a customer outside the EU VAT area, and every line of
 *   an interest invoice (late-payment interest is not consideration for a supply; decision 0034): vat-treatment.ts
 *   decides both. Such a document carries no VAT identifiers (BR-O-02) and no other category (BR-O-11, BR-O-12).
 * `G` (export of goods outside the EU) is no longer produced: the platform sells services. It stays in the type for
 * documents sent before (a credit note repeats its invoice's categories). K, L, M and B are never produced.
 */
export type VatCategory = 'S' | 'E' | 'AE' | 'O' | 'G';

/** How a 0 % row is treated, decided by the customer (vat-treatment.ts). */
export type ZeroRateTreatment = 'exempt' | 'reverse_charge' | 'outside_scope';

export function vatCategoryFor(percent: number, zeroRateTreatment: ZeroRateTreatment): VatCategory {
  if (percent > 0) {
    return 'S';
  }
  switch (zeroRateTreatment) {
    case 'reverse_charge':
      return 'AE';
    case 'outside_scope':
      return 'O';
    case 'exempt':
      return 'E';
  }
}

/** UN/ECE Recommendation 20 unit codes used on our invoice rows. */
export type UnitCode = 'HUR' | 'DAY' | 'WEE' | 'MON' | 'MIN' | 'H87' | 'C62' | 'KMT' | 'LS';

/** The invoice row units of the product, mapped to their UN/ECE Rec 20 code (BT-130). */
export const UNIT_CODES: Readonly<Record<string, UnitCode>> = {
  hour: 'HUR',
  hours: 'HUR',
  h: 'HUR',
  minute: 'MIN',
  day: 'DAY',
  days: 'DAY',
  week: 'WEE',
  month: 'MON',
  pcs: 'H87',
  piece: 'H87',
  km: 'KMT',
  // A lump sum ("fixed price") row.
  lump_sum: 'LS',
  unit: 'C62',
};

/** The Rec 20 code of one of our units; an unknown unit is the neutral "one" (C62), never an invented code. */
export function unitCodeFor(unit: string): UnitCode {
  return UNIT_CODES[unit.trim().toLowerCase()] ?? 'C62';
}

export type InvoiceLanguage = 'sv' | 'en';

export interface PostalAddress {
  readonly street: string;
  readonly additionalStreet?: string;
  readonly city: string;
  readonly postalCode: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
}

/** A Peppol participant identifier: the EAS scheme (e.g. `0007` Swedish organisation number) and the id. */
export interface PeppolEndpoint {
  readonly scheme: string;
  readonly id: string;
}

/** The platform, which is the legal seller of every invoice. */
export interface Seller {
  readonly name: string;
  /** 10 digits, no dash. */
  readonly organisationNumber: string;
  /** `SE` + 10 digits + `01`. */
  readonly vatNumber: string;
  readonly address: PostalAddress;
  /** The platform holds F-tax approval; stated as "Godkänd för F-skatt" (SE-R-005). */
  readonly approvedForFTax: true;
  /** Bankgiro number, digits only (7–8). */
  readonly bankgiro: string;
  /** For customers abroad, who cannot pay to a Bankgiro: the account's IBAN and BIC, printed on the PDF. */
  readonly iban?: string;
  readonly bic?: string;
  readonly endpoint: PeppolEndpoint;
  readonly contact?: { readonly name?: string; readonly phone?: string; readonly email?: string };
}

/** The freelancer who did the work; named in the document note, never a party. */
export interface Freelancer {
  readonly name: string;
}

export interface Buyer {
  readonly name: string;
  /** Organisation number (scheme `0007` for Swedish ones) or another legal registration id; absent for a private person. */
  readonly legalId?: { readonly id: string; readonly scheme?: string };
  /** VAT number with its country prefix; required for reverse charge (BR-AE-02). */
  readonly vatNumber?: string;
  readonly address: PostalAddress;
  /**
   * BT-49: the Peppol participant id when the customer has one; for a customer without (a private person, a company
   * outside Europe) its email under scheme EM, which EN 16931 allows and Peppol does not (a bookkeeping copy only);
   * absent when there is neither.
   */
  readonly endpoint?: PeppolEndpoint;
  readonly contactName?: string;
  readonly email?: string;
}

export interface InvoiceLine {
  /** 1-based line number as text (BT-126). */
  readonly id: string;
  readonly kind: 'service' | 'expense';
  /** BT-153, at most 50 characters in the product. */
  readonly description: string;
  /** Quantity in hundredths (150 = 1.5); negative for a discount (see withNonNegativePrice). */
  readonly quantityHundredths: number;
  readonly unitCode: UnitCode;
  /** Net price per unit, minor units; never negative (BR-27). */
  readonly unitPriceMinor: number;
  /** Line net amount, minor units: quantity × unit price, rounded (computed by invoice-totals.ts). */
  readonly netAmountMinor: number;
  readonly vatCategory: VatCategory;
  /** VAT rate in percent (25, 12, 6 or 0). */
  readonly vatPercent: number;
  /**
   * For a mileage allowance re-invoiced (kind `expense`): the trip as the freelancer entered it, printed on the PDF
   * beside the line (the e-invoice carries the line as one item at its net amount).
   */
  readonly mileage?: MileageLine;
}

export interface MileageLine {
  readonly from: string;
  readonly to: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** Kilometres in hundredths (7250 = 72.5 km). */
  readonly kmHundredths: number;
  /** The tax-free allowance per 10 km on the trip's date, SEK öre (2 500 = 25 kr per mil). */
  readonly allowancePer10KmSek: number;
}

/**
 * A line as EN 16931 allows it: the item net price (BT-146) is never negative (BR-27), so a discount row (a negative
 * unit price, which the product lets a freelancer type) becomes a negative quantity of the positive price. The line
 * net is the same product, to the öre; the PDF and the e-invoice both show the line this way (issue 21).
 */
export function withNonNegativePrice(line: InvoiceLine): InvoiceLine {
  if (line.unitPriceMinor >= 0) return line;
  return { ...line, quantityHundredths: -line.quantityHundredths, unitPriceMinor: -line.unitPriceMinor };
}

export interface VatBreakdown {
  readonly category: VatCategory;
  readonly percent: number;
  readonly taxableAmountMinor: number;
  readonly taxAmountMinor: number;
  /** VATEX code and text for a 0 % category; AE, O and G get their standard wording when absent; E needs one. */
  readonly exemption?: { readonly code?: string; readonly text: string };
}

export interface DocumentTotals {
  readonly lineExtensionMinor: number;
  readonly taxExclusiveMinor: number;
  readonly taxMinor: number;
  readonly taxInclusiveMinor: number;
  readonly payableMinor: number;
}

export interface InvoiceDocument {
  readonly kind: 'invoice' | 'credit_note';
  /** The gapless series number (BT-1). */
  readonly number: string;
  /** `YYYY-MM-DD`. */
  readonly issueDate: string;
  /** `YYYY-MM-DD`; on a credit note it is the date the credited amount is settled, if any. */
  readonly dueDate?: string;
  readonly currency: DocumentCurrency;
  readonly language: InvoiceLanguage;
  /** BT-10: the customer's reference ("Er referens"); with no reference the invoice number is used (PEPPOL-EN16931-R003). */
  readonly buyerReference?: string;
  readonly orderReference?: string;
  /** The invoice a credit note corrects (its number and issue date). */
  readonly creditedInvoice?: { readonly number: string; readonly issueDate: string };
  /** Delivery date when it differs from the issue date. */
  readonly deliveryDate?: string;
  readonly period?: { readonly start: string; readonly end: string };
  readonly seller: Seller;
  readonly freelancer: Freelancer;
  readonly buyer: Buyer;
  readonly lines: readonly InvoiceLine[];
  readonly vatBreakdown: readonly VatBreakdown[];
  readonly totals: DocumentTotals;
  /**
   * For an invoice in another currency than SEK: the total VAT in SEK (Swedish law requires it; BT-6/BT-111,
   * BR-53), converted by the caller at the rate it books.
   */
  readonly taxCurrency?: {
    readonly code: 'SEK';
    readonly taxAmountMinor: number;
    /** The rate used (SEK for one unit of the document currency, exact decimal) and its date, printed on the PDF. */
    readonly exchangeRate?: { readonly sekPerUnit: string; readonly date: string };
  };
  /** OCR reference (digits, length and Luhn check digit) paid to the seller's Bankgiro; invoices only. */
  readonly ocrReference?: string;
  /** Payment terms text incl. late payment interest, in the invoice language (BT-20). */
  readonly paymentTerms?: string;
  /** Days from issue to due date (the PDF states them). */
  readonly paymentTermsDays?: number;
  /** The yearly late payment interest agreed on the invoice, percent as an exact decimal (`'10.00'`). */
  readonly latePaymentInterestPercent?: string;
  /** The invoice states the statutory late payment interest (reference rate + 8 points) rather than a fixed rate. */
  readonly latePaymentInterestStatutory?: boolean;
  /** The reminder fee stated in advance, SEK öre ("Påminnelseavgift 60 kr tas ut vid påminnelse"). */
  readonly reminderFeeMinor?: number;
  /** For an interest invoice: the invoice whose late payment it charges. */
  readonly interestFor?: { readonly number: string; readonly issueDate: string; readonly dueDate: string };
}

/** A payment reminder of an invoice, printed over the invoice's own document (platform/pdf/invoice-pdf.ts). */
export interface ReminderFacts {
  readonly sequence: number;
  /** The Swedish day it was made. */
  readonly remindedOn: string;
  /** What was unpaid of the invoice then (minor units of its currency). */
  readonly outstandingMinor: number;
  /** The reminder fee it charges (SEK öre; 0 for none). */
  readonly feeMinor: number;
}

/** Formats integer minor units as a decimal with the currency's digits: 123456 → "1234.56", -5 → "-0.05". */
export function formatMinor(amountMinor: number, currency: DocumentCurrency): string {
  return formatScaled(amountMinor, currencyDigits(currency));
}

/** Formats hundredths as a decimal: 150 → "1.50". */
export function formatHundredths(hundredths: number): string {
  return formatScaled(hundredths, 2);
}

function formatScaled(value: number, digits: number): string {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Not an integer amount: ${value}`);
  }
  const negative = value < 0;
  const digitsText = String(Math.abs(value)).padStart(digits + 1, '0');
  const whole = digitsText.slice(0, digitsText.length - digits);
  const fraction = digitsText.slice(digitsText.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/** A VAT rate as the decimal the rules compare with: 25 → "25", 12.5 → "12.5". */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent) || percent < 0 || Math.round(percent * 100) !== percent * 100) {
    throw new RangeError(`Not a VAT rate: ${percent}`);
  }
  return String(percent);
}

export interface DocumentTextProblem {
  /** Where the text is, e.g. `buyer.name` or `lines.2.description`. */
  readonly field: string;
  /** The characters it cannot carry, each once (see invoice-text.ts). */
  readonly characters: readonly string[];
}

/**
 * Every text of the document that holds a character an invoice cannot carry (spec §8 code 18): the one check run on
 * the snapshot before the PDF and the e-invoice are made, so neither can meet such a character.
 */
export function invalidDocumentText(doc: InvoiceDocument): DocumentTextProblem[] {
  const texts: [string, string | undefined][] = [
    ['number', doc.number],
    ['buyerReference', doc.buyerReference],
    ['orderReference', doc.orderReference],
    ['paymentTerms', doc.paymentTerms],
    ['freelancer.name', doc.freelancer.name],
    ...partyTexts('seller', doc.seller),
    ['seller.contact.name', doc.seller.contact?.name],
    ['seller.contact.phone', doc.seller.contact?.phone],
    ['seller.contact.email', doc.seller.contact?.email],
    ...partyTexts('buyer', doc.buyer),
    ['buyer.legalId', doc.buyer.legalId?.id],
    ['buyer.endpoint', doc.buyer.endpoint?.id],
    ['creditedInvoice.number', doc.creditedInvoice?.number],
    ['buyer.contactName', doc.buyer.contactName],
    ['buyer.email', doc.buyer.email],
    ['interestFor.number', doc.interestFor?.number],
    ...doc.lines.map((line, i): [string, string] => [`lines.${i}.description`, line.description]),
    ...doc.lines.flatMap((line, i): [string, string][] =>
      line.mileage
        ? [
            [`lines.${i}.mileage.from`, line.mileage.from],
            [`lines.${i}.mileage.to`, line.mileage.to],
          ]
        : [],
    ),
    ...doc.vatBreakdown.map((entry, i): [string, string | undefined] => [
      `vatBreakdown.${i}.exemption`,
      entry.exemption?.text,
    ]),
  ];
  const problems: DocumentTextProblem[] = [];
  for (const [field, text] of texts) {
    if (text === undefined) continue;
    const characters = invalidInvoiceCharacters(text);
    if (characters.length > 0) problems.push({ field, characters });
  }
  return problems;
}

function partyTexts(prefix: string, party: Seller | Buyer): [string, string | undefined][] {
  return [
    [`${prefix}.name`, party.name],
    [`${prefix}.vatNumber`, party.vatNumber],
    [`${prefix}.address.street`, party.address.street],
    [`${prefix}.address.additionalStreet`, party.address.additionalStreet],
    [`${prefix}.address.postalCode`, party.address.postalCode],
    [`${prefix}.address.city`, party.address.city],
    [`${prefix}.address.country`, party.address.country],
  ];
}

export { isXmlSafeText } from './xml-writer.ts';
