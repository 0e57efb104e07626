// Unit tests for pain001.ts: the payout file is valid against the official pain.001.001.03 XSD (read in place), its
// counts and control sums are right, bad input is refused, and a 10 000-payout batch builds and validates quickly.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pain001XsdSkip, validatePain001 } from '../../test/fixtures/edocs/xsd.ts';
import fc from 'fast-check';
import { hostileText } from '../../test/fixtures/hostile-text.ts';
import { buildPain001, Pain001Error, type PayoutBatch, type SalaryPayout } from './pain001.ts';
import { parseXml, selectPath } from './xml-tree.ts';

const DEBTOR: PayoutBatch['debtor'] = {
  name: 'Frilo Test AB',
  iban: 'SE4550000000058398257466',
  bic: 'ESSESESS',
  initiatingPartyId: { id: '5599001236', schemeCode: 'CUST' },
};

const payout = (n: number, overrides: Partial<SalaryPayout> = {}): SalaryPayout => ({
  endToEndId: `payout-${n}`,
  executionDate: '2026-03-20',
  amountMinor: 2_002_739 + n,
  creditorName: `Anställd Nummer ${n}`,
  account: { kind: 'domestic', clearingNumber: '8327', accountNumber: String(9_000_000 + n) },
  remittance: 'Lön Frilo mars 2026',
  ...overrides,
});

const batch = (payouts: SalaryPayout[]): PayoutBatch => ({
  messageId: 'FRILO-PAYOUT-000042',
  createdAt: new Date('2026-03-19T16:00:00.123Z'),
  debtor: DEBTOR,
  payouts,
});

