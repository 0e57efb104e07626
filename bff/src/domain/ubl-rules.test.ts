// Unit tests for ubl-rules.ts: for every rule, a valid document of ours passes and the same document broken in that
// one respect fails with the rule's id. The official Peppol examples must pass too (no false positives).
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { describe, it } from 'node:test';
import { standardsForTests } from '../../../tools/standards/standards.ts';
import { DOCUMENT_KINDS } from '../../test/fixtures/edocs/invoice-documents.ts';
import { buildUbl } from './ubl.ts';
import { checkEInvoice, hasFatalFailure, IMPLEMENTED_RULES, NOT_USED_ATTRIBUTES } from './ubl-rules.ts';

const examples = await standardsForTests(['peppol-examples/']);

const xmlOf = (kind: string): string => {
  const doc = DOCUMENT_KINDS[kind];
  assert.ok(doc, kind);
  return buildUbl(doc);
};
const INV = xmlOf('one VAT rate');
const CN = xmlOf('credit note');
const AE = xmlOf('reverse charge to an EU business');
const G = xmlOf('export outside the EU (a document sent before services abroad were O)');
const O = xmlOf('services to a business outside the EU in USD');
const E = xmlOf('domestic exempt 0 %');
const EUR_WITH_VAT = xmlOf('foreign currency with VAT (EUR)');
// Sweden has no zero-rated services, but the Z rules are implemented; this is the exempt document turned into Z.
const Z = E.replaceAll('<cbc:ID>E</cbc:ID>', '<cbc:ID>Z</cbc:ID>').replace(
  /<cbc:TaxExemptionReason>[^<]*<\/cbc:TaxExemptionReason>/,
  '',
);

/** Replaces the `nth` (1-based) occurrence of `from`, failing when the document has no such text. */
function edit(xml: string, from: string, to: string, nth = 1): string {
  let index = -1;
  for (let i = 0; i < nth; i++) {
    index = xml.indexOf(from, index + 1);
    assert.notEqual(index, -1, `the document contains ${from} (${nth})`);
  }
  return xml.slice(0, index) + to + xml.slice(index + from.length);
}

/** Applies `change` to the first element `<tag>…</tag>` whose text contains `marker`. */
function editElement(xml: string, tag: string, marker: string, change: (element: string) => string): string {
  const pattern = new RegExp(`<${tag}>(?:(?!<${tag}>).)*?</${tag}>`, 'gs');
  for (const match of xml.matchAll(pattern)) {
    if (match[0].includes(marker)) {
      return xml.slice(0, match.index) + change(match[0]) + xml.slice(match.index + match[0].length);
    }
  }
  assert.fail(`no <${tag}> containing ${marker}`);
}

const subtotalOf = (xml: string, category: string, change: (element: string) => string): string =>
  editElement(xml, 'cac:TaxSubtotal', `<cbc:ID>${category}</cbc:ID>`, change);
const lineOf = (xml: string, category: string, change: (element: string) => string): string =>
  editElement(
    xml,
    xml.includes('<cac:InvoiceLine>') ? 'cac:InvoiceLine' : 'cac:CreditNoteLine',
    `<cbc:ID>${category}</cbc:ID>`,
    change,
  );
const remove = (xml: string, from: string, nth = 1): string => edit(xml, from, '', nth);
const insertAfter = (xml: string, anchor: string, added: string, nth = 1): string =>
  edit(xml, anchor, anchor + added, nth);

const SELLER_VAT =
  '<cac:PartyTaxScheme><cbc:CompanyID>SE559900123601</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>';
const SELLER_F_TAX =
  '<cac:PartyTaxScheme><cbc:CompanyID>Godkänd för F-skatt</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>';
const BUYER_VAT =
  '<cac:PartyTaxScheme><cbc:CompanyID>SE556677889901</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>';
const BUYER_ENDPOINT = '<cbc:EndpointID schemeID="0007">5566778899</cbc:EndpointID>';
const SEK_TAX_TOTAL = '<cac:TaxTotal><cbc:TaxAmount currencyID="SEK">0.00</cbc:TaxAmount></cac:TaxTotal>';
const withBuyerEndpoint = (scheme: string, id: string): string =>
  edit(INV, BUYER_ENDPOINT, `<cbc:EndpointID schemeID="${scheme}">${id}</cbc:EndpointID>`);
const withAttribute = (attribute: string): string =>
  edit(INV, '<cbc:ID>1001</cbc:ID>', `<cbc:ID ${attribute}="x">1001</cbc:ID>`);
const withPaymentAccount = (branch: string, id: string): string =>
  edit(edit(INV, '<cbc:ID>50501238</cbc:ID>', `<cbc:ID>${id}</cbc:ID>`), 'SE:BANKGIRO', branch);

