// Builds the Peppol BIS Billing 3.0 UBL 2.1 Invoice or CreditNote (EN 16931) for an outgoing document.
// Every document is then checked with checkEInvoice (ubl-rules.ts) before it leaves; this file only writes.

import {
  formatHundredths,
  formatMinor,
  formatPercent,
  type Buyer,
  type DocumentCurrency,
  type InvoiceDocument,
  type InvoiceLanguage,
  type InvoiceLine,
  type PostalAddress,
  type Seller,
  type VatBreakdown,
} from './invoice-document.ts';
import { isXmlSafeText, xmlDocument, XmlNode } from './xml-writer.ts';

export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export const UBL_NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** UNCL 1001: 380 commercial invoice, 381 credit note. */
const INVOICE_TYPE_CODE = '380';
const CREDIT_NOTE_TYPE_CODE = '381';
/** UNCL 4461 30: credit transfer; with the branch id SE:BANKGIRO this is how Swedish Bankgiro is stated (SE-R-011). */
const CREDIT_TRANSFER = '30';
const BANKGIRO_BRANCH = 'SE:BANKGIRO';

const TEXTS: Readonly<Record<InvoiceLanguage, Readonly<Record<string, string>>>> = {
  sv: {
    workBy: 'Arbetet utfört av',
    credits: 'Kreditering av faktura',
    fTax: 'Godkänd för F-skatt',
    AE: 'Omvänd betalningsskyldighet',
    O: 'Ej föremål för svensk mervärdesskatt',
    G: 'Export av tjänst utanför EU',
    interestFor: 'Dröjsmålsränta på faktura',
  },
  en: {
    workBy: 'Work performed by',
    credits: 'Credit of invoice',
    // SE-R-005 requires the Swedish wording whatever the invoice language.
    fTax: 'Godkänd för F-skatt',
    AE: 'Reverse charge',
    O: 'Not subject to VAT',
    G: 'Export outside the EU',
    interestFor: 'Late payment interest on invoice',
  },
};

/** VATEX codes for the 0 % categories we produce that have a single meaning. */
const DEFAULT_EXEMPTION_CODE: Readonly<Partial<Record<VatBreakdown['category'], string>>> = {
  AE: 'VATEX-EU-AE',
  O: 'VATEX-EU-O',
  G: 'VATEX-EU-G',
};

/** Thrown when a document cannot be written: a text XML cannot carry, or a field a Peppol document needs is missing. */
export class EInvoiceContentError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'EInvoiceContentError';
    this.field = field;
  }
}

type El = XmlNode;

