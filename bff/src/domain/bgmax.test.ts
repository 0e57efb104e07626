// Unit tests for bgmax.ts on hand-made BgMax files (synthetic payers): what a valid file gives, and that every kind of
// fault rejects the whole file with its line and reason.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BgMaxError, parseBgMax, paymentReferences, type BgMaxErrorCode } from './bgmax.ts';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/edocs/bgmax');
const bytes = (name: string): Buffer => readFileSync(join(FIXTURES, name));
const VALID = bytes('two-deposits.bgmax');
const VALID_LINES = VALID.toString('latin1').split('\r\n').slice(0, -1);

/** The valid file with line `n` (1-based) changed: positions `from`–… overwritten by `text`. */
function withLine(n: number, change: (line: string) => string): string {
  return VALID_LINES.map((line, i) => (i === n - 1 ? change(line) : line)).join('\r\n');
}
const overwrite =
  (from: number, text: string) =>
  (line: string): string =>
    line.slice(0, from - 1) + text + line.slice(from - 1 + text.length);

function rejects(content: string | Uint8Array, line: number, code: BgMaxErrorCode, reason?: RegExp): void {
  assert.throws(
    () => parseBgMax(content),
    (error) => {
      assert.ok(error instanceof BgMaxError, String(error));
      assert.equal(error.code, code, error.message);
      assert.equal(error.line, line, error.message);
      if (reason) assert.match(error.reason, reason);
      return true;
    },
  );
}

describe('parseBgMax on a valid file', () => {
  const file = parseBgMax(VALID);

  it('reads the start record and gives the file an identity for idempotent import', () => {
    assert.equal(file.version, '01');
    assert.equal(file.timestamp, '20260305061512123456');
    assert.equal(file.test, false);
    assert.equal(file.identity.key, 'bgmax:20260305061512123456:00001,00002');
    assert.match(file.identity.sha256, /^[0-9a-f]{64}$/);
    assert.equal(parseBgMax(Buffer.from(VALID)).identity.sha256, file.identity.sha256, 'same bytes, same hash');
    assert.equal(file.lineCount, 20);
  });

  it('reads deposits with their bankgiro, account, date, serial, amount and currency', () => {
    assert.equal(file.deposits.length, 2);
    const [first, second] = file.deposits;
    assert.deepEqual(
      { ...first, payments: first?.payments.length },
      {
        receivingBankgiro: '50501238',
        currency: 'SEK',
        bankAccount: '99500012345678',
        paymentDate: '2026-03-05',
        serialNumber: '00001',
        amountMinor: 2_323_750,
        paymentCount: 4,
        depositType: 'K',
        payments: 4,
      },
    );
    assert.equal(second?.amountMinor, 125);
  });

  it('reads an OCR payment with the payer (Latin-1 text decoded)', () => {
    const payment = file.deposits[0]?.payments[0];
    assert.deepEqual(payment, {
      kind: 'payment',
      line: 3,
      senderBankgiro: '9912346',
      reference: '100164',
      referenceCode: 'ocr',
      amountMinor: 1_543_750,
      channel: 'bank_electronic',
      bgcSerialNumber: '660000000001',
      hasImage: false,
      extraReferences: [],
      informationText: [],
      payer: {
        name: 'Kund & Co AB',
        extraName: undefined,
        address: 'Kundvägen 2',
        postalCode: '41101',
        city: 'Göteborg',
        country: 'Sverige',
        countryCode: 'SE',
        organisationNumber: '5566778899',
      },
    });
  });

  it('keeps the free text of a payment without reference, for matching by invoice number', () => {
    const payment = file.deposits[0]?.payments[1];
    assert.equal(payment?.referenceCode, 'none');
    assert.equal(payment?.channel, 'paper_slip');
    assert.equal(payment?.hasImage, true);
    assert.deepEqual(payment?.informationText, ['Faktura 1002 delbetalning']);
    assert.equal(payment?.payer.name, 'Eva Ek');
  });

  it('gives every reference of a payment that covers several invoices, and its negative references apart', () => {
    const payment = file.deposits[0]?.payments[2];
    assert.equal(payment?.referenceCode, 'several');
    assert.equal(payment?.channel, 'supplier_payments');
    assert.deepEqual(
      payment?.extraReferences.map((r) => [r.reference, r.amountMinor, r.negative]),
      [
        ['100248', 200_000, false],
        ['100321', 150_000, false],
        ['900017', 50_000, true],
      ],
    );
    assert.deepEqual(payment && paymentReferences(payment), ['100248', '100321']);
  });

  it('reads a deduction as money taken back, and an incorrect reference as such', () => {
    const deduction = file.deposits[0]?.payments[3];
    assert.equal(deduction?.kind, 'deduction');
    assert.equal(deduction?.amountMinor, 20_000);
    assert.equal(deduction?.deductionCode, '1');
    assert.equal(file.deposits[1]?.payments[0]?.referenceCode, 'incorrect');
  });

  it('reads LF line ends, a test file, and records whose trailing blanks were stripped', () => {
    const small = parseBgMax(bytes('one-payment-test-marker.bgmax'));
    assert.equal(small.test, true);
    assert.equal(small.deposits[0]?.payments[0]?.amountMinor, 1_543_750);
    const stripped = VALID.toString('latin1')
      .split('\r\n')
      .map((line) => line.trimEnd())
      .join('\n');
    assert.deepEqual(parseBgMax(stripped).deposits, file.deposits);
  });
});