describe('buildPain001', () => {
  it('writes a file valid against pain.001.001.03, one payment information per execution date', async (context) => {
    if (pain001XsdSkip) return context.skip(pain001XsdSkip);
    const result = buildPain001(
      batch([
        payout(1),
        payout(2, { executionDate: '2026-03-25' }),
        payout(3, {
          account: { kind: 'iban', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
          creditorName: 'Ånge & Öberg <AB>',
        }),
        payout(4, { account: { kind: 'iban', iban: 'SE4550000000058398257466' } }),
      ]),
    );
    const xsd = await validatePain001(result.xml);
    assert.deepEqual(xsd.errors, []);
    assert.equal(result.numberOfTransactions, 4);
    assert.equal(result.controlSumMinor, 4 * 2_002_739 + 10);
    assert.deepEqual(result.paymentInformation, [
      {
        id: 'FRILO-PAYOUT-000042-20260320',
        executionDate: '2026-03-20',
        numberOfTransactions: 3,
        controlSumMinor: 3 * 2_002_739 + 8,
      },
      {
        id: 'FRILO-PAYOUT-000042-20260325',
        executionDate: '2026-03-25',
        numberOfTransactions: 1,
        controlSumMinor: 2_002_741,
      },
    ]);
    assert.match(
      result.xml,
      /<GrpHdr><MsgId>FRILO-PAYOUT-000042<\/MsgId><CreDtTm>2026-03-19T16:00:00Z<\/CreDtTm><NbOfTxs>4<\/NbOfTxs><CtrlSum>80109.66<\/CtrlSum>/,
    );
    assert.match(result.xml, /<CtgyPurp><Cd>SALA<\/Cd><\/CtgyPurp>/);
    assert.match(
      result.xml,
      /<CdtTrfTxInf><PmtId><EndToEndId>payout-1<\/EndToEndId><\/PmtId><Amt><InstdAmt Ccy="SEK">20027.40<\/InstdAmt><\/Amt><CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>SESBA<\/Cd><\/ClrSysId><MmbId>8327<\/MmbId><\/ClrSysMmbId><\/FinInstnId><\/CdtrAgt><Cdtr><Nm>Anställd Nummer 1<\/Nm><\/Cdtr><CdtrAcct><Id><Othr><Id>83279000001<\/Id><SchmeNm><Cd>BBAN<\/Cd><\/SchmeNm><\/Othr><\/Id><\/CdtrAcct>/,
    );
    assert.match(result.xml, /<Nm>Ånge &amp; Öberg &lt;AB&gt;<\/Nm>/);
    assert.match(
      result.xml,
      /<CdtrAgt><FinInstnId><BIC>COBADEFFXXX<\/BIC><\/FinInstnId><\/CdtrAgt><Cdtr><Nm>[^<]*<\/Nm><\/Cdtr><CdtrAcct><Id><IBAN>DE89370400440532013000<\/IBAN>/,
    );
  });

  it('any name and remittance text XML can carry reads back exactly through a strict parser (issue 21)', () => {
    const text = hostileText().filter((value) => value.trim() !== '' && value.length <= 140);
    fc.assert(
      fc.property(text, text, (creditorName, remittance) => {
        const { xml } = buildPain001(batch([payout(1, { creditorName, remittance })]));
        const root = parseXml(xml, { 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03': '' });
        const transaction = 'CstmrCdtTrfInitn/PmtInf/CdtTrfTxInf';
        assert.equal(selectPath(root, `${transaction}/Cdtr/Nm`)[0]?.text, creditorName);
        assert.equal(selectPath(root, `${transaction}/RmtInf/Ustrd`)[0]?.text, remittance);
      }),
      { numRuns: 300 },
    );
  });

  it('the XSD check refuses a broken file (so the test above can fail)', async (context) => {
    if (pain001XsdSkip) return context.skip(pain001XsdSkip);
    const { xml } = buildPain001(batch([payout(1)]));
    assert.equal((await validatePain001(xml.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>XXX</PmtMtd>'))).valid, false);
  });

  it('refuses what a bank would refuse, naming the field', () => {
    const refuses = (payouts: SalaryPayout[], field: RegExp): void =>
      assert.throws(
        () => buildPain001(batch(payouts)),
        (error) => error instanceof Pain001Error && field.test(error.field),
      );
    refuses([], /^payouts$/);
    refuses([payout(1, { amountMinor: 0 })], /amountMinor/);
    refuses([payout(1, { amountMinor: 10.5 })], /amountMinor/);
    refuses([payout(1, { endToEndId: 'x'.repeat(36) })], /endToEndId/);
    refuses([payout(1), payout(1)], /payouts\[1\]\.endToEndId/);
    refuses([payout(1, { executionDate: '20.3.2026' })], /executionDate/);
    refuses([payout(1, { account: { kind: 'domestic', clearingNumber: '83', accountNumber: '1' } })], /account/);
    refuses([payout(1, { account: { kind: 'iban', iban: 'not an iban' } })], /account/);
    refuses([payout(1, { creditorName: 'Bell\u0007' })], /creditorName/);
    refuses([payout(1, { remittance: 'x'.repeat(141) })], /remittance/);
    assert.throws(() => buildPain001({ ...batch([payout(1)]), debtor: { ...DEBTOR, bic: 'nope' } }), Pain001Error);
  });

  it('builds and validates a batch of 10 000 payouts quickly (figure printed for the report)', async (context) => {
    if (pain001XsdSkip) return context.skip(pain001XsdSkip);
    const payouts = Array.from({ length: 10_000 }, (_v, i) =>
      payout(
        i,
        i % 3 === 0
          ? {
              account: { kind: 'iban', iban: 'SE4550000000058398257466', bic: 'ESSESESS' },
              executionDate: '2026-03-23',
            }
          : {},
      ),
    );
    const started = performance.now();
    const result = buildPain001(batch(payouts));
    const built = performance.now();
    const xsd = await validatePain001(result.xml);
    const validated = performance.now();
    assert.deepEqual(xsd.errors, []);
    assert.equal(result.numberOfTransactions, 10_000);
    assert.equal(result.paymentInformation.length, 2);
    console.log(
      `# pain.001: 10 000 payouts (${(result.xml.length / 1e6).toFixed(1)} MB) built in ${(built - started).toFixed(0)} ms, validated in ${(validated - built).toFixed(0)} ms, total ${(validated - started).toFixed(0)} ms`,
    );
  });
});