/** The UBL XML (UTF-8, no pretty printing) of an invoice or credit note. */
export function buildUbl(doc: InvoiceDocument): string {
  const isCredit = doc.kind === 'credit_note';
  const root = new XmlNode(isCredit ? 'CreditNote' : 'Invoice', {
    xmlns: isCredit ? UBL_NS.creditNote : UBL_NS.invoice,
    'xmlns:cac': UBL_NS.cac,
    'xmlns:cbc': UBL_NS.cbc,
  });
  const w = new Writer(doc.currency);
  const t = TEXTS[doc.language];

  w.text(root, 'CustomizationID', CUSTOMIZATION_ID);
  w.text(root, 'ProfileID', PROFILE_ID);
  w.text(root, 'ID', doc.number, 'number');
  w.text(root, 'IssueDate', doc.issueDate);
  if (isCredit) {
    w.text(root, 'CreditNoteTypeCode', CREDIT_NOTE_TYPE_CODE);
  } else {
    if (!doc.dueDate) {
      throw new EInvoiceContentError('dueDate', 'an invoice needs a due date');
    }
    w.text(root, 'DueDate', doc.dueDate);
    w.text(root, 'InvoiceTypeCode', INVOICE_TYPE_CODE);
  }
  // PEPPOL-EN16931-R002 allows one note: it names the freelancer (and, on a credit note, the invoice it credits).
  const noteParts = [`${t.workBy}: ${doc.freelancer.name}`];
  if (isCredit && doc.creditedInvoice) {
    noteParts.push(`${t.credits} ${doc.creditedInvoice.number} (${doc.creditedInvoice.issueDate})`);
  }
  if (!isCredit && doc.interestFor) {
    noteParts.push(`${t.interestFor} ${doc.interestFor.number} (${doc.interestFor.issueDate})`);
  }
  // BR-CL-08 reads "#XXX#" anywhere in a note as a subject code, so a name like "A#1;&#B" would break it: a note with
  // a "#" starts with the code for general information (UNCL 4451 AAI), which the rule then reads instead.
  const note = noteParts.join('. ');
  w.text(root, 'Note', note.includes('#') ? `#AAI#${note}` : note, 'freelancer.name');
  w.text(root, 'DocumentCurrencyCode', doc.currency);
  if (doc.taxCurrency) {
    w.text(root, 'TaxCurrencyCode', doc.taxCurrency.code);
  }
  // PEPPOL-EN16931-R003: a buyer reference or an order reference must be there; the invoice number stands in.
  w.text(root, 'BuyerReference', nonEmpty(doc.buyerReference) ?? doc.number, 'buyerReference');
  if (doc.period) {
    const period = w.agg(root, 'InvoicePeriod');
    w.text(period, 'StartDate', doc.period.start);
    w.text(period, 'EndDate', doc.period.end);
  }
  if (nonEmpty(doc.orderReference)) {
    w.text(w.agg(root, 'OrderReference'), 'ID', doc.orderReference, 'orderReference');
  }
  if (isCredit) {
    if (!doc.creditedInvoice) {
      throw new EInvoiceContentError('creditedInvoice', 'a credit note refers to the invoice it credits');
    }
    const ref = w.agg(w.agg(root, 'BillingReference'), 'InvoiceDocumentReference');
    w.text(ref, 'ID', doc.creditedInvoice.number, 'creditedInvoice.number');
    w.text(ref, 'IssueDate', doc.creditedInvoice.issueDate);
  } else if (doc.interestFor) {
    // An interest invoice refers to the invoice whose late payment it charges (BG-3, preceding invoice reference).
    const ref = w.agg(w.agg(root, 'BillingReference'), 'InvoiceDocumentReference');
    w.text(ref, 'ID', doc.interestFor.number, 'interestFor.number');
    w.text(ref, 'IssueDate', doc.interestFor.issueDate);
  }
  // BR-O-02: a document with lines not subject to VAT carries neither party's VAT identifier (BT-31, BT-48); the
  // seller stays identified by its organisation number (BT-30) and its F-tax registration (BT-32).
  const notSubjectToVat = doc.lines.some((line) => line.vatCategory === 'O');
  writeSeller(w, root, doc.seller, t, !notSubjectToVat);
  writeBuyer(w, root, doc.buyer, !notSubjectToVat);
  if (doc.deliveryDate) {
    w.text(w.agg(root, 'Delivery'), 'ActualDeliveryDate', doc.deliveryDate);
  }
  if (!isCredit) {
    if (!doc.ocrReference) {
      throw new EInvoiceContentError('ocrReference', 'an invoice is paid with its OCR reference');
    }
    const means = w.agg(root, 'PaymentMeans');
    w.text(means, 'PaymentMeansCode', CREDIT_TRANSFER);
    w.text(means, 'PaymentID', doc.ocrReference, 'ocrReference');
    const account = w.agg(means, 'PayeeFinancialAccount');
    w.text(account, 'ID', doc.seller.bankgiro, 'seller.bankgiro');
    w.text(w.agg(account, 'FinancialInstitutionBranch'), 'ID', BANKGIRO_BRANCH);
  }
  if (nonEmpty(doc.paymentTerms)) {
    w.text(w.agg(root, 'PaymentTerms'), 'Note', doc.paymentTerms, 'paymentTerms');
  }
  const taxTotal = w.agg(root, 'TaxTotal');
  w.amount(taxTotal, 'TaxAmount', doc.totals.taxMinor);
  for (const breakdown of doc.vatBreakdown) {
    writeSubtotal(w, taxTotal, breakdown, t);
  }
  if (doc.taxCurrency) {
    // R054: the VAT total in the accounting currency is a second TaxTotal without subtotals.
    w.amount(w.agg(root, 'TaxTotal'), 'TaxAmount', doc.taxCurrency.taxAmountMinor, doc.taxCurrency.code);
  }
  const totals = w.agg(root, 'LegalMonetaryTotal');
  w.amount(totals, 'LineExtensionAmount', doc.totals.lineExtensionMinor);
  w.amount(totals, 'TaxExclusiveAmount', doc.totals.taxExclusiveMinor);
  w.amount(totals, 'TaxInclusiveAmount', doc.totals.taxInclusiveMinor);
  w.amount(totals, 'PayableAmount', doc.totals.payableMinor);
  for (const line of doc.lines) {
    writeLine(w, root, line, isCredit);
  }
  return xmlDocument(root);
}

