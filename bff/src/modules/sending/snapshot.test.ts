// The document an invoice becomes (snapshot → UBL → PDF), for the cases issue 21 found wrong: discount rows, services
// to customers outside the EU, and the buyer's electronic address. Pure: no database, no server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detailsOf, SELLER, type CustomerSpec } from '../../../test/fixtures/edocs/invoice-details.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import type { ExchangeRate } from '../../domain/exchange-rates.ts';
import type { InvoiceDocument } from '../../domain/invoice-document.ts';
import { buildUbl } from '../../domain/ubl.ts';
import { checkEInvoice } from '../../domain/ubl-rules.ts';
import { parseXml, selectPath, valueAt, type XmlElement } from '../../domain/xml-tree.ts';
import { renderInvoicePdf } from '../../platform/pdf/invoice-pdf.ts';
import { buildSnapshot, creditNoteOf } from './snapshot.ts';

const PREFIXES = {
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': '',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': '',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
};

const SWEDISH_COMPANY: CustomerSpec = {
  type: 'organization',
  name: 'Kund AB',
  country: 'SE',
  governmentId: '556677-8899',
  email: 'ap@kund.se',
};

function snapshotOf(details: ReturnType<typeof detailsOf>, rate = '1.00'): InvoiceDocument {
  return buildSnapshot({
    details,
    kind: 'invoice',
    number: 1001,
    ocrReference: '100164',
    issueDate: details.invoice.invoiceDate,
    seller: SELLER,
    freelancerName: 'Anna Andersson',
    exchangeRate:
      details.values.currency === 'SEK'
        ? null
        : {
            currency: details.values.currency.toLowerCase() as ExchangeRate['currency'],
            sekPerUnit: rate,
            date: '2026-03-02',
          },
  });
}

const creditOf = (invoice: InvoiceDocument): InvoiceDocument => creditNoteOf(invoice, 1002, '2026-03-10');

const rulesOf = (doc: InvoiceDocument) => checkEInvoice(buildUbl(doc)).map((f) => f.rule);
const tree = (doc: InvoiceDocument): XmlElement => parseXml(buildUbl(doc), PREFIXES);

describe('a discount row (issue 21: BR-27)', () => {
  const details = detailsOf({
    customer: SWEDISH_COMPANY,
    rows: [
      { description: 'Konsulttjänst', unitPrice: 95_000, quantityHundredths: 1_000, vatPercentage: 25 },
      { description: 'Rabatt', unitPrice: -100_000, quantityHundredths: 100, unit: 'pcs', vatPercentage: 25 },
    ],
  });
  const invoice = snapshotOf(details);

  it('is a negative quantity of a positive price, with the same line net and totals to the öre', () => {
    const discount = invoice.lines[1];
    assert.deepEqual(
      [discount?.quantityHundredths, discount?.unitPriceMinor, discount?.netAmountMinor],
      [-100, 100_000, -100_000],
    );
    assert.equal(invoice.totals.taxExclusiveMinor, details.totals.totalExclVat);
    assert.equal(invoice.totals.taxExclusiveMinor, 850_000);
    assert.equal(invoice.totals.payableMinor, 1_062_500);
  });

  it('passes every rule in the invoice and in its credit note (old code: BR-27, refused at send to Peppol)', () => {
    assert.deepEqual(rulesOf(invoice), []);
    const xml = tree(invoice);
    const line = selectPath(xml, 'cac:InvoiceLine')[1] as XmlElement;
    assert.equal(valueAt(line, 'cbc:InvoicedQuantity'), '-1.00');
    assert.equal(valueAt(line, 'cbc:LineExtensionAmount'), '-1000.00');
    assert.equal(valueAt(line, 'cac:Price/cbc:PriceAmount'), '1000.00');
    const credit = creditOf(invoice);
    assert.deepEqual(rulesOf(credit), []);
    assert.equal(valueAt(tree(credit), 'cac:LegalMonetaryTotal/cbc:PayableAmount'), '10625.00');
  });

  it('is credited the same way when the invoice was sent with a negative price before', () => {
    const old: InvoiceDocument = {
      ...invoice,
      lines: invoice.lines.map((line) =>
        line.quantityHundredths < 0
          ? { ...line, quantityHundredths: -line.quantityHundredths, unitPriceMinor: -line.unitPriceMinor }
          : line,
      ),
    };
    assert.ok(rulesOf(old).includes('BR-27'), 'the old way breaks BR-27');
    assert.deepEqual(rulesOf(creditOf(old)), []);
  });

  it('shows in the PDF as the e-invoice has it: −1 × 1 000,00 = −1 000,00', async () => {
    const text = (await extractPdfText(await renderInvoicePdf(invoice))).text;
    assert.match(text, /Rabatt -1 st 1 000,00 25 % -1 000,00/);
    assert.match(text, /Att betala \(SEK\) 10 625,00/);
    const credit = (await extractPdfText(await renderInvoicePdf(creditOf(invoice)))).text;
    assert.match(credit, /Rabatt -1 st 1 000,00 25 % 1 000,00/);
  });
});

