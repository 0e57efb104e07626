// The old system's records as its CSV exports write them (docs/product/legacy.md#the-import-format): one file per kind,
// one header line naming the columns, each record naming its account by email or personal identity number. This file
// reads and checks each line; which account an identifier belongs to is the module's question.
import { parseIsoDate } from './calendar-date.ts';
import { forbiddenCharacterIn, readCsv, type CsvDelimiter } from './csv-table.ts';
import { validateEmail } from './email.ts';
import { parseAmount, type CurrencyCode } from './money.ts';
import { parsePersonalIdentityNumber } from './personal-identity-number.ts';

export type LegacyKind = 'invoices' | 'payouts';

export type LegacyLineErrorCode =
  | 'file_empty'
  | 'csv_malformed'
  | 'header_invalid'
  | 'column_unknown'
  | 'column_missing'
  | 'required'
  | 'email_invalid'
  | 'personal_number_invalid'
  | 'date_invalid'
  | 'amount_invalid'
  | 'paid_invalid'
  | 'currency_invalid'
  | 'too_long'
  | 'invalid_characters'
  | 'user_not_found'
  | 'user_mismatch'
  | 'duplicate_in_file'
  | 'conflicts_with_imported';

export type LegacyLineError = {
  /** 1-based line of the file; 1 is the header. */
  readonly line: number;
  /** The column, as the documented format names it; null for the whole line or file. */
  readonly column: string | null;
  readonly code: LegacyLineErrorCode;
  readonly message: string;
};

/** How a record names its account: either or both. */
export type LegacyAccountKey = {
  /** Lower case. */
  readonly email: string | null;
  /** 12 digits. */
  readonly personalNumber: string | null;
};

export type LegacyInvoiceRecord = {
  readonly line: number;
  readonly account: LegacyAccountKey;
  readonly number: string;
  readonly recipient: string;
  readonly paid: boolean;
  readonly invoiceDate: string;
  readonly dueDate: string;
  /** Minor units of `currency`, including VAT; negative for a credit invoice. */
  readonly total: number;
  readonly currency: Uppercase<CurrencyCode>;
};

export type LegacyPayoutRecord = {
  readonly line: number;
  readonly account: LegacyAccountKey;
  readonly createdDate: string;
  readonly transactionDate: string | null;
  /** SEK öre, each ≥ 0. */
  readonly socialFees: number;
  readonly taxMoney: number;
  readonly netSalary: number;
  readonly pensionTax: number;
  readonly pensionDeposition: number;
};

export type LegacyParseResult<R> =
  /** The header is readable: the records of the good lines, and the complaints about the others. */
  | { readonly ok: true; readonly records: readonly R[]; readonly errors: readonly LegacyLineError[] }
  /** The file cannot be read as this kind at all. */
  | { readonly ok: false; readonly errors: readonly LegacyLineError[] };

const ACCOUNT_COLUMNS = ['email', 'personalNumber'] as const;
export const LEGACY_COLUMNS = {
  invoices: {
    required: ['number', 'recipient', 'paid', 'invoiceDate', 'dueDate', 'total'],
    optional: [...ACCOUNT_COLUMNS, 'currency'],
  },
  payouts: {
    required: ['createdDate', 'socialFees', 'taxMoney', 'netSalary', 'pensionTax', 'pensionDeposition'],
    optional: [...ACCOUNT_COLUMNS, 'transactionDate'],
  },
} as const;

const MAX_NUMBER_LENGTH = 40;
const MAX_RECIPIENT_LENGTH = 200;
/** A Map, not an object: a cell saying `constructor` is not a yes or a no. */
const PAID: ReadonlyMap<string, boolean> = new Map([
  ['yes', true],
  ['ja', true],
  ['true', true],
  ['1', true],
  ['no', false],
  ['nej', false],
  ['false', false],
  ['0', false],
]);
const CURRENCIES = new Set(['SEK', 'EUR', 'USD', 'NOK', 'DKK', 'GBP']);