function writeSeller(
  w: Writer,
  root: El,
  seller: Seller,
  t: Readonly<Record<string, string>>,
  withVatNumber: boolean,
): void {
  const party = w.agg(w.agg(root, 'AccountingSupplierParty'), 'Party');
  w.text(party, 'EndpointID', seller.endpoint.id, 'seller.endpoint', { schemeID: seller.endpoint.scheme });
  w.text(w.agg(party, 'PartyName'), 'Name', seller.name, 'seller.name');
  writeAddress(w, party, seller.address, 'seller.address');
  if (withVatNumber) {
    const vat = w.agg(party, 'PartyTaxScheme');
    w.text(vat, 'CompanyID', seller.vatNumber, 'seller.vatNumber');
    w.text(w.agg(vat, 'TaxScheme'), 'ID', 'VAT');
  }
  const fTax = w.agg(party, 'PartyTaxScheme');
  w.text(fTax, 'CompanyID', t.fTax ?? 'Godkänd för F-skatt');
  w.text(w.agg(fTax, 'TaxScheme'), 'ID', 'TAX');
  const legal = w.agg(party, 'PartyLegalEntity');
  w.text(legal, 'RegistrationName', seller.name, 'seller.name');
  w.text(legal, 'CompanyID', seller.organisationNumber, 'seller.organisationNumber');
  const contact = seller.contact;
  if (contact && (nonEmpty(contact.name) || nonEmpty(contact.phone) || nonEmpty(contact.email))) {
    const el = w.agg(party, 'Contact');
    w.optionalText(el, 'Name', contact.name, 'seller.contact.name');
    w.optionalText(el, 'Telephone', contact.phone, 'seller.contact.phone');
    w.optionalText(el, 'ElectronicMail', contact.email, 'seller.contact.email');
  }
}

function writeBuyer(w: Writer, root: El, buyer: Buyer, withVatNumber: boolean): void {
  const party = w.agg(w.agg(root, 'AccountingCustomerParty'), 'Party');
  if (buyer.endpoint) {
    w.text(party, 'EndpointID', buyer.endpoint.id, 'buyer.endpoint', { schemeID: buyer.endpoint.scheme });
  }
  w.text(w.agg(party, 'PartyName'), 'Name', buyer.name, 'buyer.name');
  writeAddress(w, party, buyer.address, 'buyer.address');
  if (withVatNumber && nonEmpty(buyer.vatNumber)) {
    const vat = w.agg(party, 'PartyTaxScheme');
    w.text(vat, 'CompanyID', buyer.vatNumber, 'buyer.vatNumber');
    w.text(w.agg(vat, 'TaxScheme'), 'ID', 'VAT');
  }
  const legal = w.agg(party, 'PartyLegalEntity');
  w.text(legal, 'RegistrationName', buyer.name, 'buyer.name');
  if (buyer.legalId && nonEmpty(buyer.legalId.id)) {
    const attrs = buyer.legalId.scheme ? { schemeID: buyer.legalId.scheme } : undefined;
    w.text(legal, 'CompanyID', buyer.legalId.id, 'buyer.legalId', attrs);
  }
  if (nonEmpty(buyer.contactName) || nonEmpty(buyer.email)) {
    const contact = w.agg(party, 'Contact');
    w.optionalText(contact, 'Name', buyer.contactName, 'buyer.contactName');
    w.optionalText(contact, 'ElectronicMail', buyer.email, 'buyer.email');
  }
}