/** For each rule: the base document (valid) and the same document broken in the way the rule forbids. */
const CASES: Record<string, readonly [base: string, broken: string]> = {
  'BR-01': [
    INV,
    remove(
      INV,
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
    ),
  ],
  'BR-02': [INV, edit(INV, '<cbc:ID>1001</cbc:ID>', '<cbc:ID> </cbc:ID>')],
  'BR-03': [INV, remove(INV, '<cbc:IssueDate>2026-03-02</cbc:IssueDate>')],
  'BR-04': [INV, remove(INV, '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>')],
  'BR-05': [INV, remove(INV, '<cbc:DocumentCurrencyCode>SEK</cbc:DocumentCurrencyCode>')],
  'BR-06': [INV, remove(INV, '<cbc:RegistrationName>Frilo Test AB</cbc:RegistrationName>')],
  'BR-07': [INV, remove(INV, '<cbc:RegistrationName>Kund &amp; Co AB</cbc:RegistrationName>')],
  'BR-08': [INV, editElement(INV, 'cac:PostalAddress', 'Testgatan', () => '')],
  'BR-09': [INV, remove(INV, '<cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country>')],
  'BR-10': [INV, editElement(INV, 'cac:PostalAddress', 'Kundvägen', () => '')],
  'BR-11': [INV, remove(INV, '<cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country>', 2)],
  'BR-12': [INV, remove(INV, '<cbc:LineExtensionAmount currencyID="SEK">12350.00</cbc:LineExtensionAmount>')],
  'BR-13': [INV, remove(INV, '<cbc:TaxExclusiveAmount currencyID="SEK">12350.00</cbc:TaxExclusiveAmount>')],
  'BR-14': [INV, remove(INV, '<cbc:TaxInclusiveAmount currencyID="SEK">15437.50</cbc:TaxInclusiveAmount>')],
  'BR-15': [INV, remove(INV, '<cbc:PayableAmount currencyID="SEK">15437.50</cbc:PayableAmount>')],
  'BR-16': [INV, INV.replace(/<cac:InvoiceLine>.*<\/cac:InvoiceLine>/s, '')],
  'BR-53': [AE, remove(AE, SEK_TAX_TOTAL)],
  'BR-21': [INV, edit(INV, '<cbc:ID>1</cbc:ID><cbc:InvoicedQuantity', '<cbc:ID> </cbc:ID><cbc:InvoicedQuantity')],
  'BR-22': [INV, remove(INV, '<cbc:InvoicedQuantity unitCode="HUR">10.50</cbc:InvoicedQuantity>')],
  'BR-23': [INV, edit(INV, ' unitCode="HUR">10.50', '>10.50')],
  'BR-24': [INV, remove(INV, '<cbc:LineExtensionAmount currencyID="SEK">9975.00</cbc:LineExtensionAmount>')],
  'BR-25': [INV, remove(INV, '<cbc:Name>Konsulttjänst &lt;webb&gt; &amp; design</cbc:Name>')],
  'BR-26': [INV, remove(INV, '<cac:Price><cbc:PriceAmount currencyID="SEK">950.00</cbc:PriceAmount></cac:Price>')],
  'BR-27': [INV, edit(INV, '>950.00<', '>-950.00<')],
  'BR-CO-04': [
    INV,
    lineOf(INV, 'S', (line) => line.replace(/<cac:ClassifiedTaxCategory>.*<\/cac:ClassifiedTaxCategory>/, '')),
  ],
  'BR-29': [
    INV,
    insertAfter(
      INV,
      '</cbc:BuyerReference>',
      '<cac:InvoicePeriod><cbc:StartDate>2026-02-28</cbc:StartDate><cbc:EndDate>2026-02-01</cbc:EndDate></cac:InvoicePeriod>',
    ),
  ],
  'BR-CO-19': [
    INV,
    insertAfter(
      INV,
      '</cbc:BuyerReference>',
      '<cac:InvoicePeriod><cbc:Description>februari</cbc:Description></cac:InvoicePeriod>',
    ),
  ],
  'BR-45': [INV, remove(INV, '<cbc:TaxableAmount currencyID="SEK">12350.00</cbc:TaxableAmount>')],
  'BR-46': [INV, subtotalOf(INV, 'S', (s) => s.replace('<cbc:TaxAmount currencyID="SEK">3087.50</cbc:TaxAmount>', ''))],
  'BR-47': [INV, subtotalOf(INV, 'S', (s) => s.replace('<cbc:ID>S</cbc:ID>', ''))],
  'BR-48': [INV, subtotalOf(INV, 'S', (s) => s.replace('<cbc:Percent>25</cbc:Percent>', ''))],
  'BR-CO-14': [
    INV,
    edit(
      INV,
      '<cbc:TaxAmount currencyID="SEK">3087.50</cbc:TaxAmount><cac:TaxSubtotal>',
      '<cbc:TaxAmount currencyID="SEK">3087.51</cbc:TaxAmount><cac:TaxSubtotal>',
    ),
  ],
  'BR-CO-17': [INV, subtotalOf(INV, 'S', (s) => s.replace('3087.50', '3090.00'))],
  'BR-CO-18': [INV, editElement(INV, 'cac:TaxSubtotal', '<cbc:ID>S</cbc:ID>', () => '')],
  'BR-CO-10': [
    INV,
    edit(
      INV,
      '<cbc:LineExtensionAmount currencyID="SEK">12350.00',
      '<cbc:LineExtensionAmount currencyID="SEK">12350.01',
    ),
  ],
  'BR-CO-11': [
    INV,
    insertAfter(
      INV,
      '15437.50</cbc:TaxInclusiveAmount>',
      '<cbc:AllowanceTotalAmount currencyID="SEK">10.00</cbc:AllowanceTotalAmount>',
    ),
  ],
  'BR-CO-12': [
    INV,
    insertAfter(
      INV,
      '15437.50</cbc:TaxInclusiveAmount>',
      '<cbc:ChargeTotalAmount currencyID="SEK">10.00</cbc:ChargeTotalAmount>',
    ),
  ],
  'BR-CO-13': [
    INV,
    edit(INV, '<cbc:TaxExclusiveAmount currencyID="SEK">12350.00', '<cbc:TaxExclusiveAmount currencyID="SEK">12351.00'),
  ],
  'BR-CO-15': [
    INV,
    edit(INV, '<cbc:TaxInclusiveAmount currencyID="SEK">15437.50', '<cbc:TaxInclusiveAmount currencyID="SEK">15438.50'),
  ],
  'BR-CO-16': [
    INV,
    edit(INV, '<cbc:PayableAmount currencyID="SEK">15437.50', '<cbc:PayableAmount currencyID="SEK">15000.00'),
  ],
  'BR-CO-25': [
    INV,
    remove(
      remove(INV, '<cbc:DueDate>2026-04-01</cbc:DueDate>'),
      INV.match(/<cac:PaymentTerms>.*<\/cac:PaymentTerms>/)?.[0] ?? '?',
    ),
  ],
  'BR-DEC-09': [
    INV,
    edit(
      INV,
      '<cbc:LineExtensionAmount currencyID="SEK">12350.00',
      '<cbc:LineExtensionAmount currencyID="SEK">12350.000',
    ),
  ],
  'BR-DEC-10': [
    INV,
    insertAfter(
      INV,
      '15437.50</cbc:TaxInclusiveAmount>',
      '<cbc:AllowanceTotalAmount currencyID="SEK">0.000</cbc:AllowanceTotalAmount>',
    ),
  ],
  'BR-DEC-11': [
    INV,
    insertAfter(
      INV,
      '15437.50</cbc:TaxInclusiveAmount>',
      '<cbc:ChargeTotalAmount currencyID="SEK">0.000</cbc:ChargeTotalAmount>',
    ),
  ],
  'BR-DEC-12': [
    INV,
    edit(
      INV,
      '<cbc:TaxExclusiveAmount currencyID="SEK">12350.00',
      '<cbc:TaxExclusiveAmount currencyID="SEK">12350.000',
    ),
  ],
  'BR-DEC-14': [
    INV,
    edit(
      INV,
      '<cbc:TaxInclusiveAmount currencyID="SEK">15437.50',
      '<cbc:TaxInclusiveAmount currencyID="SEK">15437.500',
    ),
  ],
  'BR-DEC-16': [
    INV,
    insertAfter(
      INV,
      '15437.50</cbc:TaxInclusiveAmount>',
      '<cbc:PrepaidAmount currencyID="SEK">0.000</cbc:PrepaidAmount>',
    ),
  ],
  'BR-DEC-17': [
    INV,
    insertAfter(
      INV,
      '15437.50</cbc:TaxInclusiveAmount>',
      '<cbc:PayableRoundingAmount currencyID="SEK">0.000</cbc:PayableRoundingAmount>',
    ),
  ],
  'BR-DEC-18': [
    INV,
    edit(INV, '<cbc:PayableAmount currencyID="SEK">15437.50', '<cbc:PayableAmount currencyID="SEK">15437.500'),
  ],
  'BR-DEC-13': [
    INV,
    edit(INV, '3087.50</cbc:TaxAmount><cac:TaxSubtotal>', '3087.500</cbc:TaxAmount><cac:TaxSubtotal>'),
  ],
  'BR-DEC-15': [AE, edit(AE, SEK_TAX_TOTAL, SEK_TAX_TOTAL.replace('0.00', '0.000'))],
  'BR-DEC-19': [
    INV,
    edit(INV, '<cbc:TaxableAmount currencyID="SEK">12350.00', '<cbc:TaxableAmount currencyID="SEK">12350.000'),
  ],
  'BR-DEC-20': [INV, subtotalOf(INV, 'S', (s) => s.replace('3087.50', '3087.500'))],
  'BR-DEC-23': [INV, edit(INV, '>9975.00<', '>9975.000<')],
  'BR-CO-09': [INV, edit(INV, 'SE556677889901', 'XX556677889901')],
  'BR-CO-26': [INV, remove(remove(INV, SELLER_VAT), '<cbc:CompanyID>5599001236</cbc:CompanyID>')],
  'BR-62': [INV, edit(INV, '<cbc:EndpointID schemeID="0007">5599001236', '<cbc:EndpointID>5599001236')],
  'BR-63': [INV, edit(INV, BUYER_ENDPOINT, '<cbc:EndpointID>5566778899</cbc:EndpointID>')],
  'BR-49': [INV, remove(INV, '<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>')],
  'BR-50': [INV, edit(INV, '<cbc:ID>50501238</cbc:ID>', '<cbc:ID> </cbc:ID>')],
  'BR-61': [INV, remove(INV, '<cbc:ID>50501238</cbc:ID>')],
  'BR-55': [CN, edit(CN, '<cac:InvoiceDocumentReference><cbc:ID>1001</cbc:ID>', '<cac:InvoiceDocumentReference>')],

  'UBL-SR-05': [
    INV,
    edit(INV, '<cac:PaymentTerms><cbc:Note>', '<cac:PaymentTerms><cbc:Note>Netto</cbc:Note><cbc:Note>'),
  ],
  'UBL-SR-08': [
    INV,
    insertAfter(
      INV,
      '</cbc:BuyerReference>',
      '<cac:InvoicePeriod><cbc:StartDate>2026-02-01</cbc:StartDate></cac:InvoicePeriod>'.repeat(2),
    ),
  ],
  'UBL-SR-09': [
    INV,
    insertAfter(
      INV,
      '<cbc:RegistrationName>Frilo Test AB</cbc:RegistrationName>',
      '<cbc:RegistrationName>Frilo</cbc:RegistrationName>',
    ),
  ],
  'UBL-SR-10': [INV, insertAfter(INV, '<cbc:Name>Frilo Test AB</cbc:Name>', '<cbc:Name>Frilo</cbc:Name>')],
  'UBL-SR-11': [
    INV,
    insertAfter(INV, '<cbc:CompanyID>5599001236</cbc:CompanyID>', '<cbc:CompanyID>5599001236</cbc:CompanyID>'),
  ],
  'UBL-SR-12': [INV, insertAfter(INV, SELLER_VAT, SELLER_VAT)],
  'UBL-SR-13': [INV, insertAfter(INV, SELLER_F_TAX, SELLER_F_TAX)],
  'UBL-SR-15': [
    INV,
    insertAfter(
      INV,
      '<cbc:RegistrationName>Kund &amp; Co AB</cbc:RegistrationName>',
      '<cbc:RegistrationName>Kund</cbc:RegistrationName>',
    ),
  ],
  'UBL-SR-16': [
    INV,
    insertAfter(INV, BUYER_ENDPOINT, '<cac:PartyIdentification><cbc:ID>1</cbc:ID></cac:PartyIdentification>'.repeat(2)),
  ],
  'UBL-SR-17': [
    INV,
    insertAfter(
      INV,
      '<cbc:CompanyID schemeID="0007">5566778899</cbc:CompanyID>',
      '<cbc:CompanyID>5566778899</cbc:CompanyID>',
    ),
  ],
  'UBL-SR-18': [INV, insertAfter(INV, BUYER_VAT, BUYER_VAT)],
  'UBL-SR-24': [
    INV,
    insertAfter(
      INV,
      '</cac:AccountingCustomerParty>',
      '<cac:Delivery><cbc:ActualDeliveryDate>2026-03-01</cbc:ActualDeliveryDate></cac:Delivery>'.repeat(2),
    ),
  ],
  'UBL-SR-40': [INV, insertAfter(INV, '<cbc:Name>Kund &amp; Co AB</cbc:Name>', '<cbc:Name>Kund</cbc:Name>')],
  'UBL-SR-26': [
    INV,
    insertAfter(INV, '<cbc:PaymentID>100164</cbc:PaymentID>', '<cbc:PaymentID>100164</cbc:PaymentID>'),
  ],
  'UBL-SR-27': [
    INV,
    insertAfter(
      INV,
      '<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>',
      '<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>',
    ),
  ],
  'UBL-SR-06': [
    CN,
    editElement(CN, 'cac:BillingReference', '1001', (b) =>
      b.replace(
        '</cac:InvoiceDocumentReference>',
        '</cac:InvoiceDocumentReference><cac:InvoiceDocumentReference><cbc:ID>1000</cbc:ID></cac:InvoiceDocumentReference>',
      ),
    ),
  ],
  'UBL-SR-07': [CN, edit(CN, '<cac:InvoiceDocumentReference><cbc:ID>1001</cbc:ID>', '<cac:InvoiceDocumentReference>')],
  'UBL-SR-32': [
    AE,
    edit(
      AE,
      '<cbc:TaxExemptionReason>Reverse charge</cbc:TaxExemptionReason>',
      '<cbc:TaxExemptionReason>Reverse charge</cbc:TaxExemptionReason>'.repeat(2),
    ),
  ],
  'UBL-SR-50': [
    INV,
    edit(
      INV,
      '<cac:Item><cbc:Name>',
      '<cac:Item><cbc:Description>a</cbc:Description><cbc:Description>b</cbc:Description><cbc:Name>',
    ),
  ],
  'UBL-SR-42': [INV, insertAfter(INV, SELLER_F_TAX, SELLER_F_TAX)],
  'UBL-SR-44': [
    INV,
    insertAfter(
      INV,
      '</cac:PaymentMeans>',
      '<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentID>999</cbc:PaymentID><cac:PayeeFinancialAccount><cbc:ID>50501238</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>',
    ),
  ],
  'UBL-SR-47': [
    INV,
    insertAfter(
      INV,
      '</cac:PaymentMeans>',
      '<cac:PaymentMeans><cbc:PaymentMeansCode>1</cbc:PaymentMeansCode></cac:PaymentMeans>',
    ),
  ],
  'UBL-SR-48': [
    INV,
    lineOf(INV, 'S', (line) => line.replace(/(<cac:ClassifiedTaxCategory>.*<\/cac:ClassifiedTaxCategory>)/, '$1$1')),
  ],
  'UBL-SR-51': [
    INV,
    edit(
      INV,
      '<cbc:PostalZone>11122</cbc:PostalZone>',
      '<cbc:PostalZone>11122</cbc:PostalZone><cac:AddressLine><cbc:Line>a</cbc:Line></cac:AddressLine><cac:AddressLine><cbc:Line>b</cbc:Line></cac:AddressLine>',
    ),
  ],
  'UBL-SR-53': [
    INV,
    edit(
      INV,
      SELLER_F_TAX,
      '<cac:PartyTaxScheme><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>',
    ),
  ],
  'UBL-DT-01': [
    INV,
    edit(INV, '<cbc:PayableAmount currencyID="SEK">15437.50', '<cbc:PayableAmount currencyID="SEK">15437.500'),
  ],
  'UBL-DT-18': [INV, withAttribute('name')],
  'UBL-CR': [INV, edit(INV, '<cbc:DueDate>', '<cbc:UUID>6a1c2b1e-3f0e-4d35-9d63-0a3f1c2e4b5a</cbc:UUID><cbc:DueDate>')],

  'BR-CL-01': [INV, edit(INV, '<cbc:InvoiceTypeCode>380', '<cbc:InvoiceTypeCode>999')],
  'BR-CL-03': [INV, edit(INV, '<cbc:PayableAmount currencyID="SEK">', '<cbc:PayableAmount currencyID="XYZ">')],
  'BR-CL-04': [INV, edit(INV, '<cbc:DocumentCurrencyCode>SEK', '<cbc:DocumentCurrencyCode>XYZ')],
  'BR-CL-05': [AE, edit(AE, '<cbc:TaxCurrencyCode>SEK', '<cbc:TaxCurrencyCode>XYZ')],
  'BR-CL-08': [INV, edit(INV, '<cbc:Note>Arbetet', '<cbc:Note>#QQQ#Arbetet')],
  'BR-CL-10': [
    INV,
    insertAfter(
      INV,
      BUYER_ENDPOINT,
      '<cac:PartyIdentification><cbc:ID schemeID="9999">1</cbc:ID></cac:PartyIdentification>',
    ),
  ],
  'BR-CL-11': [
    INV,
    edit(INV, '<cbc:CompanyID schemeID="0007">5566778899', '<cbc:CompanyID schemeID="9999">5566778899'),
  ],
  'BR-CL-14': [
    INV,
    edit(
      INV,
      '<cbc:IdentificationCode>SE</cbc:IdentificationCode>',
      '<cbc:IdentificationCode>XX</cbc:IdentificationCode>',
      2,
    ),
  ],
  'BR-CL-16': [INV, edit(INV, '<cbc:PaymentMeansCode>30', '<cbc:PaymentMeansCode>99')],
  'BR-CL-17': [INV, subtotalOf(INV, 'S', (s) => s.replace('<cbc:ID>S</cbc:ID>', '<cbc:ID>X</cbc:ID>'))],
  'BR-CL-18': [INV, lineOf(INV, 'S', (line) => line.replace('<cbc:ID>S</cbc:ID>', '<cbc:ID>X</cbc:ID>'))],
  'BR-CL-22': [AE, edit(AE, 'VATEX-EU-AE', 'VATEX-EU-XX')],
  'BR-CL-23': [INV, edit(INV, 'unitCode="HUR"', 'unitCode="XXX"')],
  'BR-CL-25': [INV, withBuyerEndpoint('1234', '5566778899')],
  'PEPPOL-EN16931-CL007': [
    INV,
    edit(INV, '<cbc:PayableAmount currencyID="SEK">', '<cbc:PayableAmount currencyID="XYZ">'),
  ],
  'PEPPOL-EN16931-CL008': [INV, withBuyerEndpoint('EM', 'ap@kund.test')],
  'PEPPOL-EN16931-P0100': [INV, edit(INV, '<cbc:InvoiceTypeCode>380', '<cbc:InvoiceTypeCode>81')],
  'PEPPOL-EN16931-P0101': [CN, edit(CN, '<cbc:CreditNoteTypeCode>381', '<cbc:CreditNoteTypeCode>261')],
  'PEPPOL-EN16931-P0112': [INV, edit(INV, '<cbc:InvoiceTypeCode>380', '<cbc:InvoiceTypeCode>326')],
  'PEPPOL-EN16931-P0104': [AE, edit(AE, 'VATEX-EU-AE', 'VATEX-EU-G')],
  'PEPPOL-EN16931-P0105': [AE, edit(AE, 'VATEX-EU-AE', 'VATEX-EU-O')],
  'PEPPOL-EN16931-P0106': [AE, edit(AE, 'VATEX-EU-AE', 'VATEX-EU-IC')],
  'PEPPOL-EN16931-P0107': [G, edit(G, 'VATEX-EU-G', 'VATEX-EU-AE')],
  'PEPPOL-EN16931-P0108': [AE, edit(AE, 'VATEX-EU-AE', 'VATEX-EU-D')],
  'PEPPOL-EN16931-P0109': [AE, edit(AE, 'VATEX-EU-AE', 'VATEX-EU-F')],
  'PEPPOL-EN16931-P0110': [AE, edit(AE, 'VATEX-EU-AE', 'VATEX-EU-I')],
  'PEPPOL-EN16931-P0111': [AE, edit(AE, 'VATEX-EU-AE', 'VATEX-EU-J')],
  'PEPPOL-EN16931-F001': [INV, edit(INV, '<cbc:IssueDate>2026-03-02', '<cbc:IssueDate>2026-02-30')],

  'PEPPOL-EN16931-R001': [
    INV,
    remove(INV, '<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>'),
  ],
  'PEPPOL-EN16931-R002': [INV, insertAfter(INV, '</cbc:Note>', '<cbc:Note>Tack!</cbc:Note>')],
  'PEPPOL-EN16931-R003': [INV, remove(INV, '<cbc:BuyerReference>Eva Ek</cbc:BuyerReference>')],
  'PEPPOL-EN16931-R004': [INV, edit(INV, '#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0', '')],
  'PEPPOL-EN16931-R005': [AE, edit(AE, '<cbc:TaxCurrencyCode>SEK', '<cbc:TaxCurrencyCode>EUR')],
  'PEPPOL-EN16931-R007': [INV, edit(INV, 'billing:01:1.0', 'billing:1:1.0')],
  'PEPPOL-EN16931-R008': [
    INV,
    edit(
      INV,
      '<cbc:BuyerReference>Eva Ek</cbc:BuyerReference>',
      '<cbc:BuyerReference>Eva Ek</cbc:BuyerReference><cbc:AccountingCost> </cbc:AccountingCost>',
    ),
  ],
  'PEPPOL-EN16931-R010': [INV, remove(INV, BUYER_ENDPOINT)],
  'PEPPOL-EN16931-R020': [INV, remove(INV, '<cbc:EndpointID schemeID="0007">5599001236</cbc:EndpointID>')],
  'PEPPOL-EN16931-R051': [
    INV,
    edit(INV, '<cbc:PayableAmount currencyID="SEK">', '<cbc:PayableAmount currencyID="EUR">'),
  ],
  'PEPPOL-EN16931-R053': [INV, editElement(INV, 'cac:TaxTotal', 'TaxSubtotal', (t) => t + t)],
  'PEPPOL-EN16931-R054': [INV, insertAfter(INV, '</cac:TaxTotal>', SEK_TAX_TOTAL)],
  'PEPPOL-EN16931-R055': [
    EUR_WITH_VAT,
    EUR_WITH_VAT.replace(/(<cac:TaxTotal><cbc:TaxAmount currencyID="SEK">)/, '$1-'),
  ],
  'PEPPOL-EN16931-R120': [INV, edit(edit(INV, '>9975.00<', '>9976.00<'), '>12350.00<', '>12351.00<')],
  'PEPPOL-EN16931-R121': [
    INV,
    edit(
      INV,
      '950.00</cbc:PriceAmount>',
      '950.00</cbc:PriceAmount><cbc:BaseQuantity unitCode="HUR">0</cbc:BaseQuantity>',
    ),
  ],
  'PEPPOL-EN16931-R130': [
    INV,
    edit(
      INV,
      '950.00</cbc:PriceAmount>',
      '950.00</cbc:PriceAmount><cbc:BaseQuantity unitCode="DAY">1</cbc:BaseQuantity>',
    ),
  ],
  'PEPPOL-COMMON-R040': [INV, withBuyerEndpoint('0088', '7300010000002')],
  'PEPPOL-COMMON-R041': [INV, withBuyerEndpoint('0192', '123456789')],
  'PEPPOL-COMMON-R042': [INV, withBuyerEndpoint('0184', 'DK1234567')],
  'PEPPOL-COMMON-R043': [INV, withBuyerEndpoint('0208', '0123456789')],
  'PEPPOL-COMMON-R044': [withBuyerEndpoint('0201', 'UFY9MH'), withBuyerEndpoint('0201', 'UFY9M')],
  'PEPPOL-COMMON-R045': [withBuyerEndpoint('0210', 'RSSMRA85T10A562S'), withBuyerEndpoint('0210', 'RSSMRA85T10A56')],
  'PEPPOL-COMMON-R046': [INV, withBuyerEndpoint('9907', '0123456789X')],
  'PEPPOL-COMMON-R047': [withBuyerEndpoint('0211', 'IT00743110157'), withBuyerEndpoint('0211', 'IT00743110158')],
  'PEPPOL-COMMON-R049': [INV, withBuyerEndpoint('0007', '5566778898')],
  'PEPPOL-COMMON-R050': [INV, withBuyerEndpoint('0151', '12345678901')],

  'SE-R-001': [INV, edit(INV, 'SE559900123601', 'SE5599001236011')],
  'SE-R-002': [INV, edit(INV, 'SE559900123601', 'SE5599001236AB')],
  'SE-R-003': [
    INV,
    edit(INV, '<cbc:CompanyID>5599001236</cbc:CompanyID>', '<cbc:CompanyID>55990012AB</cbc:CompanyID>'),
  ],
  'SE-R-004': [
    INV,
    edit(INV, '<cbc:CompanyID>5599001236</cbc:CompanyID>', '<cbc:CompanyID>55990012361</cbc:CompanyID>'),
  ],
  'SE-R-013': [
    INV,
    edit(INV, '<cbc:CompanyID>5599001236</cbc:CompanyID>', '<cbc:CompanyID>5599001237</cbc:CompanyID>'),
  ],
  'SE-R-005': [INV, edit(INV, 'Godkänd för F-skatt', 'Innehar F-skatt')],
  'SE-R-006': [INV, INV.replaceAll('<cbc:Percent>25</cbc:Percent>', '<cbc:Percent>20</cbc:Percent>')],
  'SE-R-007': [withPaymentAccount('SE:BANKGIRO', '1234567'), withPaymentAccount('SE:PLUSGIRO', 'ABC')],
  'SE-R-010': [withPaymentAccount('SE:BANKGIRO', '1234567'), withPaymentAccount('SE:PLUSGIRO', '123456789')],
  'SE-R-008': [INV, withPaymentAccount('SE:BANKGIRO', 'ABCDEFG')],
  'SE-R-009': [INV, withPaymentAccount('SE:BANKGIRO', '123456')],
  'SE-R-011': [INV, edit(INV, '<cbc:PaymentMeansCode>30', '<cbc:PaymentMeansCode>50')],
  'SE-R-012': [INV, edit(INV, '<cbc:PaymentMeansCode>30', '<cbc:PaymentMeansCode>31')],
};