/** `Invoice Date`, `invoice_date` and `invoiceDate` are one column. */
const columnKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** A payout's values in one canonical line: two payouts of one account are the same when these are equal. */
export function payoutFingerprintText(record: Omit<LegacyPayoutRecord, 'line' | 'account'>): string {
  return [
    record.createdDate,
    record.transactionDate ?? '',
    record.socialFees,
    record.taxMoney,
    record.netSalary,
    record.pensionTax,
    record.pensionDeposition,
  ].join('|');
}

export function parseLegacyInvoices(text: string, today: string): LegacyParseResult<LegacyInvoiceRecord> {
  return parseLegacyFile(text, 'invoices', today, (row, fail) => {
    const number = row.get('number');
    const recipient = row.get('recipient');
    const paidText = row.get('paid').toLowerCase();
    const currency = row.get('currency').toUpperCase() || 'SEK';
    if (!number) fail('number', 'required', 'The invoice number is missing');
    else if (number.length > MAX_NUMBER_LENGTH) fail('number', 'too_long', `At most ${MAX_NUMBER_LENGTH} characters`);
    if (!recipient) fail('recipient', 'required', 'The recipient is missing');
    else if (recipient.length > MAX_RECIPIENT_LENGTH)
      fail('recipient', 'too_long', `At most ${MAX_RECIPIENT_LENGTH} characters`);
    if (!PAID.has(paidText))
      fail('paid', paidText ? 'paid_invalid' : 'required', 'Write yes or no (ja/nej, true/false, 1/0)');
    if (!CURRENCIES.has(currency)) fail('currency', 'currency_invalid', 'One of SEK, EUR, USD, NOK, DKK, GBP');
    const invoiceDate = row.date('invoiceDate', true);
    const dueDate = row.date('dueDate', true);
    const total = row.amount('total', true);
    return {
      number,
      recipient,
      paid: PAID.get(paidText) ?? false,
      invoiceDate: invoiceDate ?? '',
      dueDate: dueDate ?? '',
      total: total ?? 0,
      currency: currency as LegacyInvoiceRecord['currency'],
    };
  });
}

export function parseLegacyPayouts(text: string, today: string): LegacyParseResult<LegacyPayoutRecord> {
  return parseLegacyFile(text, 'payouts', today, (row) => ({
    createdDate: row.date('createdDate', true) ?? '',
    transactionDate: row.date('transactionDate', false),
    socialFees: row.amount('socialFees', false) ?? 0,
    taxMoney: row.amount('taxMoney', false) ?? 0,
    netSalary: row.amount('netSalary', false) ?? 0,
    pensionTax: row.amount('pensionTax', false) ?? 0,
    pensionDeposition: row.amount('pensionDeposition', false) ?? 0,
  }));
}

interface Row {
  get(column: string): string;
  date(column: string, required: boolean): string | null;
  /** `signed`: negative amounts allowed (an invoice total); every amount is required. */
  amount(column: string, signed: boolean): number | null;
}

type Fail = (column: string | null, code: LegacyLineErrorCode, message: string) => void;