describe('services to customers outside the EU VAT area (issue 21: G is for goods)', () => {
  const outside: readonly [string, CustomerSpec][] = [
    [
      'a Norwegian company',
      {
        type: 'organization',
        name: 'Kunde AS',
        country: 'NO',
        postalCode: '0155',
        city: 'Oslo',
        governmentId: '923609016',
        vatNumber: 'NO923609016MVA',
        language: 'en',
      },
    ],
    [
      'a British company',
      {
        type: 'organization',
        name: 'Client Ltd',
        country: 'GB',
        postalCode: 'SW1A 1AA',
        city: 'London',
        vatNumber: 'GB980780684',
        language: 'en',
      },
    ],
    [
      'a US company an admin found on Peppol',
      {
        type: 'organization',
        name: 'Client Inc.',
        country: 'US',
        postalCode: '12345',
        city: 'Springfield',
        participantId: '0060:123456789',
        language: 'en',
      },
    ],
    [
      'a company on the Canary Islands (Spain, outside the EU VAT area)',
      {
        type: 'organization',
        name: 'Cliente SL',
        country: 'ES',
        postalCode: '35001',
        city: 'Las Palmas',
        vatNumber: 'ESB12345674',
        participantId: '9920:ESB12345674',
        language: 'en',
      },
    ],
  ];
  for (const [name, customer] of outside) {
    it(`${name}: 0 % rows are "not subject to VAT" (O) with VATEX-EU-O, the same words in the PDF`, async () => {
      const invoice = snapshotOf(
        detailsOf({
          customer,
          currency: 'EUR',
          rows: [
            { description: 'Workshop', unitPrice: 120_000, quantityHundredths: 200, unit: 'day', vatPercentage: 0 },
          ],
          expenses: [{ type: 'receipt', description: 'Train', amount: 50_000, vatPercentage: 6 }],
        }),
        '11.4823',
      );
      assert.deepEqual(
        invoice.lines.map((line) => line.vatCategory),
        ['O', 'O'],
      );
      assert.deepEqual(rulesOf(invoice), []);
      const xml = tree(invoice);
      const category = selectPath(xml, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory')[0] as XmlElement;
      assert.equal(valueAt(category, 'cbc:ID'), 'O');
      assert.equal(valueAt(category, 'cbc:Percent'), undefined);
      assert.equal(valueAt(category, 'cbc:TaxExemptionReasonCode'), 'VATEX-EU-O');
      const reason = valueAt(category, 'cbc:TaxExemptionReason') ?? '';
      assert.match(reason, /Not subject to Swedish VAT/);
      // BR-O-02: no VAT identifier of either party; the seller stays identified by its organisation number.
      assert.equal(selectPath(xml, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme').length, 1);
      assert.equal(
        valueAt(xml, 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID'),
        '5599001236',
      );
      assert.equal(selectPath(xml, 'cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme').length, 0);
      const pdf = (await extractPdfText(await renderInvoicePdf(invoice))).text;
      assert.ok(pdf.includes(reason), `the PDF says "${reason}"`);
      assert.doesNotMatch(pdf, /Export/);
    });
  }

  it('a Swedish and an EU customer keep their categories (E and AE), and 25 % stays S anywhere', () => {
    const exempt = snapshotOf(
      detailsOf({
        customer: SWEDISH_COMPANY,
        rows: [{ description: 'Kurs', unitPrice: 10_000, quantityHundredths: 100, vatPercentage: 0 }],
      }),
    );
    assert.equal(exempt.lines[0]?.vatCategory, 'E');
    const reverse = snapshotOf(
      detailsOf({
        customer: {
          type: 'organization',
          name: 'Kunde GmbH',
          country: 'DE',
          postalCode: '10115',
          city: 'Berlin',
          vatNumber: 'DE811569869',
          reverseVat: true,
        },
        rows: [{ description: 'Software', unitPrice: 10_000, quantityHundredths: 100, vatPercentage: 0 }],
      }),
    );
    assert.equal(reverse.lines[0]?.vatCategory, 'AE');
    const taxed = snapshotOf(
      detailsOf({
        customer: {
          type: 'individual',
          name: 'Jane Doe',
          country: 'US',
          postalCode: '12345',
          email: 'jane@example.com',
        },
        rows: [{ description: 'Portrait', unitPrice: 10_000, quantityHundredths: 100, vatPercentage: 25 }],
      }),
    );
    assert.equal(taxed.lines[0]?.vatCategory, 'S');
  });
});

describe("the buyer's electronic address (issue 21: EM is not a Peppol scheme)", () => {
  const endpointOf = (customer: CustomerSpec) => {
    const invoice = snapshotOf(
      detailsOf({
        customer,
        rows: [{ description: 'Arbete', unitPrice: 100_000, quantityHundredths: 100, vatPercentage: 25 }],
      }),
    );
    const endpoint = selectPath(tree(invoice), 'cac:AccountingCustomerParty/cac:Party/cbc:EndpointID')[0];
    return { endpoint: endpoint ? `${endpoint.attrs.schemeID}:${endpoint.text}` : null, rules: rulesOf(invoice) };
  };

  it('is the Peppol participant id wherever one is known or can be derived', () => {
    assert.deepEqual(endpointOf(SWEDISH_COMPANY), { endpoint: '0007:5566778899', rules: [] });
    assert.deepEqual(
      endpointOf({
        type: 'organization',
        name: 'Kunde AS',
        country: 'NO',
        postalCode: '0155',
        governmentId: '923609016',
        email: 'a@kunde.no',
      }),
      { endpoint: '0192:923609016', rules: [] },
    );
    assert.deepEqual(
      endpointOf({
        type: 'organization',
        name: 'Kunde AS',
        country: 'NO',
        postalCode: '0155',
        vatNumber: 'NO923609016MVA',
      }),
      { endpoint: '0192:923609016', rules: [] },
    );
    assert.deepEqual(
      endpointOf({
        type: 'organization',
        name: 'Kunde GmbH',
        country: 'DE',
        postalCode: '10115',
        vatNumber: 'DE811569869',
      }),
      { endpoint: '9930:DE811569869', rules: [] },
    );
    assert.deepEqual(
      endpointOf({
        type: 'organization',
        name: 'Kund AB',
        country: 'SE',
        governmentId: '556677-8899',
        participantId: '0088:7300010000001',
      }),
      { endpoint: '0088:7300010000001', rules: [] },
      'what an admin or the directory recorded wins',
    );
  });

  it('without one, the bookkeeping copy names the email (EM) and breaks only the Peppol EAS list rule', () => {
    assert.deepEqual(
      endpointOf({
        type: 'individual',
        name: 'Petra Privat',
        country: 'SE',
        governmentId: '198112189876',
        email: 'petra@example.se',
      }),
      {
        endpoint: 'EM:petra@example.se',
        rules: ['PEPPOL-EN16931-CL008'],
      },
    );
    assert.deepEqual(
      endpointOf({
        type: 'organization',
        name: 'Client Inc.',
        country: 'US',
        postalCode: '12345',
        email: 'ap@client.com',
      }),
      {
        endpoint: 'EM:ap@client.com',
        rules: ['PEPPOL-EN16931-CL008'],
      },
    );
  });

  it('with no address at all there is no made-up one (was EM "unknown"): only the Peppol rule that requires one fails', () => {
    assert.deepEqual(
      endpointOf({ type: 'organization', name: 'Client Inc.', country: 'US', postalCode: '12345', email: null }),
      {
        endpoint: null,
        rules: ['PEPPOL-EN16931-R010'],
      },
    );
  });
});

describe('mileage', () => {
  it('a trip keeps its description; without one it is named by its places as typed, never cut', () => {
    const from = `Storgatan ${'1'.repeat(90)}`;
    const to = `Lillgatan ${'2'.repeat(90)}`;
    const invoice = snapshotOf(
      detailsOf({
        customer: SWEDISH_COMPANY,
        rows: [{ description: 'Arbete', unitPrice: 100_000, quantityHundredths: 100, vatPercentage: 25 }],
        expenses: [
          { type: 'mileage', description: 'Resa', from, to, kmHundredths: 1_000, amount: 2_500 },
          { type: 'mileage', description: ' ', from, to, kmHundredths: 1_000, amount: 2_500 },
        ],
      }),
    );
    assert.equal(invoice.lines[1]?.description, 'Resa');
    assert.deepEqual(invoice.lines[1]?.mileage && [invoice.lines[1].mileage.from, invoice.lines[1].mileage.to], [
      from,
      to,
    ]);
    assert.equal(invoice.lines[2]?.description, `Milersättning ${from} – ${to}`);
    assert.equal(
      selectPath(tree(invoice), 'cac:InvoiceLine/cac:Item/cbc:Name')[2]?.text,
      `Milersättning ${from} – ${to}`,
    );
  });
});