for (const [id, attribute] of NOT_USED_ATTRIBUTES) {
  CASES[id] = [INV, withAttribute(attribute)];
}

// The VAT category families, each on a document that uses the category.
const FAMILY_BASES: ReadonlyArray<readonly [prefix: string, code: string, base: string]> = [
  ['BR-S', 'S', INV],
  ['BR-Z', 'Z', Z],
  ['BR-E', 'E', E],
  ['BR-AE', 'AE', AE],
  ['BR-G', 'G', G],
  ['BR-O', 'O', O],
];
for (const [prefix, code, base] of FAMILY_BASES) {
  const zero = code !== 'S';
  CASES[`${prefix}-01`] = [
    base,
    zero
      ? subtotalOf(base, code, (s) => s + s)
      : editElement(base, 'cac:TaxSubtotal', `<cbc:ID>${code}</cbc:ID>`, () => ''),
  ];
  CASES[`${prefix}-02`] = [
    base,
    code === 'O'
      ? edit(base, '<cac:PartyTaxScheme>', `${SELLER_VAT}<cac:PartyTaxScheme>`)
      : code === 'AE'
        ? remove(
            base,
            '<cac:PartyTaxScheme><cbc:CompanyID>DE123456788</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>',
          )
        : remove(remove(base, SELLER_VAT), SELLER_F_TAX),
  ];
  CASES[`${prefix}-05`] = [
    base,
    code === 'O'
      ? lineOf(base, code, (line) =>
          line.replace('<cbc:ID>O</cbc:ID>', '<cbc:ID>O</cbc:ID><cbc:Percent>0</cbc:Percent>'),
        )
      : lineOf(base, code, (line) =>
          line.replace(
            zero ? '<cbc:Percent>0</cbc:Percent>' : '<cbc:Percent>25</cbc:Percent>',
            zero ? '<cbc:Percent>25</cbc:Percent>' : '<cbc:Percent>0</cbc:Percent>',
          ),
        ),
  ];
  CASES[`${prefix}-08`] = [
    base,
    subtotalOf(base, code, (s) =>
      s.replace(
        /(<cbc:TaxableAmount currencyID="\w+">)(\d+)/,
        (_m, open: string, whole: string) => `${open}${Number(whole) + 5}`,
      ),
    ),
  ];
  CASES[`${prefix}-09`] = [
    base,
    subtotalOf(base, code, (s) =>
      s.replace(
        /(<cbc:TaxAmount currencyID="\w+">)(\d+)/,
        (_m, open: string, whole: string) => `${open}${Number(whole) + 5}`,
      ),
    ),
  ];
  CASES[`${prefix}-10`] = [
    base,
    zero && code !== 'Z'
      ? subtotalOf(base, code, (s) =>
          s
            .replace(/<cbc:TaxExemptionReasonCode>[^<]*<\/cbc:TaxExemptionReasonCode>/, '')
            .replace(/<cbc:TaxExemptionReason>[^<]*<\/cbc:TaxExemptionReason>/, ''),
        )
      : subtotalOf(base, code, (s) =>
          s.replace('<cac:TaxScheme>', '<cbc:TaxExemptionReason>Undantag</cbc:TaxExemptionReason><cac:TaxScheme>'),
        ),
  ];
}

