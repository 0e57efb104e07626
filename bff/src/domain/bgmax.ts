// Reads Bankgirot's BgMax file (Bankgiro Inbetalningar: the incoming payments to the platform's Bankgiro) into
// deposits and payments with their references, checking its structure, counts and sums; a file with any fault is
// rejected whole, with the line and the reason.
//
// Record layout (positions 1-based, inclusive), from Bankgirot's public "Bankgiro Inbetalningar – Technical Manual"
// (BgMax, record and file description, chapter 3). Every record is 80 characters, ISO 8859-1.
//
// | TK | record            | fields                                                                                   |
// |----|-------------------|------------------------------------------------------------------------------------------|
// | 01 | start             | 3–22 layout name "BGMAX"; 23–24 version; 25–44 timestamp YYYYMMDDHHMMSSuuuuuu; 45 test    |
// |    |                   | marker T (test) / P (production)                                                           |
// | 05 | deposit opening   | 3–12 receiving bankgiro; 13–22 plusgiro (blank); 23–25 currency                            |
// | 20 | payment           | 3–12 sender's bankgiro; 13–37 reference; 38–55 amount (öre); 56 reference code; 57 payment  |
// |    |                   | channel code; 58–69 BGC serial number; 70 image marker (1 = image of the slip)             |
// | 21 | deduction         | as 20, plus 71 deduction code                                                              |
// | 22 | extra reference   | as 20 (the payment covers several references)                                             |
// | 23 | extra neg. ref.   | as 20 (a reference whose amount is deducted, e.g. a credit note)                           |
// | 25 | information       | 3–52 free text                                                                             |
// | 26 | name              | 3–37 payer's name; 38–72 extra name                                                        |
// | 27 | address 1         | 3–37 address; 38–46 postal code                                                            |
// | 28 | address 2         | 3–37 city; 38–72 country; 73–74 country code                                               |
// | 29 | organisation no.  | 3–14 payer's organisation or personal number                                               |
// | 15 | deposit           | 3–37 receiving bank account; 38–45 payment date YYYYMMDD; 46–50 deposit serial number;    |
// |    |                   | 51–68 deposit amount (öre); 69–71 currency; 72–79 number of payments; 80 deposit type       |
// | 70 | end               | 3–10 payment records (20); 11–18 deduction records (21); 19–26 extra reference records    |
// |    |                   | (22 and 23); 27–34 deposit records (15)                                                    |
//
// Reference codes (56): 0 and 1 no reference, 2 a correct OCR reference, 3 references in extra reference records,
// 4 a reference that is not checked, 5 an incorrect reference. Payment channel codes (57): 1 electronic payment
// from a bank, 2 electronic payment via Leverantörsbetalningar, 3 paper slip, 4 Autogiro.
// Our reading of two points the manual leaves to interpretation, checked here: a deposit's amount (15) equals its
// payments (20) minus its deductions (21), and its number of payments counts the 20 and 21 records.

import { createHash } from 'node:crypto';

export type BgMaxReferenceCode = 'none' | 'ocr' | 'several' | 'unchecked' | 'incorrect';
export type BgMaxChannel = 'bank_electronic' | 'supplier_payments' | 'paper_slip' | 'autogiro';

export interface BgMaxReference {
  readonly reference: string;
  readonly referenceCode: BgMaxReferenceCode;
  /** Öre; an extra negative reference (23) is deducted from the payment. */
  readonly amountMinor: number;
  readonly negative: boolean;
  readonly line: number;
}

export interface BgMaxPayer {
  readonly name?: string;
  readonly extraName?: string;
  readonly address?: string;
  readonly postalCode?: string;
  readonly city?: string;
  readonly country?: string;
  readonly countryCode?: string;
  readonly organisationNumber?: string;
}

