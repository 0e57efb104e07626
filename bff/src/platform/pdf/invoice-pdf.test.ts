// The invoice PDF, read back as text the way a customer's accounts department (or its scanning software) reads it:
// every mandatory field of a Swedish VAT invoice, in both languages, for each kind of document the product sends.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InvoiceDocument, UnitCode } from '../../domain/invoice-document.ts';
import { MAX_INVOICE_AMOUNT } from '../../domain/invoice-totals.ts';
import { DOCUMENT_KINDS, makeDocument } from '../../../test/fixtures/edocs/invoice-documents.ts';
import { crowdedBoxes, extractPdfBoxes, extractPdfText } from '../../../test/pdf-text.ts';
import { InvoicePdfTextError, paymentTermsText, renderInvoicePdf } from './invoice-pdf.ts';

function kind(name: string, language: 'sv' | 'en'): InvoiceDocument {
  const doc = DOCUMENT_KINDS[name];
  assert.ok(doc, name);
  return { ...doc, language, paymentTermsDays: 30, latePaymentInterestPercent: '10.00' };
}

async function textOf(doc: InvoiceDocument): Promise<string> {
  return (await extractPdfText(await renderInvoicePdf(doc))).text;
}

function assertContains(text: string, expected: readonly string[]): void {
  for (const part of expected) assert.ok(text.includes(part), `missing "${part}" in:\n${text}`);
}