// "Not subject to VAT" stands alone: no other breakdown (BR-O-11), no line of another category (BR-O-12).
CASES['BR-O-11'] = [
  O,
  subtotalOf(O, 'O', (s) =>
    s.replace(
      '</cac:TaxSubtotal>',
      '</cac:TaxSubtotal><cac:TaxSubtotal><cbc:TaxableAmount currencyID="USD">0.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="USD">0.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>E</cbc:ID><cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReason>Undantag</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>',
    ),
  ),
];
CASES['BR-O-12'] = [
  O,
  lineOf(O, 'O', (line) => line.replace('<cbc:ID>O</cbc:ID>', '<cbc:ID>E</cbc:ID><cbc:Percent>0</cbc:Percent>')),
];

const ruleIds = (xml: string): string[] => checkEInvoice(xml).map((failure) => failure.rule);

describe('checkEInvoice: every rule fails the document that breaks it', () => {
  it('has a case for every implemented rule, and no case for a rule it does not implement', () => {
    assert.deepEqual([...IMPLEMENTED_RULES].sort(), Object.keys(CASES).sort());
  });
  for (const [id, [base, broken]] of Object.entries(CASES)) {
    it(`${id}`, () => {
      assert.deepEqual(checkEInvoice(base), [], 'the unbroken document passes');
      const failures = checkEInvoice(broken).filter((failure) => failure.rule === id);
      assert.ok(failures.length > 0, `${id} is reported; got ${ruleIds(broken).join(', ') || 'nothing'}`);
      assert.ok(failures.every((failure) => failure.message.length > 10 && failure.location.startsWith('/')));
    });
  }
});