function parseLegacyFile<R extends { line: number; account: LegacyAccountKey }>(
  text: string,
  kind: LegacyKind,
  today: string,
  build: (row: Row, fail: Fail) => Omit<R, 'line' | 'account'>,
): LegacyParseResult<R> {
  const read = readCsv(text);
  if (!read.ok)
    return { ok: false, errors: [{ line: read.line, column: null, code: read.code, message: read.message }] };
  // A control character (a NUL, say) in any cell is a bad line of its own: nothing after it is read as a value.
  const characterErrors: LegacyLineError[] = [];
  const [header, ...allLines] = read.table.lines;
  read.table.lines.forEach(({ line, cells }, index) => {
    const bad = cells.findIndex((cell) => forbiddenCharacterIn(cell) !== null);
    if (bad === -1) return;
    characterErrors.push({
      line,
      // The heading names the column, unless the heading itself is the bad line.
      column: index === 0 ? null : (header!.cells[bad] ?? null),
      code: 'invalid_characters',
      message: `A control character (${forbiddenCharacterIn(cells[bad]!)}) in a value: no text may hold one`,
    });
  });
  if (characterErrors[0]?.line === header!.line) return { ok: false, errors: characterErrors };
  const badLines = new Set(characterErrors.map((error) => error.line));
  const lines = allLines.filter(({ line }) => !badLines.has(line));
  const { required, optional } = LEGACY_COLUMNS[kind];
  const known = new Map<string, string>([...required, ...optional].map((name) => [columnKey(name), name]));
  const headerErrors: LegacyLineError[] = [];
  const columns = new Map<string, number>();
  header!.cells.forEach((cell, index) => {
    const name = known.get(columnKey(cell));
    if (!name) {
      headerErrors.push({
        line: header!.line,
        column: cell,
        code: 'column_unknown',
        message: `Not a column of ${kind}: ${JSON.stringify(cell)}`,
      });
    } else if (columns.has(name)) {
      headerErrors.push({ line: header!.line, column: name, code: 'header_invalid', message: `${name} appears twice` });
    } else columns.set(name, index);
  });
  for (const name of required) {
    if (!columns.has(name))
      headerErrors.push({
        line: header!.line,
        column: name,
        code: 'column_missing',
        message: `The column ${name} is missing`,
      });
  }
  if (!columns.has('email') && !columns.has('personalNumber')) {
    headerErrors.push({
      line: header!.line,
      column: 'email',
      code: 'column_missing',
      message: 'Name the account with an email or personalNumber column',
    });
  }
  if (headerErrors.length) return { ok: false, errors: headerErrors };
  if (allLines.length === 0) {
    return {
      ok: false,
      errors: [{ line: header!.line + 1, column: null, code: 'file_empty', message: 'The file has no records' }],
    };
  }

  const amountLocale = amountLocaleOf(read.table.delimiter);
  const records: R[] = [];
  const errors: LegacyLineError[] = [...characterErrors];
  for (const { line, cells } of lines) {
    const lineErrors: LegacyLineError[] = [];
    const fail: Fail = (column, code, message) => lineErrors.push({ line, column, code, message });
    const get = (column: string) => {
      const index = columns.get(column);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const row: Row = {
      get,
      date(column: string, isRequired: boolean) {
        const value = get(column);
        if (!value) {
          if (isRequired) fail(column, 'required', `The ${column} is missing`);
          return null;
        }
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !parseIsoDate(value)) {
          fail(column, 'date_invalid', `Not a date (YYYY-MM-DD): ${JSON.stringify(value)}`);
          return null;
        }
        return value;
      },
      amount(column, signed) {
        const value = get(column);
        if (!value) {
          fail(column, 'required', `The ${column} is missing`);
          return null;
        }
        const parsed = parseAmount(value, { locale: amountLocale, allowNegative: signed });
        if (!parsed.ok) {
          fail(
            column,
            'amount_invalid',
            `Not an amount with at most two decimals${signed ? '' : ' and not negative'}: ${JSON.stringify(value)}`,
          );
          return null;
        }
        return parsed.minorUnits;
      },
    };
    const account = accountOf(get('email'), get('personalNumber'), today, fail);
    const values = build(row, fail);
    if (lineErrors.length) errors.push(...lineErrors);
    else records.push({ ...values, line, account } as R);
  }
  return { ok: true, records, errors };
}

/** A semicolon file writes amounts the Swedish way (`12 345,50`, a point also taken); a comma file the English way. */
const amountLocaleOf = (delimiter: CsvDelimiter): 'sv' | 'en' => (delimiter === ',' ? 'en' : 'sv');

function accountOf(email: string, personalNumber: string, today: string, fail: Fail): LegacyAccountKey {
  let normalisedEmail: string | null = null;
  let normalisedNumber: string | null = null;
  if (email) {
    const result = validateEmail(email);
    if (result.valid) normalisedEmail = result.normalised.toLowerCase();
    else fail('email', 'email_invalid', `Not an email address: ${JSON.stringify(email)}`);
  }
  if (personalNumber) {
    const result = parsePersonalIdentityNumber(personalNumber, today);
    if (result.valid) normalisedNumber = result.normalised;
    else fail('personalNumber', 'personal_number_invalid', `Not a personal identity number (${result.error})`);
  }
  if (!email && !personalNumber) fail('email', 'required', 'Name the account by email or personalNumber');
  return { email: normalisedEmail, personalNumber: normalisedNumber };
}
