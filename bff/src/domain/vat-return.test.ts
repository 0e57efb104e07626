// The VAT return and the EC sales list against a month computed by hand (every VAT case, three currencies, credit
// notes in and across periods), and by property: the boxes add up and a credit note cancels its invoice to the öre.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ecSalesListPeriodCode, parseReportPeriod } from './report-period.ts';
import {
  documentInSek,
  ecSalesList,
  ecSalesListFile,
  EcSalesListFileError,
  VatDocumentError,
  vatReturn,
  type VatDocument,
} from './vat-return.ts';

const EUR = { sekPerUnit: '11.0534', date: '2026-11-02' };

function doc(partial: Partial<VatDocument> & Pick<VatDocument, 'number' | 'vatBreakdown'>): VatDocument {
  return {
    documentId: `d${partial.number}`,
    invoiceId: `i${partial.number}`,
    kind: 'invoice',
    issueDate: '2026-11-05',
    currency: 'SEK',
    buyer: { name: 'Kund AB', country: 'SE', postalCode: '41101', vatNumber: 'SE556036079301' },
    ...partial,
  };
}

// The month, by hand (SEK öre; EUR at 11.0534, USD at 9.5):
//   1001 SEK 25 %: 40 000 + 10 000 VAT                     → 05 +4 000 000, 10 +1 000 000
//   1002 SEK 12 % 10 000 (1 200 VAT) and 6 % 5 000 (300)    → 05 +1 500 000, 11 +120 000, 12 +30 000
//   1003 EUR 2 000.00 reverse charge, DE business          → 39 +2 210 680 (200 000 × 11.0534)
//   1004 USD 1 500.00 to a US business, category O         → 40 +1 425 000
//   1005 SEK 3 000 exempt                                  → 42 +300 000
//   1006 credit note of an invoice of October, SEK 25 % 8 000 + 2 000 → 05 −800 000, 10 −200 000
//   1007 EUR 1 000.00 reverse charge, FI business, and 1008 its credit note the same month → 39 ±1 105 340
//   1009 EUR 100.00 + 25.00 VAT to a French consumer       → 05 +110 534, 10 +27 634 (2 500 × 11.0534 = 27 633.5)
//   1010 SEK 10 000 construction, reverse charge in Sweden → 41 +1 000 000
//   input VAT of the month's receipts                      → 48 12 345
const MONTH: VatDocument[] = [
  doc({
    number: '1001',
    vatBreakdown: [{ category: 'S', percent: 25, taxableAmountMinor: 4_000_000, taxAmountMinor: 1_000_000 }],
  }),
  doc({
    number: '1002',
    vatBreakdown: [
      { category: 'S', percent: 12, taxableAmountMinor: 1_000_000, taxAmountMinor: 120_000 },
      { category: 'S', percent: 6, taxableAmountMinor: 500_000, taxAmountMinor: 30_000 },
    ],
  }),
  doc({
    number: '1003',
    currency: 'EUR',
    buyer: { name: 'Muster GmbH', country: 'DE', postalCode: '10115', vatNumber: 'DE 123 456 789' },
    vatBreakdown: [{ category: 'AE', percent: 0, taxableAmountMinor: 200_000, taxAmountMinor: 0 }],
    taxCurrency: { taxAmountMinor: 0, exchangeRate: EUR },
  }),
  doc({
    number: '1004',
    currency: 'USD',
    buyer: { name: 'Acme Inc', country: 'US', postalCode: '10001' },
    vatBreakdown: [{ category: 'O', percent: 0, taxableAmountMinor: 150_000, taxAmountMinor: 0 }],
    taxCurrency: { taxAmountMinor: 0, exchangeRate: { sekPerUnit: '9.5', date: '2026-11-03' } },
  }),
  doc({
    number: '1005',
    vatBreakdown: [{ category: 'E', percent: 0, taxableAmountMinor: 300_000, taxAmountMinor: 0 }],
  }),
  doc({
    number: '1006',
    kind: 'credit_note',
    issueDate: '2026-11-20',
    vatBreakdown: [{ category: 'S', percent: 25, taxableAmountMinor: 800_000, taxAmountMinor: 200_000 }],
  }),
  ...(['1007', '1008'] as const).map((number) =>
    doc({
      number,
      kind: number === '1007' ? 'invoice' : 'credit_note',
      currency: 'EUR',
      buyer: { name: 'Oy Esimerkki Ab', country: 'FI', postalCode: '00100', vatNumber: 'FI12345671' },
      vatBreakdown: [{ category: 'AE', percent: 0, taxableAmountMinor: 100_000, taxAmountMinor: 0 }],
      taxCurrency: { taxAmountMinor: 0, exchangeRate: EUR },
    }),
  ),
  doc({
    number: '1009',
    currency: 'EUR',
    buyer: { name: 'Marie Dupont', country: 'FR', postalCode: '75001' },
    vatBreakdown: [{ category: 'S', percent: 25, taxableAmountMinor: 10_000, taxAmountMinor: 2_500 }],
    taxCurrency: { taxAmountMinor: 27_634, exchangeRate: EUR },
  }),
  doc({
    number: '1010',
    buyer: { name: 'Bygg AB', country: 'SE', postalCode: '11122', vatNumber: 'SE556036079301' },
    vatBreakdown: [{ category: 'AE', percent: 0, taxableAmountMinor: 1_000_000, taxAmountMinor: 0 }],
  }),
];