export interface BgMaxPayment {
  /** `payment` (20) adds money; `deduction` (21) is money taken back from the deposit. */
  readonly kind: 'payment' | 'deduction';
  readonly line: number;
  readonly senderBankgiro: string;
  /** The reference as the payer gave it (spaces trimmed); the OCR when referenceCode is `ocr`. */
  readonly reference: string;
  readonly referenceCode: BgMaxReferenceCode;
  /** Öre, always positive; a deduction lowers the deposit. */
  readonly amountMinor: number;
  readonly channel: BgMaxChannel;
  /** Bankgirot's serial number of the payment: unique, the key for idempotent booking of one payment. */
  readonly bgcSerialNumber: string;
  readonly hasImage: boolean;
  readonly deductionCode?: string;
  readonly extraReferences: readonly BgMaxReference[];
  /** The lines of information text (25), e.g. an invoice number written by the payer. */
  readonly informationText: readonly string[];
  readonly payer: BgMaxPayer;
}

export interface BgMaxDeposit {
  readonly receivingBankgiro: string;
  readonly currency: string;
  readonly bankAccount: string;
  /** `YYYY-MM-DD`. */
  readonly paymentDate: string;
  readonly serialNumber: string;
  readonly amountMinor: number;
  readonly paymentCount: number;
  readonly depositType: string;
  readonly payments: readonly BgMaxPayment[];
}

export interface BgMaxFile {
  readonly version: string;
  /** The 01 record's timestamp as written: `YYYYMMDDHHMMSSuuuuuu`. */
  readonly timestamp: string;
  readonly test: boolean;
  readonly deposits: readonly BgMaxDeposit[];
  /** For idempotent import: the same file (or Bankgirot's copy of it) has the same key; the hash pins the content. */
  readonly identity: { readonly key: string; readonly sha256: string };
  readonly lineCount: number;
}

export type BgMaxErrorCode =
  | 'empty'
  | 'record_length'
  | 'unknown_record'
  | 'out_of_order'
  | 'not_numeric'
  | 'invalid_date'
  | 'invalid_value'
  | 'count_mismatch'
  | 'amount_mismatch'
  | 'currency_mismatch';

/** The whole file is refused; `line` is 1-based (0 when the fault is the file as a whole). */
export class BgMaxError extends Error {
  readonly line: number;
  readonly code: BgMaxErrorCode;
  readonly reason: string;
  constructor(line: number, code: BgMaxErrorCode, reason: string) {
    super(line > 0 ? `line ${line}: ${reason}` : reason);
    this.name = 'BgMaxError';
    this.line = line;
    this.code = code;
    this.reason = reason;
  }
}

const REFERENCE_CODES: Readonly<Record<string, BgMaxReferenceCode>> = {
  '0': 'none',
  '1': 'none',
  '2': 'ocr',
  '3': 'several',
  '4': 'unchecked',
  '5': 'incorrect',
};

const CHANNELS: Readonly<Record<string, BgMaxChannel>> = {
  '1': 'bank_electronic',
  '2': 'supplier_payments',
  '3': 'paper_slip',
  '4': 'autogiro',
};

const RECORD_LENGTH = 80;

/** A record with its 1-based line number, read by 1-based inclusive positions as the manual writes them. */
class BgMaxRecord {
  readonly text: string;
  readonly line: number;
  constructor(text: string, line: number) {
    this.text = text;
    this.line = line;
  }

  get code(): string {
    return this.text.slice(0, 2);
  }

  field(from: number, to = from): string {
    return this.text.slice(from - 1, to);
  }

  trimmed(from: number, to: number): string {
    return this.field(from, to).trim();
  }

  digits(from: number, to: number, what: string): string {
    const value = this.field(from, to);
    if (!/^\d+$/.test(value)) {
      throw new BgMaxError(this.line, 'not_numeric', `${what} (positions ${from}–${to}) is not numeric: "${value}"`);
    }
    return value;
  }

  number(from: number, to: number, what: string): number {
    const value = Number(this.digits(from, to, what));
    if (!Number.isSafeInteger(value)) {
      throw new BgMaxError(this.line, 'invalid_value', `${what} (positions ${from}–${to}) is too large`);
    }
    return value;
  }

