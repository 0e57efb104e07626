// SIE type 4 (the Swedish standard text format for bookkeeping data, SIE-gruppen's "SIE filformat ver 4B"): a file of
// vouchers an accounting program imports (#SIETYP 4, the transaction-only "4I" use: no opening balances, since the
// platform keeps a sub-ledger and the accounting program the general ledger). Layout:
//
//   #FLAGGA 0                       not yet read by the receiver
//   #FORMAT PC8                     the character set: IBM PC 8-bit, code page 437 (the only one the format allows)
//   #SIETYP 4
//   #PROGRAM "Frilo" "1"            #GEN 20261127     #FNAMN "…"     #ORGNR 559900-1236
//   #RAR 0 20260101 20261231        the fiscal years the vouchers fall in (0 = the year of the export's last day)
//   #VALUTA SEK
//   #KONTO 1510 "Kundfordringar"    every account the file uses
//   #VER A 1 20261105 "Faktura 1001"
//   {
//   #TRANS 1510 {} 12500.00
//   #TRANS 3001 {} -10000.00
//   #TRANS 2611 {} -2500.00
//   }
//
// Amounts: debit positive, credit negative, `.` decimal, two decimals; each voucher's transactions add up to 0.
// Texts are in quotes with `"` and `\` escaped by a backslash. Characters: the file is PC8 bytes; a character that
// code page 437 lacks is replaced deterministically (`toPc8Text`): its letters without their accents when those exist
// in 437 (`ń` → `n`, `č` → `c`, compatibility forms too: `ﬁ` → `fi`), a few fixed replacements (`ø` → `ö`, `Ø` → `Ö`, `ł` → `l`, `€` → `EUR`, dashes → `-`,
// curly quotes → straight), anything else `?`. Control characters become spaces.
import iconv from 'iconv-lite';

export type SieTransaction = {
  readonly account: string;
  /** Öre: debit positive, credit negative. */
  readonly amount: number;
};

export type SieVoucher = {
  /** A series letter (A–Z). */
  readonly series: string;
  readonly number: number;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly text: string;
  readonly transactions: readonly SieTransaction[];
};

export type SieAccount = { readonly number: string; readonly name: string };

export type SieFileInput = {
  readonly programName: string;
  readonly programVersion: string;
  /** `YYYY-MM-DD`. */
  readonly generatedOn: string;
  readonly companyName: string;
  /** 10 digits (written `NNNNNN-NNNN`). */
  readonly organisationNumber: string;
  /** Fiscal years, each a calendar year here: index 0 the current one, −1 the one before… */
  readonly fiscalYears: readonly { readonly index: number; readonly from: string; readonly to: string }[];
  readonly accounts: readonly SieAccount[];
  readonly vouchers: readonly SieVoucher[];
};

export class SieError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SieError';
  }
}

const REPLACEMENTS: Readonly<Record<string, string>> = {
  ø: 'ö',
  Ø: 'Ö',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  œ: 'oe',
  Œ: 'OE',
  þ: 'th',
  Þ: 'Th',
  ð: 'd',
  '€': 'EUR',
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '…': '...',
  '•': '*',
  '™': 'TM',
};

/** Whether code page 437 holds the character itself (read back as the same character, not a look-alike). */
function encodable(char: string): boolean {
  const bytes = iconv.encode(char, 'cp437');
  return bytes.length === 1 && iconv.decode(bytes, 'cp437') === char;
}

/**
 * A text as code page 437 can carry it: NFC first; each character 437 has stays, a control character becomes a space,
 * and any other is replaced as the file header says (`?` when nothing fits). Deterministic: the same text, the same
 * result.
 */
export function toPc8Text(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' ';
    } else if (code < 0x7f || encodable(char)) {
      out += char;
    } else if (Object.hasOwn(REPLACEMENTS, char)) {
      out += REPLACEMENTS[char];
    } else {
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += bare && bare !== char && [...bare].every(encodable) ? bare : '?';
    }
  }
  return out;
}

/** A quoted SIE text field. */
export function sieString(text: string): string {
  return `"${toPc8Text(text).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Öre as a SIE amount: `12500.00`, `-0.05`. */
export function sieAmount(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new SieError(`Not öre: ${ore}`);
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function sieDate(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new SieError(`Not a day: ${day}`);
  return day.replaceAll('-', '');
}

/** Whether a voucher's transactions add up to 0 (what every voucher of the file must do). */
export function isBalanced(voucher: Pick<SieVoucher, 'transactions'>): boolean {
  return voucher.transactions.reduce((sum, t) => sum + t.amount, 0) === 0;
}

/** The file as text (before encoding); refuses an unbalanced voucher, an unknown account or a date outside the years. */
export function sieText(input: SieFileInput): string {
  const org = input.organisationNumber.replace(/\D/g, '');
  if (org.length !== 10) throw new SieError('The organisation number has 10 digits');
  const accounts = new Set(input.accounts.map((a) => a.number));
  const lines = [
    '#FLAGGA 0',
    '#FORMAT PC8',
    '#SIETYP 4',
    `#PROGRAM ${sieString(input.programName)} ${sieString(input.programVersion)}`,
    `#GEN ${sieDate(input.generatedOn)}`,
    `#FNAMN ${sieString(input.companyName)}`,
    `#ORGNR ${org.slice(0, 6)}-${org.slice(6)}`,
    ...[...input.fiscalYears]
      .sort((a, b) => b.index - a.index)
      .map((y) => `#RAR ${y.index} ${sieDate(y.from)} ${sieDate(y.to)}`),
    '#VALUTA SEK',
    ...[...input.accounts]
      .sort((a, b) => a.number.localeCompare(b.number))
      .map((a) => `#KONTO ${a.number} ${sieString(a.name)}`),
  ];
  const seen = new Set<string>();
  for (const voucher of input.vouchers) {
    if (!/^[A-Z]$/.test(voucher.series)) throw new SieError(`A series is one letter: ${voucher.series}`);
    const key = `${voucher.series}${voucher.number}`;
    if (seen.has(key)) throw new SieError(`Voucher ${key} twice`);
    seen.add(key);
    if (!isBalanced(voucher)) throw new SieError(`Voucher ${key} does not balance`);
    if (!input.fiscalYears.some((y) => y.from <= voucher.date && voucher.date <= y.to))
      throw new SieError(`Voucher ${key} is dated outside the fiscal years`);
    lines.push(`#VER ${voucher.series} ${voucher.number} ${sieDate(voucher.date)} ${sieString(voucher.text)}`, '{');
    for (const t of voucher.transactions) {
      if (!accounts.has(t.account)) throw new SieError(`Account ${t.account} is not in the account plan`);
      if (t.amount !== 0) lines.push(`#TRANS ${t.account} {} ${sieAmount(t.amount)}`);
    }
    lines.push('}');
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The file as bytes in code page 437 (PC8), every text already made to fit by `toPc8Text`. */
export function sieFile(input: SieFileInput): Uint8Array {
  return new Uint8Array(iconv.encode(sieText(input), 'cp437'));
}

/** Reads a PC8 file back as text (tests, and anyone checking a file). */
export function decodePc8(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes), 'cp437');
}