describe('parseBgMax rejects a faulty file whole, with the line and the reason', () => {
  it('the fixtures: a deposit sum that does not add up, a wrong end count, a file cut short', () => {
    rejects(bytes('broken-deposit-sum.bgmax'), 16, 'amount_mismatch', /23257\.50.*23237\.50|payments less deductions/);
    rejects(bytes('broken-end-count.bgmax'), 20, 'count_mismatch', /5 payment records \(20\), the file has 4/);
    rejects(bytes('broken-truncated.bgmax'), 19, 'out_of_order', /no end record/);
  });

  it('an empty file', () => rejects('\r\n\r\n', 0, 'empty'));
  it('a file that is not BgMax', () => rejects(withLine(1, overwrite(3, 'BGMIN')), 1, 'invalid_value', /layout name/));
  it('a file that does not start with 01', () => rejects(VALID_LINES.slice(1).join('\n'), 1, 'out_of_order'));
  it('a bad test marker', () => rejects(withLine(1, overwrite(45, 'X')), 1, 'invalid_value', /test marker/));
  it('a record longer than 80 characters', () =>
    rejects(
      withLine(3, (line) => `${line}X`),
      3,
      'record_length',
    ));
  it('an unknown record type', () => rejects(withLine(4, overwrite(1, '99')), 4, 'unknown_record', /"99"/));
  it('letters in an amount', () => rejects(withLine(3, overwrite(50, 'ABC')), 3, 'not_numeric', /amount/));
  it('a bad reference code', () => rejects(withLine(3, overwrite(56, '9')), 3, 'invalid_value', /reference code/));
  it('a bad payment channel', () => rejects(withLine(3, overwrite(57, '7')), 3, 'invalid_value', /channel/));
  it('an OCR reference with letters', () => rejects(withLine(3, overwrite(13, '1001A4')), 3, 'invalid_value', /OCR/));
  it('a payment date that is no date', () => rejects(withLine(16, overwrite(38, '20260231')), 16, 'invalid_date'));
  it('a deposit in another currency than its opening', () =>
    rejects(withLine(16, overwrite(69, 'EUR')), 16, 'currency_mismatch'));
  it('a deposit that states the wrong number of payments', () =>
    rejects(withLine(16, overwrite(72, '00000005')), 16, 'count_mismatch', /states 5 payments, it has 4/));
  it('a payment amount changed so the deposit no longer adds up', () =>
    rejects(withLine(3, overwrite(38, '000000000001543751')), 16, 'amount_mismatch'));
  it('a payment outside a deposit', () =>
    rejects([VALID_LINES[0], VALID_LINES[2]].join('\n'), 2, 'out_of_order', /outside a deposit/));
  it('a name record before any payment', () =>
    rejects(
      [VALID_LINES[0], VALID_LINES[1], VALID_LINES[3]].join('\n'),
      3,
      'out_of_order',
      /does not follow a payment/,
    ));
  it('a deposit never closed', () =>
    rejects(VALID_LINES.filter((_l, i) => i !== 15).join('\n'), 16, 'out_of_order', /deposit opening \(05\) before/));
  it('a record after the end record', () =>
    rejects([...VALID_LINES, VALID_LINES[2]].join('\n'), 21, 'out_of_order', /after the end record/));
  it('an empty line inside the file', () =>
    rejects([...VALID_LINES.slice(0, 5), '', ...VALID_LINES.slice(5)].join('\n'), 6, 'out_of_order'));
  it('a second start record', () =>
    rejects([VALID_LINES[0], ...VALID_LINES].join('\n'), 2, 'out_of_order', /second start/));
  it('an end record that miscounts extra references', () =>
    rejects(withLine(20, overwrite(19, '00000002')), 20, 'count_mismatch', /extra reference records/));
});

describe('parseBgMax speed', () => {
  it('reads a 100 000-line file and still checks every sum (figure printed for the report)', () => {
    const header = VALID_LINES[0] as string;
    const payment = VALID_LINES[2] as string;
    const lines = [header, VALID_LINES[1] as string];
    const count = 99_996;
    for (let i = 0; i < count; i++) lines.push(payment);
    const total = String(1_543_750 * count).padStart(18, '0');
    lines.push(overwrite(72, String(count).padStart(8, '0'))(overwrite(51, total)(VALID_LINES[15] as string)));
    lines.push(`70${String(count).padStart(8, '0')}${'0'.repeat(16)}00000001`.padEnd(80, ' '));
    const started = performance.now();
    const file = parseBgMax(lines.join('\n'));
    const seconds = (performance.now() - started) / 1000;
    assert.equal(file.deposits[0]?.payments.length, count);
    console.log(
      `# BgMax: ${lines.length} lines in ${(seconds * 1000).toFixed(0)} ms = ${Math.round(lines.length / seconds)} lines/s`,
    );
  });
});
