// Unit tests for ubl.ts: every kind of document we send is valid UBL 2.1 (the official XSDs, from tools/standards)
// and passes every rule check; credit notes are CreditNotes that refer to the invoice; texts are escaped or refused.
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { describe, it } from 'node:test';
import { standardsForTests } from '../../../tools/standards/standards.ts';
import { DOCUMENT_KINDS, makeDocument } from '../../test/fixtures/edocs/invoice-documents.ts';
import { ublXsdSkip, validateUbl } from '../../test/fixtures/edocs/xsd.ts';
import { formatMinor, unitCodeFor, vatCategoryFor, isXmlSafeText } from './invoice-document.ts';
import { buildUbl, EInvoiceContentError } from './ubl.ts';
import { checkEInvoice } from './ubl-rules.ts';
import fc from 'fast-check';
import { parseXml, valueAt, selectPath } from './xml-tree.ts';
import { hostileText } from '../../test/fixtures/hostile-text.ts';

const UBL_PREFIXES = {
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': '',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': '',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
};
const consulting = (quantityHundredths: number, percent = 25) => ({
  description: 'Konsulttjänst',
  quantityHundredths,
  unitCode: 'HUR' as const,
  unitPriceMinor: 95_000,
  vatCategory: percent > 0 ? ('S' as const) : ('E' as const),
  vatPercent: percent,
});
const examples = await standardsForTests(['peppol-examples/']);
const oneRate = DOCUMENT_KINDS['one VAT rate'];
assert.ok(oneRate);

describe('buildUbl: every document kind is schema-valid UBL 2.1 and passes the rules', { skip: ublXsdSkip }, () => {
  for (const [kind, doc] of Object.entries(DOCUMENT_KINDS)) {
    it(`${kind}`, async () => {
      const xml = buildUbl(doc);
      const xsd = await validateUbl(xml);
      assert.deepEqual(xsd.errors, [], 'UBL 2.1 XSD');
      assert.ok(xsd.valid);
      assert.deepEqual(checkEInvoice(xml), [], 'EN 16931, Peppol BIS 3 and SE-R rules');
    });
  }

  it('the XSD check itself refuses an element out of order (so the test above can fail)', async () => {
    const xml = buildUbl(oneRate).replace(
      /(<cbc:DueDate>[^<]*<\/cbc:DueDate>)(<cbc:InvoiceTypeCode>380<\/cbc:InvoiceTypeCode>)/,
      '$2$1',
    );
    const xsd = await validateUbl(xml);
    assert.equal(xsd.valid, false);
  });

  for (const file of examples.files) {
    it(`the official example ${basename(file)} is schema-valid with the same XSD set`, async (context) => {
      if (examples.skip) return context.skip(examples.skip);
      assert.deepEqual((await validateUbl(examples.text(file))).errors, []);
    });
  }
});

