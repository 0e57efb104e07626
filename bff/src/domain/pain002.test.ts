// Unit tests for pain002.ts on hand-written status reports.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { outcomeOf, Pain002Error, parsePain002 } from './pain002.ts';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/edocs/pain002');
const report = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

describe('parsePain002', () => {
  it('reads per-transaction statuses with reasons, matched by OrgnlEndToEndId', () => {
    const parsed = parsePain002(report('partly-rejected.xml'));
    assert.equal(parsed.messageId, 'STS-20260320-0001');
    assert.equal(parsed.originalMessageId, 'FRILO-PAYOUT-000042');
    assert.equal(parsed.originalMessageName, 'pain.001.001.03');
    assert.equal(parsed.groupStatus, 'PART');
    assert.equal(parsed.rejectsEverything, false);
    assert.deepEqual(
      parsed.transactions.map((t) => [t.originalEndToEndId, t.status, t.outcome, t.amountMinor]),
      [
        ['payout-7f3a', 'ACSC', 'settled', 2_002_739],
        ['payout-8b21', 'RJCT', 'rejected', 1_200_000],
        ['payout-9c04', 'RJCT', 'rejected', undefined],
      ],
    );
    assert.deepEqual(parsed.transactions[1]?.reasons, [
      { code: 'AC04', additionalInformation: ['Kontot är avslutat'] },
    ]);
    assert.deepEqual(parsed.transactions[2]?.reasons, [
      {
        proprietary: 'BANK-123',
        additionalInformation: ['Mottagarens namn stämmer inte', 'med kontot & clearingnumret'],
      },
    ]);
    assert.equal(parsed.transactions[0]?.requestedExecutionDate, '2026-03-20');
    assert.equal(parsed.transactions[0]?.originalPaymentInformationId, 'FRILO-PAYOUT-000042-20260320');
  });

  it('reports a whole file rejected with its reason', () => {
    const parsed = parsePain002(report('file-rejected.xml'));
    assert.equal(parsed.rejectsEverything, true);
    assert.deepEqual(parsed.groupReasons, [{ code: 'DU01', additionalInformation: ['Duplicate message id'] }]);
    assert.deepEqual(parsed.transactions, []);
  });

  it('lets a transaction without its own status take its block status, and reports a rejected block (any prefix)', () => {
    const parsed = parsePain002(report('accepted-by-block.xml'));
    assert.deepEqual(
      parsed.transactions.map((t) => [t.originalEndToEndId, t.originalInstructionId, t.status, t.outcome]),
      [['payout-1111', 'I-1', 'ACCP', 'accepted']],
    );
    assert.deepEqual(parsed.paymentInformation[1], {
      originalPaymentInformationId: 'FRILO-PAYOUT-000041-20260325',
      status: 'RJCT',
      reasons: [{ code: 'DT01', additionalInformation: [] }],
    });
  });

  it('refuses what it cannot act on', () => {
    assert.throws(() => parsePain002('<Document>'), Pain002Error);
    assert.throws(
      () => parsePain002('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.02"/>'),
      /not a pain\.002\.001\.03/,
    );
    assert.throws(
      () => parsePain002(report('partly-rejected.xml').replace('<TxSts>ACSC', '<TxSts>OKAY')),
      /not a pain\.002\.001\.03 status/,
    );
    assert.throws(
      () => parsePain002(report('partly-rejected.xml').replace('<OrgnlEndToEndId>payout-7f3a</OrgnlEndToEndId>', '')),
      /OrgnlEndToEndId is missing/,
    );
    assert.throws(() => parsePain002(report('partly-rejected.xml').replace('20027.39', '20027.391')), /not an amount/);
  });

  it('maps statuses to what they mean for a payout', () => {
    assert.deepEqual(
      (['ACSC', 'ACCP', 'ACSP', 'ACTC', 'ACWC', 'PART', 'PDNG', 'RCVD', 'RJCT'] as const).map(outcomeOf),
      ['settled', 'accepted', 'accepted', 'accepted', 'accepted', 'accepted', 'pending', 'pending', 'rejected'],
    );
  });
});
