// The writer's files read back with the parser: what goes in comes out, and the parser's checks pass.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBgMax } from './bgmax.ts';
import { writeBgMax } from './bgmax-writer.ts';

describe('writeBgMax', () => {
  it('writes a file parseBgMax reads back: payments, deductions, texts, payers, sums and counts', () => {
    const bytes = writeBgMax({
      timestamp: '20261124061500000001',
      receivingBankgiro: '50501238',
      deposits: [
        {
          paymentDate: '2026-11-24',
          serialNumber: '00007',
          payments: [
            {
              reference: '100164',
              amountMinor: 1_250_000,
              serialNumber: '700000000001',
              payerName: 'Kund AB',
              payerCity: 'Göteborg',
            },
            {
              reference: 'Faktura 1002',
              amountMinor: 5_000,
              serialNumber: '700000000002',
              informationText: ['Delbetalning'],
            },
            { amountMinor: 100, serialNumber: '700000000003', deduction: true, reference: '100164' },
          ],
        },
      ],
    });
    const file = parseBgMax(bytes);
    assert.equal(file.identity.key, 'bgmax:20261124061500000001:00007');
    const [deposit] = file.deposits;
    assert.equal(deposit?.amountMinor, 1_254_900);
    assert.equal(deposit?.paymentDate, '2026-11-24');
    const [ocr, text, deduction] = deposit!.payments;
    assert.deepEqual(
      {
        reference: ocr?.reference,
        code: ocr?.referenceCode,
        amount: ocr?.amountMinor,
        name: ocr?.payer.name,
        city: ocr?.payer.city,
      },
      { reference: '100164', code: 'ocr', amount: 1_250_000, name: 'Kund AB', city: 'Göteborg' },
    );
    assert.equal(text?.referenceCode, 'unchecked');
    assert.deepEqual(text?.informationText, ['Delbetalning']);
    assert.equal(deduction?.kind, 'deduction');
  });
});