describe('invoice PDF', () => {
  test('a Swedish VAT invoice in Swedish carries every mandatory field', async () => {
    const text = await textOf(kind('several VAT rates', 'sv'));
    assertContains(text, [
      'Faktura',
      // The platform as legal seller: name, address, organisation and VAT numbers, F-tax, Bankgiro.
      'Frilo Test AB',
      'Testgatan 1',
      '111 22 Stockholm',
      'Org.nr 559900-1236',
      'Momsreg.nr SE559900123601',
      'Godkänd för F-skatt',
      'Bankgiro 5050-1238',
      // The freelancer who did the work.
      'ARBETET UTFÖRT AV Anna Andersson',
      // The buyer.
      'Kund & Co AB',
      'Kundvägen 2',
      '411 01 Göteborg',
      'Org.nr 556677-8899',
      // Number, dates, OCR, reference.
      'Fakturanummer 1002',
      'Fakturadatum 2026-03-02',
      'Förfallodatum 2026-04-01',
      'OCR-nummer 100263',
      'Er referens Eva Ek',
      // Rows: what, how much, unit price excl. VAT, rate, net.
      'Konsulttjänst <webb> & design 8 tim 950,00 25 % 7 600,00',
      'Kursmaterial 3 st 129,90 6 % 389,70',
      'Catering 1 fast pris 450,50 12 % 450,50',
      // Taxable amount and VAT per rate, totals.
      'Summa exkl. moms 8 440,20',
      'Moms 25 % på 7 600,00 1 900,00',
      'Moms 12 % på 450,50 54,06',
      'Moms 6 % på 389,70 23,38',
      'Summa moms 1 977,44',
      'Att betala (SEK) 10 417,64',
      // Payment and late payment interest.
      'Betala till bankgiro 5050-1238 och ange OCR-nummer 100263.',
      'Betalningsvillkor 30 dagar netto.',
      'dröjsmålsränta med 10 % per år',
      'Sida 1 av 1',
    ]);
  });

  test('the same invoice in English says the same in English, with "Godkänd för F-skatt" as the law words it', async () => {
    const text = await textOf(kind('several VAT rates', 'en'));
    assertContains(text, [
      'Invoice',
      'Reg. no. 559900-1236',
      'VAT no. SE559900123601',
      'Godkänd för F-skatt',
      'WORK PERFORMED BY Anna Andersson',
      'Invoice number 1002',
      'Invoice date 2026-03-02',
      'Due date 2026-04-01',
      'OCR reference 100263',
      'Konsulttjänst <webb> & design 8 h 950.00 25 % 7,600.00',
      'Total excl. VAT 8,440.20',
      'VAT 25 % on 7,600.00 1,900.00',
      'VAT 6 % on 389.70 23.38',
      'Total VAT 1,977.44',
      'Amount due (SEK) 10,417.64',
      'Pay to Bankgiro 5050-1238 quoting OCR reference 100263.',
      'Payment terms 30 days net.',
      'Late payment interest of 10 % per year',
      'Page 1 of 1',
    ]);
    assert.ok(!text.includes('Fakturanummer'), 'no Swedish labels on an English invoice');
  });

  for (const language of ['sv', 'en'] as const) {
    test(`reverse charge (${language}): the wording, 0 % and both VAT numbers`, async () => {
      const text = await textOf(kind('reverse charge to an EU business', language));
      const expected = {
        sv: [
          'Omvänd betalningsskyldighet',
          'artikel 196',
          'Säljarens momsreg.nr SE559900123601, köparens momsreg.nr DE123456788',
          'Momsreg.nr DE123456788',
          'Tyskland',
          'Moms 0 % på 12 000,00 0,00',
          'Att betala (EUR) 12 000,00',
        ],
        en: [
          'Reverse charge',
          'Article 196',
          "Seller's VAT no. SE559900123601, customer's VAT no. DE123456788",
          'VAT no. DE123456788',
          'Germany',
          'VAT 0 % on 12,000.00 0.00',
          'Amount due (EUR) 12,000.00',
        ],
      }[language];
      assertContains(text, ['Kunde GmbH', 'Hauptstraße 5', '10115 Berlin', ...expected]);
    });

    test(`foreign currency (${language}): amounts in the invoice's currency, the VAT also in SEK with the rate`, async () => {
      const base = kind('foreign currency with VAT (EUR)', language);
      const doc: InvoiceDocument = {
        ...base,
        taxCurrency: {
          code: 'SEK',
          taxAmountMinor: 908112,
          exchangeRate: { sekPerUnit: '11.4823', date: '2026-03-02' },
        },
      };
      const text = await textOf(doc);
      assertContains(
        text,
        {
          sv: [
            'Valuta EUR',
            '3,33 tim 950,00 25 % 3 163,50',
            'Moms 25 % på 3 163,50 790,88',
            'Att betala (EUR) 3 954,38',
            'Moms i SEK 9 081,12 SEK',
            'Kurs 11,4823 SEK/EUR (2026-03-02)',
          ],
          en: [
            'Currency EUR',
            '3.33 h 950.00 25 % 3,163.50',
            'VAT 25 % on 3,163.50 790.88',
            'Amount due (EUR) 3,954.38',
            'VAT in SEK 9,081.12 SEK',
            'Rate 11.4823 SEK/EUR (2026-03-02)',
          ],
        }[language],
      );
    });

    test(`credit note (${language}): refers to the invoice it credits by number and date, nothing to pay`, async () => {
      const text = await textOf(kind('credit note', language));
      assertContains(
        text,
        {
          sv: [
            'Kreditfaktura',
            'Kreditfakturanummer 1008',
            'Krediterar faktura 1001 daterad 2026-02-02.',
            'Summa exkl. moms -12 350,00',
            'Moms 25 % på -12 350,00 -3 087,50',
            'Krediterat belopp (SEK) -15 437,50',
            'Ingen betalning ska göras.',
            'Godkänd för F-skatt',
          ],
          en: [
            'Credit note',
            'Credit note number 1008',
            'Credits invoice 1001 dated 2026-02-02.',
            'Amount credited (SEK) -15,437.50',
            'No payment is due.',
          ],
        }[language],
      );
      for (const absent of ['OCR', 'Förfallodatum', 'Due date', 'Betala till', 'Pay to']) {
        assert.ok(!text.includes(absent), `a credit note has no "${absent}"`);
      }
    });
  }

  test('a reverse-charge credit note keeps the reverse charge wording and both VAT numbers', async () => {
    const text = await textOf(kind('credit note of a reverse charge invoice', 'en'));
    assertContains(text, [
      'Credits invoice 1001 dated 2026-02-02.',
      'Reverse charge',
      "Seller's VAT no. SE559900123601, customer's VAT no. DE123456788",
      'Amount credited (EUR) -3,000.00',
    ]);
  });

  test('expenses and mileage are listed apart from the work, in the totals per rate', async () => {
    const text = await textOf(kind('expenses', 'sv'));
    assertContains(text, [
      'Konsulttjänst <webb> & design 10 tim 950,00 25 % 9 500,00',
      'Utlägg och milersättning Tågresa Stockholm–Malmö 1 st 849,00 6 % 849,00',
      'Milersättning 120 km 2,50 25 % 300,00',
      'Moms 25 % på 9 800,00 2 450,00',
      'Moms 6 % på 849,00 50,94',
      'Att betala (SEK) 13 149,94',
    ]);
  });

  test('a trip prints what the screen shows: the description, route, day, km and rate per km (not "1 st")', async () => {
    const base = kind('expenses', 'sv');
    // As the send freezes a trip: one item at its allowance, with the trip beside it.
    const trip = {
      id: '3',
      kind: 'expense' as const,
      description: 'Resa till kundmöte',
      quantityHundredths: 100,
      unitCode: 'C62' as const,
      unitPriceMinor: 35_500,
      netAmountMinor: 35_500,
      vatCategory: 'S' as const,
      vatPercent: 25,
      mileage: {
        from: 'Stockholm',
        to: 'Uppsala',
        date: '2026-11-20',
        kmHundredths: 14_200,
        allowancePer10KmSek: 2_500,
      },
    };
    const lines = [...base.lines.filter((line) => line.unitCode !== 'KMT'), trip];
    const sv = await textOf({ ...base, lines });
    assertContains(sv, [
      'Resa till kundmöte Stockholm – Uppsala, 2026-11-20, 142 km à 2,50 kr/km 142 km 2,50 25 % 355,00',
    ]);
    assert.ok(!sv.includes('Resa till kundmöte 1 st'), sv);
    const en = await textOf({ ...base, language: 'en', lines });
    assertContains(en, [
      'Resa till kundmöte Stockholm – Uppsala, 2026-11-20, 142 km at SEK 2.50/km 142 km 2.50 25 % 355.00',
    ]);
    // In another currency the rate stays the Swedish allowance, said to be converted; no SEK rate in the price column.
    const eur = await textOf({
      ...base,
      currency: 'EUR',
      lines: [...lines.slice(0, -1), { ...trip, unitPriceMinor: 3_100, netAmountMinor: 3_100 }],
    });
    assertContains(eur, ['142 km à 2,50 kr/km, omräknat till EUR 142 km 25 % 31,00']);
  });

  test('services outside the EU, old exports and exempt rows say why there is no VAT', async () => {
    assertContains(await textOf(kind('services to a business outside the EU in USD', 'en')), [
      'Not subject to Swedish VAT: the service is supplied outside Sweden',
      'United States',
      'Amount due (USD) 2,500.00',
    ]);
    assertContains(await textOf(kind('export outside the EU (a document sent before services abroad were O)', 'en')), [
      'Export of services outside the EU, no Swedish VAT.',
    ]);
    assertContains(await textOf(kind('domestic exempt 0 %', 'sv')), [
      'Undantag från skatteplikt (10 kap. 12 § mervärdesskattelagen)',
      'Moms 0 % på 3 800,00 0,00',
      'Moms 25 % på 950,00 237,50',
    ]);
  });

  test('a long invoice continues on further pages: header row repeated, seller details and page numbers on each', async () => {
    const lines = Array.from({ length: 70 }, (_, i) => ({
      description: `Rad ${i + 1}: konsulttjänst med en beskrivning som är lång nog att brytas på två rader i tabellen`,
      quantityHundredths: 100,
      unitCode: 'HUR' as const,
      unitPriceMinor: 100_000,
      vatCategory: 'S' as const,
      vatPercent: 25,
    }));
    const doc = { ...makeDocument({ number: '2001', lines }), paymentTermsDays: 30 };
    const pdf = await extractPdfText(await renderInvoicePdf(doc));
    assert.ok(pdf.pages >= 3, `70 two-line rows need several pages, got ${pdf.pages}`);
    pdf.pageTexts.forEach((page, i) => {
      assertContains(page, [`Sida ${i + 1} av ${pdf.pages}`, 'Org.nr 559900-1236', 'Godkänd för F-skatt']);
      if (i < pdf.pages - 1) assertContains(page, ['Beskrivning Antal Enhet À-pris Moms Belopp (SEK)']);
    });
    assertContains(pdf.text, ['Rad 1:', 'Rad 70:', 'Att betala (SEK) 87 500,00']);
    assertContains(pdf.pageTexts.at(-1) ?? '', ['Att betala']);
  });

  test('text from across Latin Europe comes out as typed; a decomposed accent prints as the composed letter', async () => {
    const doc = makeDocument({
      number: '3001',
      lines: [
        {
          description: 'Łódź, Dvořák, Müller & Søn, Straße, Nguyễn – “citat” ₿',
          quantityHundredths: 100,
          unitCode: 'LS',
          unitPriceMinor: 100_000,
          vatCategory: 'S',
          vatPercent: 25,
        },
        {
          description: 'Cafe\u0301 och re\u0301sume\u0301',
          quantityHundredths: 100,
          unitCode: 'LS',
          unitPriceMinor: 100_000,
          vatCategory: 'S',
          vatPercent: 25,
        },
      ],
    });
    const text = await textOf(doc);
    assertContains(text, ['Łódź, Dvořák, Müller & Søn, Straße, Nguyễn – “citat” ₿', 'Café och résumé']);
  });

  test('a letter used inside an accented one ("O" in "Ö") in one PDF still reads as itself in the next', async () => {
    await renderInvoicePdf(kind('one VAT rate', 'sv'));
    const text = await textOf(kind('one VAT rate', 'en'));
    assertContains(text, ['CUSTOMER', 'WORK PERFORMED BY']);
  });

  test('refuses a document with characters an invoice cannot carry (problem 18), naming the fields', async () => {
    const base = kind('one VAT rate', 'sv');
    const doc: InvoiceDocument = {
      ...base,
      buyer: { ...base.buyer, name: 'Кунд AB' },
      lines: base.lines.map((line, i) => (i === 1 ? { ...line, description: 'Design 🎨' } : line)),
    };
    await assert.rejects(renderInvoicePdf(doc), (error: unknown) => {
      assert.ok(error instanceof InvoicePdfTextError);
      assert.deepEqual(
        error.problems.map((p) => [p.field, p.characters.join('')]),
        [
          ['buyer.name', 'Кунд'],
          ['lines.1.description', '🎨'],
        ],
      );
      return true;
    });
  });

  test('the payment terms sentence (also the e-invoice BT-20) follows the invoice language', () => {
    assert.equal(
      paymentTermsText(kind('one VAT rate', 'sv')),
      'Betalningsvillkor 30 dagar netto. Vid betalning efter förfallodagen debiteras dröjsmålsränta med 10 % per år.',
    );
    assert.equal(
      paymentTermsText({ ...kind('one VAT rate', 'en'), latePaymentInterestPercent: '10.50', paymentTermsDays: 14 }),
      'Payment terms 14 days net. Late payment interest of 10.5 % per year is charged on payments after the due date.',
    );
  });

  test('the same document gives the same bytes (a stored PDF can be made again and compared)', async () => {
    const doc = kind('one VAT rate', 'sv');
    assert.deepEqual(await renderInvoicePdf(doc), await renderInvoicePdf(doc));
  });

  /**
   * The widest text each column can get within the product's limits: the longest quantity (999 999.99), the lowest
   * unit price (−10 000 000.00), the longest unit name, and every amount at the ceiling with a minus sign (a discount
   * line, or any amount on a credit note), all at once; in SEK and in EUR with the VAT in SEK at a high rate.
   */
  function atTheCeiling(
    kind: 'invoice' | 'credit_note',
    language: 'sv' | 'en',
    currency: 'SEK' | 'EUR',
  ): InvoiceDocument {
    const base = DOCUMENT_KINDS['one VAT rate']!;
    // A credit note prints its (positive) amounts negative; an invoice prints negative amounts as they are.
    const widest = kind === 'credit_note' ? MAX_INVOICE_AMOUNT : -MAX_INVOICE_AMOUNT;
    const units: UnitCode[] = ['LS', 'WEE', 'MON', 'HUR'];
    return {
      ...base,
      kind,
      language,
      currency,
      number: '999999999',
      ...(kind === 'credit_note'
        ? { creditedInvoice: { number: '999999998', issueDate: '2026-02-02' }, ocrReference: undefined }
        : {}),
      lines: units.map((unitCode, i) => ({
        id: String(i + 1),
        kind: i === units.length - 1 ? 'expense' : 'service',
        description: i === 0 ? 'Konsulttjänst med en lång beskrivning som bryts på flera rader i tabellen' : 'Arbete',
        quantityHundredths: 99_999_999,
        unitCode,
        unitPriceMinor: -1_000_000_000,
        netAmountMinor: widest,
        vatCategory: 'S',
        vatPercent: 25,
      })),
      vatBreakdown: [6, 12, 25].map((percent) => ({
        category: 'S' as const,
        percent,
        taxableAmountMinor: widest,
        taxAmountMinor: widest,
      })),
      totals: {
        lineExtensionMinor: widest,
        taxExclusiveMinor: widest,
        taxMinor: widest,
        taxInclusiveMinor: widest,
        payableMinor: widest,
      },
      ...(currency === 'EUR'
        ? {
            taxCurrency: {
              code: 'SEK' as const,
              taxAmountMinor: widest * 15,
              exchangeRate: { sekPerUnit: '14.9999', date: '2026-03-02' },
            },
          }
        : { taxCurrency: undefined }),
    };
  }

  for (const kindName of ['invoice', 'credit_note'] as const) {
    for (const language of ['sv', 'en'] as const) {
      for (const currency of ['SEK', 'EUR'] as const) {
        test(`at the ceiling (${kindName}, ${language}, ${currency}): every amount printed whole, nothing runs into anything`, async () => {
          const doc = atTheCeiling(kindName, language, currency);
          const pdf = await renderInvoicePdf(doc);
          const text = (await extractPdfText(pdf)).text;
          const ceiling = language === 'sv' ? '-100 000 000,00' : '-100,000,000.00';
          assert.ok(text.includes(ceiling), `the ceiling printed whole: ${text}`);
          assert.ok(text.includes(language === 'sv' ? '999 999,99' : '999,999.99'), 'the longest quantity');
          assert.ok(text.includes(language === 'sv' ? '-10 000 000,00' : '-10,000,000.00'), 'the lowest unit price');
          const boxes = await extractPdfBoxes(pdf);
          // Every amount at the ceiling is a run of its own (pdf.js joins runs that nearly touch): each line's
          // amount, the total excl. VAT, each rate's base (inside its label) and VAT, the total VAT, the amount due.
          const own = boxes.filter((box) => box.text === ceiling).length;
          assert.equal(
            own,
            doc.lines.length + 1 + doc.vatBreakdown.length + 2,
            'every amount apart from its neighbours',
          );
          const crowded = crowdedBoxes(boxes, 6);
          assert.deepEqual(
            crowded.map(
              ([a, b]) =>
                `"${a.text}" (x ${a.x.toFixed(1)}–${(a.x + a.width).toFixed(1)}) and "${b.text}" (x ${b.x.toFixed(1)}–${(b.x + b.width).toFixed(1)}) at y ${a.y.toFixed(1)}`,
            ),
            [],
            'text runs closer than 6 points',
          );
        });
      }
    }
  }

  test('the overlap check sees text printed over text (amounts past the ceiling, 1e13 SEK, as before the limit)', async () => {
    const doc = atTheCeiling('invoice', 'sv', 'SEK');
    const huge = -1e15;
    const past: InvoiceDocument = {
      ...doc,
      lines: doc.lines.map((line) => ({ ...line, netAmountMinor: huge })),
      vatBreakdown: doc.vatBreakdown.map((entry) => ({ ...entry, taxableAmountMinor: huge, taxAmountMinor: huge })),
    };
    assert.ok(crowdedBoxes(await extractPdfBoxes(await renderInvoicePdf(past))).length > 0);
  });
});