  date(from: number, to: number, what: string): string {
    const value = this.digits(from, to, what);
    const [year, month, day] = [Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6, 8))];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      throw new BgMaxError(this.line, 'invalid_date', `${what} (positions ${from}–${to}) is not a date: "${value}"`);
    }
    return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  }

  optional(from: number, to: number): string | undefined {
    const value = this.trimmed(from, to);
    return value === '' ? undefined : value;
  }
}

/** The fields records 20, 21, 22 and 23 share. */
type PaymentFields = Pick<
  BgMaxPayment,
  'senderBankgiro' | 'reference' | 'referenceCode' | 'amountMinor' | 'channel' | 'bgcSerialNumber' | 'hasImage'
>;

interface MutablePayment extends PaymentFields {
  kind: 'payment' | 'deduction';
  line: number;
  deductionCode?: string;
  extraReferences: BgMaxReference[];
  informationText: string[];
  payer: { -readonly [K in keyof BgMaxPayer]: BgMaxPayer[K] };
}

/**
 * Parses a BgMax file. Bytes are read as ISO 8859-1 (Bankgirot's character set); a string is taken as already
 * decoded. Lines end in CRLF or LF; trailing blank lines are ignored; a record shorter than 80 characters is read as if
 * padded with blanks (file transfers strip trailing blanks), a longer one is refused.
 */