describe('checkEInvoice on whole documents', () => {
  for (const [kind, doc] of Object.entries(DOCUMENT_KINDS)) {
    it(`passes our ${kind} document with neither errors nor warnings`, () => {
      assert.deepEqual(checkEInvoice(buildUbl(doc)), []);
    });
  }

  for (const file of examples.files) {
    it(`passes the official Peppol example ${basename(file)} (no false positives)`, (context) => {
      if (examples.skip) return context.skip(examples.skip);
      assert.deepEqual(checkEInvoice(examples.text(file)), []);
    });
  }

  it('refuses a document that is not well-formed XML, with its line', () => {
    const failures = checkEInvoice('<Invoice>\n<cbc:ID>1</Invoice>');
    assert.equal(failures.length, 1);
    assert.equal(failures[0]?.rule, 'XML-WELL-FORMED');
    assert.match(failures[0]?.message ?? '', /line 2/);
    assert.ok(hasFatalFailure(failures));
  });

  it('refuses text an XML parser must refuse: undefined entities and references to characters XML cannot carry', () => {
    // What the old writer put out for "Konsult&nbsp;arbete" and friends; the old check let every one of them through.
    for (const raw of ['Konsult&nbsp;arbete', '&x;', '&#0;', '&#1;', 'R & D', 'a < b']) {
      const broken = edit(INV, 'Konsulttjänst &lt;webb&gt; &amp; design', raw);
      const failures = checkEInvoice(broken);
      assert.deepEqual(
        failures.map((f) => f.rule),
        ['XML-WELL-FORMED'],
        raw,
      );
      assert.ok(hasFatalFailure(failures));
    }
  });

  it('refuses a document that is not a UBL invoice or credit note', () => {
    assert.deepEqual(ruleIds('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>'), ['UBL']);
  });

  it('refuses a DOCTYPE (no entity expansion)', () => {
    assert.deepEqual(ruleIds('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'), ['XML-WELL-FORMED']);
  });

  it('reads the document by namespace, not by the prefixes the sender chose', () => {
    const renamed = INV.replaceAll('cac:', 'a:')
      .replaceAll('xmlns:cac=', 'xmlns:a=')
      .replaceAll('cbc:', 'b:')
      .replaceAll('xmlns:cbc=', 'xmlns:b=');
    assert.deepEqual(checkEInvoice(renamed), []);
  });

  it('tells warnings from fatal failures', () => {
    const failures = checkEInvoice(CASES['SE-R-009']?.[1] ?? '');
    assert.deepEqual(
      failures.map((f) => [f.rule, f.flag]),
      [['SE-R-009', 'warning']],
    );
    assert.equal(hasFatalFailure(failures), false);
  });
});