describe('VAT return: a month computed by hand', () => {
  const documents = MONTH.map(documentInSek);

  it('fills every box in öre and in whole kronor, 49 = 10 + 11 + 12 − 48', () => {
    const figures = vatReturn(documents, 12_345);
    assert.deepEqual(figures.boxes, {
      '05': 4_810_534,
      '10': 827_634,
      '11': 120_000,
      '12': 30_000,
      '36': 0,
      '39': 2_210_680,
      '40': 1_425_000,
      '41': 1_000_000,
      '42': 300_000,
      '48': 12_345,
      '49': 965_289,
    });
    assert.deepEqual(figures.kronor, {
      '05': 48_105,
      '10': 8_276,
      '11': 1_200,
      '12': 300,
      '36': 0,
      '39': 22_106,
      '40': 14_250,
      '41': 10_000,
      '42': 3_000,
      '48': 123,
      '49': 9_653,
    });
    assert.equal(figures.documents, 10);
  });

  it('each document in SEK: the receivable, the sign of a credit note, the rate it used', () => {
    const [first, , germany, , , credit] = documents;
    assert.equal(first!.total, 5_000_000);
    assert.equal(credit!.total, -1_000_000);
    assert.equal(credit!.sign, -1);
    assert.equal(germany!.total, 2_210_680);
    assert.deepEqual(germany!.rate, { currency: 'eur', date: '2026-11-02', sekPerUnit: '11.0534' });
  });

  it('the EC sales list: box 39 per buyer VAT number, a buyer whose sales were credited listed with 0', () => {
    const lines = ecSalesList(documents);
    assert.deepEqual(
      lines.map((l) => [l.vatNumber, l.services, l.documents]),
      [
        ['DE123456789', 2_210_680, ['1003']],
        ['FI12345671', 0, ['1007', '1008']],
      ],
    );
    assert.equal(
      lines.reduce((s, l) => s + l.services, 0),
      vatReturn(documents, 0).boxes['39'],
    );
  });

  it('the EC sales list file in Skatteverket’s format SKV574008', () => {
    const file = ecSalesListFile({
      vatNumber: 'SE559900123601',
      periodCode: ecSalesListPeriodCode(parseReportPeriod('2026-11')!),
      contact: { name: 'Lisa Lön; ekonomi', phone: '08-12345678', email: 'lon@frilo.example' },
      lines: ecSalesList(documents),
    });
    assert.equal(
      file,
      'SKV574008;\r\nSE559900123601;2611;Lisa Lön  ekonomi;08-12345678;lon@frilo.example\r\n' +
        'DE123456789;;;22106;\r\nFI12345671;;;0;\r\n',
    );
    assert.equal(ecSalesListPeriodCode(parseReportPeriod('2026-Q4')!), '26-4');
    assert.throws(
      () =>
        ecSalesListFile({
          vatNumber: 'SE1',
          periodCode: '2611',
          contact: { name: 'a', phone: '1', email: 'e' },
          lines: [],
        }),
      EcSalesListFileError,
    );
  });

  it('a foreign document with several VAT rates: the parts add up to the SEK VAT the document states', () => {
    // 3 cents at 25 % and 3 at 12 %, at 10.5555: 31.6665 and 31.6665 öre each round to 32, the total 63.333 to 63.
    const mixed = documentInSek(
      doc({
        number: '2001',
        currency: 'EUR',
        vatBreakdown: [
          { category: 'S', percent: 25, taxableAmountMinor: 12, taxAmountMinor: 3 },
          { category: 'S', percent: 12, taxableAmountMinor: 25, taxAmountMinor: 3 },
        ],
        taxCurrency: { taxAmountMinor: 63, exchangeRate: { sekPerUnit: '10.5555', date: '2026-11-02' } },
      }),
    );
    assert.deepEqual(
      mixed.parts.map((p) => p.vat),
      [32, 31],
    );
  });

  it('refuses a foreign document without its rate and VAT in a 0 % category', () => {
    assert.throws(() => documentInSek(doc({ number: '3', currency: 'EUR', vatBreakdown: [] })), VatDocumentError);
    assert.throws(
      () =>
        documentInSek(
          doc({ number: '4', vatBreakdown: [{ category: 'E', percent: 0, taxableAmountMinor: 1, taxAmountMinor: 1 }] }),
        ),
      VatDocumentError,
    );
  });
});