describe('buildUbl content', () => {
  it('writes a credit note as a CreditNote with positive amounts that refers to the credited invoice', () => {
    const doc = DOCUMENT_KINDS['credit note'];
    assert.ok(doc);
    const xml = buildUbl(doc);
    assert.match(
      xml,
      /^<\?xml version="1.0" encoding="UTF-8"\?><CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/,
    );
    assert.match(xml, /<cbc:CreditNoteTypeCode>381<\/cbc:CreditNoteTypeCode>/);
    assert.match(
      xml,
      /<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>1001<\/cbc:ID><cbc:IssueDate>2026-02-02<\/cbc:IssueDate><\/cac:InvoiceDocumentReference><\/cac:BillingReference>/,
    );
    assert.match(xml, /<cbc:CreditedQuantity unitCode="HUR">10.50<\/cbc:CreditedQuantity>/);
    assert.match(xml, /<cbc:PayableAmount currencyID="SEK">15437.50<\/cbc:PayableAmount>/);
    assert.doesNotMatch(xml, />-\d/, 'no negative amount anywhere');
    assert.doesNotMatch(xml, /<cac:PaymentMeans>/, 'the customer pays nothing on a credit note');
  });

  it('names the platform as seller with F-tax and Bankgiro, the freelancer in the note, the OCR as payment id', () => {
    const xml = buildUbl(oneRate);
    assert.match(
      xml,
      /<cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID="0007">5599001236<\/cbc:EndpointID>/,
    );
    assert.match(xml, /<cbc:CompanyID>Godkänd för F-skatt<\/cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX<\/cbc:ID>/);
    assert.match(xml, /<cbc:Note>Arbetet utfört av: Anna Andersson<\/cbc:Note>/);
    assert.match(
      xml,
      /<cbc:PaymentMeansCode>30<\/cbc:PaymentMeansCode><cbc:PaymentID>100164<\/cbc:PaymentID><cac:PayeeFinancialAccount><cbc:ID>50501238<\/cbc:ID><cac:FinancialInstitutionBranch><cbc:ID>SE:BANKGIRO<\/cbc:ID>/,
    );
    assert.doesNotMatch(xml, /AllowanceCharge/, 'we never produce allowances or charges');
  });

  it('states reverse charge with both VAT numbers and the wording in the invoice language', () => {
    const en = buildUbl(DOCUMENT_KINDS['reverse charge to an EU business'] ?? oneRate);
    assert.match(
      en,
      /<cbc:ID>AE<\/cbc:ID><cbc:Percent>0<\/cbc:Percent><cbc:TaxExemptionReasonCode>VATEX-EU-AE<\/cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>Reverse charge</,
    );
    assert.match(en, /SE559900123601/);
    assert.match(en, /DE123456788/);
    const sv = buildUbl({ ...(DOCUMENT_KINDS['reverse charge to an EU business'] ?? oneRate), language: 'sv' });
    assert.match(sv, /<cbc:TaxExemptionReason>Omvänd betalningsskyldighet<\/cbc:TaxExemptionReason>/);
  });

  it('gives the VAT in SEK for an invoice in another currency (BT-6, BT-111)', () => {
    const xml = buildUbl(DOCUMENT_KINDS['foreign currency with VAT (EUR)'] ?? oneRate);
    // 3.33 h × 950.00 = 3163.50 EUR, VAT 790.88 EUR; at 11.4823 SEK/EUR that is 9081.12 SEK.
    assert.match(xml, /<cbc:TaxCurrencyCode>SEK<\/cbc:TaxCurrencyCode>/);
    assert.match(xml, /<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">790.88<\/cbc:TaxAmount><cac:TaxSubtotal>/);
    assert.match(xml, /<cac:TaxTotal><cbc:TaxAmount currencyID="SEK">9081.12<\/cbc:TaxAmount><\/cac:TaxTotal>/);
  });

  it('escapes markup in texts', () => {
    const xml = buildUbl(oneRate);
    assert.match(xml, /<cbc:Name>Kund &amp; Co AB<\/cbc:Name>/);
    assert.match(xml, /<cbc:Name>Konsulttjänst &lt;webb&gt; &amp; design<\/cbc:Name>/);
  });

  it('writes entity-looking text as text: the strict parser reads back exactly what was typed (issue 21)', () => {
    const doc = makeDocument({
      number: '2002',
      lines: [{ ...consulting(100), description: 'Konsult&nbsp;arbete &x; &#0; &#1; &#x41; R&amp;D' }],
    });
    const xml = buildUbl({ ...doc, buyerReference: 'R&amp;D' });
    assert.match(xml, /<cbc:Name>Konsult&amp;nbsp;arbete &amp;x; &amp;#0; &amp;#1; &amp;#x41; R&amp;amp;D<\/cbc:Name>/);
    const root = parseXml(xml, UBL_PREFIXES);
    assert.equal(valueAt(root, 'cbc:BuyerReference'), 'R&amp;D');
    assert.equal(
      selectPath(root, 'cac:InvoiceLine/cac:Item/cbc:Name')[0]?.text,
      'Konsult&nbsp;arbete &x; &#0; &#1; &#x41; R&amp;D',
    );
    assert.deepEqual(checkEInvoice(xml), []);
  });

  it('any text XML can carry, in any text field, round-trips exactly through a strict parser', () => {
    const texts = fc.record({
      buyerName: hostileText(),
      street: hostileText(),
      city: hostileText(),
      postalCode: hostileText(),
      reference: hostileText(),
      order: hostileText(),
      description: hostileText(),
      freelancer: hostileText(),
      contact: hostileText(),
      email: hostileText(),
      exemption: hostileText(),
      terms: hostileText(),
    });
    fc.assert(
      fc.property(texts, (t) => {
        fc.pre(Object.values(t).every((value) => value.trim() !== ''));
        const base = makeDocument({
          number: '2003',
          lines: [{ ...consulting(100, 0), description: t.description }],
          exemptionText: t.exemption,
        });
        const doc = {
          ...base,
          buyerReference: t.reference,
          orderReference: t.order,
          paymentTerms: t.terms,
          freelancer: { name: t.freelancer },
          buyer: {
            ...base.buyer,
            name: t.buyerName,
            contactName: t.contact,
            email: t.email,
            address: { ...base.buyer.address, street: t.street, city: t.city, postalCode: t.postalCode },
          },
        };
        const root = parseXml(buildUbl(doc), UBL_PREFIXES);
        const at = (path: string) => selectPath(root, path)[0]?.text;
        const party = 'cac:AccountingCustomerParty/cac:Party';
        assert.equal(at(`${party}/cac:PartyName/cbc:Name`), t.buyerName);
        assert.equal(at(`${party}/cac:PartyLegalEntity/cbc:RegistrationName`), t.buyerName);
        assert.equal(at(`${party}/cac:PostalAddress/cbc:StreetName`), t.street);
        assert.equal(at(`${party}/cac:PostalAddress/cbc:CityName`), t.city);
        assert.equal(at(`${party}/cac:PostalAddress/cbc:PostalZone`), t.postalCode);
        assert.equal(at(`${party}/cac:Contact/cbc:Name`), t.contact);
        assert.equal(at(`${party}/cac:Contact/cbc:ElectronicMail`), t.email);
        assert.equal(at('cbc:BuyerReference'), t.reference);
        assert.equal(at('cac:OrderReference/cbc:ID'), t.order);
        assert.equal(at('cac:PaymentTerms/cbc:Note'), t.terms);
        assert.equal(at('cbc:Note')?.replace(/^#AAI#/, ''), `Arbetet utfört av: ${t.freelancer}`);
        assert.equal(at('cac:InvoiceLine/cac:Item/cbc:Name'), t.description);
        assert.equal(at('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReason'), t.exemption);
      }),
      { numRuns: 300 },
    );
  });

  it('a "#" in the freelancer name cannot read as a note subject code (BR-CL-08): the note says AAI first', () => {
    const xml = buildUbl({ ...oneRate, freelancer: { name: 'Anna &#1;&#1; Berg' } });
    assert.match(xml, /<cbc:Note>#AAI#Arbetet utfört av: Anna &amp;#1;&amp;#1; Berg<\/cbc:Note>/);
    assert.deepEqual(checkEInvoice(xml), []);
    assert.match(buildUbl(oneRate), /<cbc:Note>Arbetet utfört av: Anna Andersson<\/cbc:Note>/, 'no code without a "#"');
  });

  it('refuses a text XML cannot carry instead of writing a broken document', () => {
    const doc = makeDocument({
      number: '2001',
      lines: [
        {
          description: 'Bell\u0007',
          quantityHundredths: 100,
          unitCode: 'HUR',
          unitPriceMinor: 100,
          vatCategory: 'S',
          vatPercent: 25,
        },
      ],
    });
    assert.throws(
      () => buildUbl(doc),
      (error) => error instanceof EInvoiceContentError && /line 1 description/.test(error.message),
    );
    assert.equal(isXmlSafeText('ok åäö €'), true);
    assert.equal(isXmlSafeText('lone \uD800 surrogate'), false);
  });

  it('refuses an invoice without due date or OCR, and a credit note without the invoice it credits', () => {
    assert.throws(() => buildUbl({ ...oneRate, dueDate: undefined }), EInvoiceContentError);
    assert.throws(() => buildUbl({ ...oneRate, ocrReference: undefined }), EInvoiceContentError);
    const credit = DOCUMENT_KINDS['credit note'] ?? oneRate;
    assert.throws(() => buildUbl({ ...credit, creditedInvoice: undefined }), EInvoiceContentError);
  });

  it('uses the invoice number as buyer reference when the customer gave none (PEPPOL-EN16931-R003)', () => {
    const xml = buildUbl({ ...oneRate, buyerReference: undefined });
    assert.match(xml, /<cbc:BuyerReference>1001<\/cbc:BuyerReference>/);
    assert.deepEqual(checkEInvoice(xml), []);
  });
});

describe('invoice-document helpers', () => {
  it('formats minor units with the currency digits', () => {
    assert.equal(formatMinor(123456, 'SEK'), '1234.56');
    assert.equal(formatMinor(5, 'EUR'), '0.05');
    assert.equal(formatMinor(-5, 'EUR'), '-0.05');
    assert.equal(formatMinor(0, 'USD'), '0.00');
    assert.throws(() => formatMinor(1.5, 'SEK'), RangeError);
  });

  it('maps our units to UN/ECE Rec 20 codes', () => {
    assert.deepEqual(['hour', 'day', 'pcs', 'km', 'month', 'week', 'whatever'].map(unitCodeFor), [
      'HUR',
      'DAY',
      'H87',
      'KMT',
      'MON',
      'WEE',
      'C62',
    ]);
  });

  it('picks the VAT category from the rate and the customer', () => {
    assert.equal(vatCategoryFor(25, 'reverse_charge'), 'S');
    assert.equal(vatCategoryFor(0, 'reverse_charge'), 'AE');
    assert.equal(vatCategoryFor(0, 'outside_scope'), 'O');
    assert.equal(vatCategoryFor(0, 'exempt'), 'E');
  });
});
