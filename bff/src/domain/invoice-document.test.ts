import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DOCUMENT_KINDS } from '../../test/fixtures/edocs/invoice-documents.ts';
import { invalidDocumentText, type InvoiceDocument } from './invoice-document.ts';

describe('invalidDocumentText (problem 18 on the snapshot that becomes the PDF and the e-invoice)', () => {
  test('every kind of document the product sends passes', () => {
    for (const [name, doc] of Object.entries(DOCUMENT_KINDS)) assert.deepEqual(invalidDocumentText(doc), [], name);
  });

  test('names every field with a character an invoice cannot carry, each character once', () => {
    const base = DOCUMENT_KINDS['reverse charge to an EU business'] as InvoiceDocument;
    const doc: InvoiceDocument = {
      ...base,
      buyerReference: 'Ref\u0007',
      freelancer: { name: 'Anna 😀😀' },
      buyer: { ...base.buyer, address: { ...base.buyer.address, city: 'Берлин' }, contactName: 'Li 李' },
      lines: base.lines.map((line) => ({ ...line, description: 'Tab\there' })),
      vatBreakdown: base.vatBreakdown.map((entry) => ({ ...entry, exemption: { text: 'Ω' } })),
    };
    assert.deepEqual(invalidDocumentText(doc), [
      { field: 'buyerReference', characters: ['\u0007'] },
      { field: 'freelancer.name', characters: ['😀'] },
      { field: 'buyer.address.city', characters: ['Б', 'е', 'р', 'л', 'и', 'н'] },
      { field: 'buyer.contactName', characters: ['李'] },
      { field: 'lines.0.description', characters: ['\t'] },
      { field: 'vatBreakdown.0.exemption', characters: ['Ω'] },
    ]);
  });
});