const categoryArb = fc.constantFrom('S25', 'S12', 'S6', 'E', 'AE', 'O');
const documentArb = fc
  .record({
    number: fc.integer({ min: 1, max: 1e6 }),
    currency: fc.constantFrom('SEK', 'EUR', 'USD', 'NOK', 'DKK', 'GBP'),
    country: fc.constantFrom('SE', 'DE', 'FI', 'US', 'NO', 'GB'),
    rows: fc.array(fc.record({ category: categoryArb, net: fc.integer({ min: 0, max: 1e9 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    rate: fc.integer({ min: 1, max: 200_000 }).map((n) => (n / 10_000).toFixed(4)),
  })
  .map(({ number, currency, country, rows, rate }): VatDocument => {
    const breakdown = rows.map(({ category, net }) => {
      const percent = category === 'S25' ? 25 : category === 'S12' ? 12 : category === 'S6' ? 6 : 0;
      return {
        category: category.startsWith('S') ? ('S' as const) : (category as 'E' | 'AE' | 'O'),
        percent,
        taxableAmountMinor: net,
        taxAmountMinor: Math.round((net * percent) / 100),
      };
    });
    const tax = breakdown.reduce((s, b) => s + b.taxAmountMinor, 0);
    return doc({
      number: String(number),
      currency: currency as VatDocument['currency'],
      buyer: { name: 'X', country, postalCode: '12345', vatNumber: `${country}123456789` },
      vatBreakdown: breakdown,
      ...(currency !== 'SEK'
        ? {
            taxCurrency: {
              taxAmountMinor: Math.round(tax * Number(rate)),
              exchangeRate: { sekPerUnit: rate, date: '2026-11-01' },
            },
          }
        : {}),
    });
  });

describe('VAT return: by property', () => {
  it('a credit note cancels its invoice in every box and on the EC sales list, to the öre', () => {
    fc.assert(
      fc.property(documentArb, (invoice) => {
        const credit = { ...invoice, number: `${invoice.number}c`, kind: 'credit_note' as const };
        const both = [documentInSek(invoice), documentInSek(credit)];
        const figures = vatReturn(both, 0);
        for (const value of Object.values(figures.boxes)) assert.equal(value, 0);
        assert.ok(ecSalesList(both).every((line) => line.services === 0));
        assert.equal(both[0]!.total + both[1]!.total, 0);
      }),
      { numRuns: 300 },
    );
  });

  it('the receivable of a document is its boxes: sales boxes plus output VAT', () => {
    fc.assert(
      fc.property(fc.array(documentArb, { maxLength: 8 }), (documents) => {
        const inSek = documents.map(documentInSek);
        const figures = vatReturn(inSek, 0);
        const sales = ['05', '36', '39', '40', '41', '42'] as const;
        const vat = ['10', '11', '12'] as const;
        assert.equal(
          [...sales, ...vat].reduce((s, box) => s + figures.boxes[box], 0),
          inSek.reduce((s, d) => s + d.total, 0),
        );
        for (const d of inSek) {
          if (d.document.taxCurrency)
            assert.equal(
              d.parts.reduce((s, p) => s + p.vat, 0),
              d.document.taxCurrency.taxAmountMinor,
            );
        }
      }),
      { numRuns: 200 },
    );
  });
});