function writeAddress(w: Writer, party: El, address: PostalAddress, field: string): void {
  const el = w.agg(party, 'PostalAddress');
  w.optionalText(el, 'StreetName', address.street, `${field}.street`);
  w.optionalText(el, 'AdditionalStreetName', address.additionalStreet, `${field}.additionalStreet`);
  w.optionalText(el, 'CityName', address.city, `${field}.city`);
  w.optionalText(el, 'PostalZone', address.postalCode, `${field}.postalCode`);
  w.text(w.agg(el, 'Country'), 'IdentificationCode', address.country, `${field}.country`);
}

function writeSubtotal(w: Writer, taxTotal: El, breakdown: VatBreakdown, t: Readonly<Record<string, string>>): void {
  const subtotal = w.agg(taxTotal, 'TaxSubtotal');
  w.amount(subtotal, 'TaxableAmount', breakdown.taxableAmountMinor);
  w.amount(subtotal, 'TaxAmount', breakdown.taxAmountMinor);
  const category = w.agg(subtotal, 'TaxCategory');
  w.text(category, 'ID', breakdown.category);
  // BR-48 / BR-O-05: "not subject to VAT" has no rate.
  if (breakdown.category !== 'O') w.text(category, 'Percent', formatPercent(breakdown.percent));
  if (breakdown.category !== 'S') {
    const code = breakdown.exemption?.code ?? DEFAULT_EXEMPTION_CODE[breakdown.category];
    const text = nonEmpty(breakdown.exemption?.text) ?? t[breakdown.category];
    if (!text) {
      throw new EInvoiceContentError(
        'vatBreakdown.exemption',
        `category ${breakdown.category} needs an exemption reason`,
      );
    }
    w.optionalText(category, 'TaxExemptionReasonCode', code, 'vatBreakdown.exemption.code');
    w.text(category, 'TaxExemptionReason', text, 'vatBreakdown.exemption.text');
  }
  w.text(w.agg(category, 'TaxScheme'), 'ID', 'VAT');
}

function writeLine(w: Writer, root: El, line: InvoiceLine, isCredit: boolean): void {
  const el = w.agg(root, isCredit ? 'CreditNoteLine' : 'InvoiceLine');
  w.text(el, 'ID', line.id, 'line.id');
  w.text(el, isCredit ? 'CreditedQuantity' : 'InvoicedQuantity', formatHundredths(line.quantityHundredths), 'line', {
    unitCode: line.unitCode,
  });
  w.amount(el, 'LineExtensionAmount', line.netAmountMinor);
  const item = w.agg(el, 'Item');
  w.text(item, 'Name', line.description, `line ${line.id} description`);
  const category = w.agg(item, 'ClassifiedTaxCategory');
  w.text(category, 'ID', line.vatCategory);
  if (line.vatCategory !== 'O') w.text(category, 'Percent', formatPercent(line.vatPercent));
  w.text(w.agg(category, 'TaxScheme'), 'ID', 'VAT');
  w.amount(w.agg(el, 'Price'), 'PriceAmount', line.unitPriceMinor);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/** Adds cac/cbc elements, refusing texts XML cannot carry and never writing an empty element (PEPPOL-EN16931-R008). */
class Writer {
  readonly currency: DocumentCurrency;
  constructor(currency: DocumentCurrency) {
    this.currency = currency;
  }

  agg(parent: El, name: string): El {
    return parent.ele(`cac:${name}`);
  }

  /** Writes the text exactly as given (escaped by XmlNode), so it reads back as the same string. */
  text(parent: El, name: string, value: string | undefined, field: string = name, attrs?: Record<string, string>): El {
    if (value === undefined || value.trim() === '') {
      throw new EInvoiceContentError(field, `${name} is empty`);
    }
    if (!isXmlSafeText(value) || (attrs && !Object.values(attrs).every(isXmlSafeText))) {
      throw new EInvoiceContentError(field, 'contains characters an XML document cannot carry');
    }
    return parent.ele(`cbc:${name}`, attrs).txt(value);
  }

  optionalText(parent: El, name: string, value: string | undefined, field: string): void {
    if (nonEmpty(value)) {
      this.text(parent, name, value, field);
    }
  }

  amount(parent: El, name: string, minor: number, currency: DocumentCurrency | 'SEK' = this.currency): void {
    parent.ele(`cbc:${name}`, { currencyID: currency }).txt(formatMinor(minor, currency));
  }
}
