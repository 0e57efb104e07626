// Tests for payment-matching.ts: the references and invoice numbers a payment is matched by.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ocrReferenceFor } from './ocr.ts';
import { matchCandidates } from './payment-matching.ts';

const OCR_1001 = ocrReferenceFor(1001); // 100164

describe('matchCandidates', () => {
  it('takes a reference Bankgirot checked as OCR', () => {
    assert.equal(OCR_1001, '100164');
    assert.deepEqual(matchCandidates({ reference: OCR_1001, checkedOcr: true }), {
      ocrReferences: ['100164'],
      invoiceNumbers: [],
    });
  });

  it('takes an unchecked reference that passes our length and check digits, spaces and all', () => {
    assert.deepEqual(matchCandidates({ reference: '100 164', checkedOcr: false }).ocrReferences, ['100164']);
  });

  it('reads a reference that is not an OCR as text: a wrong check digit gives the invoice number it names', () => {
    assert.deepEqual(matchCandidates({ reference: 'Faktura 1001', checkedOcr: false }), {
      ocrReferences: [],
      invoiceNumbers: [1001],
    });
    assert.deepEqual(matchCandidates({ reference: '100165', checkedOcr: false }), {
      ocrReferences: [],
      invoiceNumbers: [100165],
    });
  });

  it('finds invoice numbers after the usual words in Swedish and English', () => {
    const numbers = (text: string) => matchCandidates({ reference: '', checkedOcr: false, informationText: [text] });
    assert.deepEqual(numbers('Betalning av faktura nr 1042, tack!').invoiceNumbers, [1042]);
    assert.deepEqual(numbers('FAKTURANR:1043').invoiceNumbers, [1043]);
    assert.deepEqual(numbers('Fakt.nr 1044 avser mars').invoiceNumbers, [1044]);
    assert.deepEqual(numbers('Invoice no. 1 045').invoiceNumbers, [1045]);
    assert.deepEqual(numbers('inv #1046').invoiceNumbers, [1046]);
  });

  it('prefers numbers after such a word to bare numbers, and falls back to bare ones', () => {
    const both = matchCandidates({
      reference: '',
      checkedOcr: false,
      informationText: ['Order 2026-77, faktura 1050'],
    });
    assert.deepEqual(both.invoiceNumbers, [1050]);
    const bare = matchCandidates({ reference: '', checkedOcr: false, informationText: ['1051 och 1052'] });
    assert.deepEqual(bare.invoiceNumbers, [1051, 1052]);
  });

  it('finds an OCR reference typed into the free text, but not a short number that passes by chance', () => {
    const typed = matchCandidates({ reference: '', checkedOcr: false, informationText: [`OCR ${OCR_1001}`] });
    assert.deepEqual(typed.ocrReferences, ['100164']);
    // 131 is a valid OCR of three digits (1, length 3, Luhn 1) and far more likely an invoice number.
    const short = matchCandidates({ reference: '131', checkedOcr: false });
    assert.deepEqual(short, { ocrReferences: [], invoiceNumbers: [131] });
  });

  it('takes every extra reference (records 22) that is an OCR, each once', () => {
    const ocr = ocrReferenceFor(1002);
    assert.deepEqual(
      matchCandidates({ reference: OCR_1001, checkedOcr: true, extraReferences: [ocr, OCR_1001] }).ocrReferences,
      [OCR_1001, ocr],
    );
  });

  it('gives nothing for an empty payment, and ignores runs of digits too long to be invoice numbers', () => {
    assert.deepEqual(matchCandidates({ reference: '', checkedOcr: false }), { ocrReferences: [], invoiceNumbers: [] });
    assert.deepEqual(
      matchCandidates({ reference: '', checkedOcr: false, informationText: ['Konto 1234567890123456'] }).invoiceNumbers,
      [],
    );
  });
});