export function parseBgMax(content: Uint8Array | string): BgMaxFile {
  const text = typeof content === 'string' ? content : new TextDecoder('latin1').decode(content);
  const sha256 = createHash('sha256')
    .update(typeof content === 'string' ? Buffer.from(content, 'latin1') : content)
    .digest('hex');
  const rawLines = text.split(/\r?\n/);
  while (rawLines.length > 0 && rawLines[rawLines.length - 1]?.trim() === '') {
    rawLines.pop();
  }
  if (rawLines.length === 0) {
    throw new BgMaxError(0, 'empty', 'the file is empty');
  }
  const records = rawLines.map((raw, index) => {
    const line = index + 1;
    if (raw.length > RECORD_LENGTH) {
      throw new BgMaxError(line, 'record_length', `a record has ${RECORD_LENGTH} characters, this one ${raw.length}`);
    }
    if (raw.trim() === '') {
      throw new BgMaxError(line, 'out_of_order', 'an empty line inside the file');
    }
    // Records are ISO 8859-1 text: a control character (a NUL, say) is no letter of a name or a reference, and no
    // stored text may hold one.
    // eslint-disable-next-line no-control-regex
    const control = /[\u0000-\u001f\u007f-\u009f]/.exec(raw);
    if (control) {
      const code = `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      throw new BgMaxError(line, 'invalid_value', `a control character (${code}) at position ${control.index + 1}`);
    }
    return new BgMaxRecord(raw.padEnd(RECORD_LENGTH, ' '), line);
  });

  const start = records[0] as BgMaxRecord;
  if (start.code !== '01') {
    throw new BgMaxError(1, 'out_of_order', `the file starts with a start record (01), not ${start.code}`);
  }
  if (start.trimmed(3, 22) !== 'BGMAX') {
    throw new BgMaxError(1, 'invalid_value', `the layout name is "${start.trimmed(3, 22)}", not BGMAX`);
  }
  const version = start.digits(23, 24, 'the layout version');
  const timestamp = start.digits(25, 44, 'the timestamp');
  start.date(25, 32, 'the timestamp date');
  const testMarker = start.field(45);
  if (testMarker !== 'T' && testMarker !== 'P') {
    throw new BgMaxError(1, 'invalid_value', `the test marker is "${testMarker}", not T or P`);
  }

  const deposits: BgMaxDeposit[] = [];
  const counts = { payments: 0, deductions: 0, extraReferences: 0, deposits: 0 };
  let opening: { receivingBankgiro: string; currency: string } | undefined;
  let payments: MutablePayment[] = [];
  let current: MutablePayment | undefined;
  let end: BgMaxRecord | undefined;

  for (const record of records.slice(1)) {
    if (end) {
      throw new BgMaxError(record.line, 'out_of_order', 'a record after the end record (70)');
    }
    switch (record.code) {
      case '05': {
        if (opening) {
          throw new BgMaxError(
            record.line,
            'out_of_order',
            'a deposit opening (05) before the previous deposit (15) closed',
          );
        }
        const currency = record.field(23, 25);
        if (!/^[A-Z]{3}$/.test(currency)) {
          throw new BgMaxError(record.line, 'invalid_value', `the currency is "${currency}"`);
        }
        opening = { receivingBankgiro: stripZeros(record.digits(3, 12, 'the receiving bankgiro')), currency };
        payments = [];
        current = undefined;
        break;
      }
      case '20':
      case '21': {
        if (!opening) {
          throw new BgMaxError(
            record.line,
            'out_of_order',
            `a ${record.code === '20' ? 'payment (20)' : 'deduction (21)'} outside a deposit (05 … 15)`,
          );
        }
        current = readPayment(record);
        payments.push(current);
        if (record.code === '20') counts.payments++;
        else counts.deductions++;
        break;
      }
      case '22':
      case '23':
      case '25':
      case '26':
      case '27':
      case '28':
      case '29': {
        if (!current) {
          throw new BgMaxError(
            record.line,
            'out_of_order',
            `record ${record.code} does not follow a payment (20) or deduction (21)`,
          );
        }
        readPaymentDetail(record, current);
        if (record.code === '22' || record.code === '23') counts.extraReferences++;
        break;
      }
      case '15': {
        if (!opening) {
          throw new BgMaxError(record.line, 'out_of_order', 'a deposit record (15) without a deposit opening (05)');
        }
        deposits.push(readDeposit(record, opening, payments));
        counts.deposits++;
        opening = undefined;
        current = undefined;
        break;
      }
      case '70':
        end = record;
        break;
      case '01':
        throw new BgMaxError(record.line, 'out_of_order', 'a second start record (01)');
      default:
        throw new BgMaxError(record.line, 'unknown_record', `unknown record type "${record.code}"`);
    }
  }
  if (opening) {
    const last = records[records.length - 1] as BgMaxRecord;
    throw new BgMaxError(last.line, 'out_of_order', 'a deposit opened (05) is never closed by a deposit record (15)');
  }
  if (!end) {
    throw new BgMaxError(
      (records[records.length - 1] as BgMaxRecord).line,
      'out_of_order',
      'the file has no end record (70)',
    );
  }
  const expected: ReadonlyArray<readonly [number, number, number, string]> = [
    [3, 10, counts.payments, 'payment records (20)'],
    [11, 18, counts.deductions, 'deduction records (21)'],
    [19, 26, counts.extraReferences, 'extra reference records (22, 23)'],
    [27, 34, counts.deposits, 'deposit records (15)'],
  ];
  for (const [from, to, actual, what] of expected) {
    const stated = end.number(from, to, `the number of ${what}`);
    if (stated !== actual) {
      throw new BgMaxError(
        end.line,
        'count_mismatch',
        `the end record states ${stated} ${what}, the file has ${actual}`,
      );
    }
  }
  const serials = deposits.map((deposit) => deposit.serialNumber).join(',');
  return {
    version,
    timestamp,
    test: testMarker === 'T',
    deposits,
    identity: { key: `bgmax:${timestamp}:${serials}`, sha256 },
    lineCount: records.length,
  };
}

function stripZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

function readCommonPaymentFields(record: BgMaxRecord): PaymentFields {
  const referenceCode = REFERENCE_CODES[record.field(56)];
  if (!referenceCode) {
    throw new BgMaxError(record.line, 'invalid_value', `the reference code (position 56) is "${record.field(56)}"`);
  }
  const channel = CHANNELS[record.field(57)];
  if (!channel) {
    throw new BgMaxError(
      record.line,
      'invalid_value',
      `the payment channel code (position 57) is "${record.field(57)}"`,
    );
  }
  const image = record.field(70);
  if (image !== '0' && image !== '1' && image !== ' ') {
    throw new BgMaxError(record.line, 'invalid_value', `the image marker (position 70) is "${image}"`);
  }
  const reference = record.trimmed(13, 37);
  if (referenceCode === 'ocr' && !/^\d+$/.test(reference)) {
    throw new BgMaxError(record.line, 'invalid_value', `an OCR reference (code 2) is not digits: "${reference}"`);
  }
  return {
    senderBankgiro: stripZeros(record.digits(3, 12, "the sender's bankgiro")),
    reference,
    referenceCode,
    amountMinor: record.number(38, 55, 'the amount'),
    channel,
    bgcSerialNumber: record.digits(58, 69, 'the BGC serial number'),
    hasImage: image === '1',
  };
}

function readPayment(record: BgMaxRecord): MutablePayment {
  const payment: MutablePayment = {
    kind: record.code === '20' ? 'payment' : 'deduction',
    line: record.line,
    ...readCommonPaymentFields(record),
    extraReferences: [],
    informationText: [],
    payer: {},
  };
  if (record.code === '21') {
    payment.deductionCode = record.field(71);
  }
  return payment;
}

function readPaymentDetail(record: BgMaxRecord, payment: MutablePayment): void {
  switch (record.code) {
    case '22':
    case '23': {
      const { reference, referenceCode, amountMinor } = readCommonPaymentFields(record);
      payment.extraReferences.push({
        reference,
        referenceCode,
        amountMinor,
        negative: record.code === '23',
        line: record.line,
      });
      return;
    }
    case '25': {
      const information = record.trimmed(3, 52);
      if (information !== '') payment.informationText.push(information);
      return;
    }
    case '26':
      payment.payer.name = record.optional(3, 37);
      payment.payer.extraName = record.optional(38, 72);
      return;
    case '27':
      payment.payer.address = record.optional(3, 37);
      payment.payer.postalCode = record.optional(38, 46);
      return;
    case '28':
      payment.payer.city = record.optional(3, 37);
      payment.payer.country = record.optional(38, 72);
      payment.payer.countryCode = record.optional(73, 74);
      return;
    case '29':
      payment.payer.organisationNumber = record
        .digits(3, 14, "the payer's organisation number")
        .replace(/^0{2}(?=\d{10}$)/, '');
      return;
  }
}

function readDeposit(
  record: BgMaxRecord,
  opening: { receivingBankgiro: string; currency: string },
  payments: readonly MutablePayment[],
): BgMaxDeposit {
  const currency = record.field(69, 71);
  if (currency !== opening.currency) {
    throw new BgMaxError(
      record.line,
      'currency_mismatch',
      `the deposit is in ${currency}, its opening record says ${opening.currency}`,
    );
  }
  const amountMinor = record.number(51, 68, 'the deposit amount');
  const paymentCount = record.number(72, 79, 'the number of payments');
  if (paymentCount !== payments.length) {
    throw new BgMaxError(
      record.line,
      'count_mismatch',
      `the deposit states ${paymentCount} payments, it has ${payments.length}`,
    );
  }
  const computed = payments.reduce((total, p) => total + (p.kind === 'payment' ? p.amountMinor : -p.amountMinor), 0);
  if (computed !== amountMinor) {
    throw new BgMaxError(
      record.line,
      'amount_mismatch',
      `the deposit amount is ${formatOre(amountMinor)}, its payments less deductions make ${formatOre(computed)}`,
    );
  }
  return {
    ...opening,
    bankAccount: record.trimmed(3, 37),
    paymentDate: record.date(38, 45, 'the payment date'),
    serialNumber: record.digits(46, 50, 'the deposit serial number'),
    amountMinor,
    paymentCount,
    depositType: record.field(80).trim(),
    payments,
  };
}

function formatOre(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Every reference a payment carries (its own and the extra ones), for matching to invoices by OCR. */
export function paymentReferences(payment: BgMaxPayment): string[] {
  return [payment.reference, ...payment.extraReferences.filter((r) => !r.negative).map((r) => r.reference)].filter(
    (r) => r !== '',
  );
}
