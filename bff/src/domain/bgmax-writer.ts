// Writes BgMax files (the layout bgmax.ts reads, from Bankgirot's public technical manual) for the demo data, the tests
// and the benchmark: the platform never sends one, so this is the counterpart that makes made-up payments look exactly
// as Bankgirot would report them. Records are 80 characters, CRLF-separated, ISO 8859-1.

export interface BgMaxPaymentInput {
  /** OCR reference or free reference; empty for none. */
  readonly reference?: string;
  /** 2 = OCR checked by Bankgirot (default when the reference is digits), 4 = unchecked, 0 = none. */
  readonly referenceCode?: '0' | '1' | '2' | '3' | '4' | '5';
  readonly amountMinor: number;
  /** 12 digits, unique per payment. */
  readonly serialNumber: string;
  readonly senderBankgiro?: string;
  readonly informationText?: readonly string[];
  readonly payerName?: string;
  readonly payerCity?: string;
  /** A deduction (record 21) instead of a payment (20). */
  readonly deduction?: boolean;
}

export interface BgMaxDepositInput {
  /** `YYYY-MM-DD`. */
  readonly paymentDate: string;
  /** 5 digits. */
  readonly serialNumber: string;
  readonly payments: readonly BgMaxPaymentInput[];
  readonly currency?: string;
}

export interface BgMaxFileInput {
  /** `YYYYMMDDHHMMSSuuuuuu`. */
  readonly timestamp: string;
  readonly receivingBankgiro: string;
  readonly bankAccount?: string;
  readonly test?: boolean;
  readonly deposits: readonly BgMaxDepositInput[];
}

const record = (text: string): string => {
  if (text.length > 80) throw new RangeError(`A BgMax record has at most 80 characters: ${text}`);
  return text.padEnd(80, ' ');
};
const digits = (value: number | string, width: number): string => {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width) throw new RangeError(`Not ${width} digits: ${text}`);
  return text.padStart(width, '0');
};
const text = (value: string | undefined, width: number): string => (value ?? '').slice(0, width).padEnd(width, ' ');

export function writeBgMax(file: BgMaxFileInput): Buffer {
  const lines: string[] = [record(`01${text('BGMAX', 20)}01${digits(file.timestamp, 20)}${file.test ? 'T' : 'P'}`)];
  let payments = 0;
  let deductions = 0;
  for (const deposit of file.deposits) {
    const currency = deposit.currency ?? 'SEK';
    lines.push(record(`05${digits(file.receivingBankgiro, 10)}${text('', 10)}${currency}`));
    let sum = 0;
    for (const payment of deposit.payments) {
      const reference = payment.reference ?? '';
      const code = payment.referenceCode ?? (reference === '' ? '0' : /^\d+$/.test(reference) ? '2' : '4');
      const common =
        `${digits(payment.senderBankgiro ?? '0', 10)}${text(reference, 25)}${digits(payment.amountMinor, 18)}` +
        `${code}1${digits(payment.serialNumber, 12)}0`;
      lines.push(record(payment.deduction ? `21${common}0` : `20${common}`));
      if (payment.deduction) {
        deductions++;
        sum -= payment.amountMinor;
      } else {
        payments++;
        sum += payment.amountMinor;
      }
      for (const line of payment.informationText ?? []) lines.push(record(`25${text(line, 50)}`));
      if (payment.payerName) lines.push(record(`26${text(payment.payerName, 35)}`));
      if (payment.payerCity) lines.push(record(`28${text(payment.payerCity, 35)}${text('Sverige', 35)}SE`));
    }
    lines.push(
      record(
        `15${text(file.bankAccount ?? '99500012345678', 35)}${deposit.paymentDate.replaceAll('-', '')}` +
          `${digits(deposit.serialNumber, 5)}${digits(sum, 18)}${currency}${digits(deposit.payments.length, 8)}K`,
      ),
    );
  }
  lines.push(
    record(`70${digits(payments, 8)}${digits(deductions, 8)}${digits(0, 8)}${digits(file.deposits.length, 8)}`),
  );
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}
