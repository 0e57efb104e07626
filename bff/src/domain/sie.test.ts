// The SIE 4 file: its header, vouchers and amounts as the format describes them, in code page 437 (PC8) with the
// deterministic replacement of characters 437 lacks; and, by property, that any text survives as what 437 can hold.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodePc8, sieAmount, sieFile, SieError, sieString, sieText, toPc8Text, type SieFileInput } from './sie.ts';

const INPUT: SieFileInput = {
  programName: 'Frilo',
  programVersion: '1',
  generatedOn: '2026-12-01',
  companyName: 'Frilo Demo AB',
  organisationNumber: '5599001236',
  fiscalYears: [{ index: 0, from: '2026-01-01', to: '2026-12-31' }],
  accounts: [
    { number: '1510', name: 'Kundfordringar' },
    { number: '3001', name: 'Försäljning inom Sverige, 25 % moms' },
    { number: '2611', name: 'Utgående moms på försäljning inom Sverige, 25 %' },
  ],
  vouchers: [
    {
      series: 'A',
      number: 1,
      date: '2026-11-05',
      text: 'Faktura 1001 "Åsa" Ørsted – Łódź €',
      transactions: [
        { account: '1510', amount: 1_250_050 },
        { account: '3001', amount: -1_000_040 },
        { account: '2611', amount: -250_010 },
      ],
    },
  ],
};

describe('SIE 4', () => {
  it('writes the header, the accounts and each voucher with its transactions', () => {
    assert.equal(
      sieText(INPUT),
      [
        '#FLAGGA 0',
        '#FORMAT PC8',
        '#SIETYP 4',
        '#PROGRAM "Frilo" "1"',
        '#GEN 20261201',
        '#FNAMN "Frilo Demo AB"',
        '#ORGNR 559900-1236',
        '#RAR 0 20260101 20261231',
        '#VALUTA SEK',
        '#KONTO 1510 "Kundfordringar"',
        '#KONTO 2611 "Utgående moms på försäljning inom Sverige, 25 %"',
        '#KONTO 3001 "Försäljning inom Sverige, 25 % moms"',
        '#VER A 1 20261105 "Faktura 1001 \\"Åsa\\" Örsted - Lódz EUR"',
        '{',
        '#TRANS 1510 {} 12500.50',
        '#TRANS 3001 {} -10000.40',
        '#TRANS 2611 {} -2500.10',
        '}',
        '',
      ].join('\r\n'),
    );
  });

  it('is PC8 bytes: å ä ö Å Ä Ö as code page 437 has them', () => {
    const bytes = sieFile(INPUT);
    const text = decodePc8(bytes);
    assert.ok(text.includes('Utgående moms på försäljning'));
    const index = Buffer.from(bytes).indexOf(Buffer.from('Utg', 'ascii'));
    assert.deepEqual([...bytes.slice(index + 3, index + 6)], [0x86, 0x65, 0x6e]); // å e n
    assert.ok(!Buffer.from(bytes).includes(Buffer.from('å', 'utf8')));
  });

  it('amounts: two decimals, a minus for credit, öre exactly', () => {
    assert.deepEqual([0, 5, -5, 100, -1_234_567, 9_007_199_254_740_991].map(sieAmount), [
      '0.00',
      '0.05',
      '-0.05',
      '1.00',
      '-12345.67',
      '90071992547409.91',
    ]);
  });

  it('replaces what code page 437 lacks, the same way every time, and quotes safely', () => {
    assert.equal(toPc8Text('Nørrebro Šťastný Zoë ﬁ 中文 tab\there'), 'Nörrebro Stastny Zoë fi ?? tab here');
    assert.equal(sieString('a\\b"c'), '"a\\\\b\\"c"');
  });

  it('refuses an unbalanced voucher, an account outside the plan and a date outside the fiscal years', () => {
    const voucher = INPUT.vouchers[0]!;
    assert.throws(
      () => sieText({ ...INPUT, vouchers: [{ ...voucher, transactions: [{ account: '1510', amount: 1 }] }] }),
      SieError,
    );
    assert.throws(
      () =>
        sieText({
          ...INPUT,
          vouchers: [
            {
              ...voucher,
              transactions: [
                { account: '1930', amount: 1 },
                { account: '1510', amount: -1 },
              ],
            },
          ],
        }),
      SieError,
    );
    assert.throws(() => sieText({ ...INPUT, vouchers: [{ ...voucher, date: '2025-12-31' }] }), SieError);
    assert.throws(() => sieText({ ...INPUT, vouchers: [voucher, voucher] }), SieError);
  });

  it('any text becomes characters 437 holds, and reads back from the bytes as written', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const safe = toPc8Text(text);
        assert.equal(toPc8Text(safe), safe);
        const file = sieFile({ ...INPUT, companyName: text, vouchers: [] });
        assert.ok(decodePc8(file).includes(`#FNAMN ${sieString(text)}\r\n`));
        // eslint-disable-next-line no-control-regex
        assert.ok(!/[\u0000-\u001f\u007f]/.test(safe));
      }),
      { numRuns: 200 },
    );
  });
});
