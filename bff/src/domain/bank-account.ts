// The freelancer's salary account: a Swedish clearing and account number (checked per bank with `kontonummer`, the
// rules of Bankgirot's "Bankernas kontonummeruppbyggnad") or an IBAN with its BIC (`ibantools`). The shapes match
// pain001.ts's creditor accounts, so a registered account can be paid without conversion.
import { parse as parseKontonummer } from 'kontonummer';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

export type BankAccount =
  | {
      readonly kind: 'domestic';
      /** 4 digits, or 5 for Swedbank's clearing numbers with a check digit (8xxx-x). */
      readonly clearingNumber: string;
      /** Digits only. */
      readonly accountNumber: string;
      readonly bankName: string;
    }
  | {
      readonly kind: 'iban';
      /** Electronic format: upper case, no spaces. */
      readonly iban: string;
      readonly bic: string;
    };

export type BankAccountInput =
  | { readonly kind: 'domestic'; readonly clearingNumber: string; readonly accountNumber: string }
  | { readonly kind: 'iban'; readonly iban: string; readonly bic: string };

export type BankAccountErrorCode =
  | 'required'
  | 'clearing_number_invalid'
  | 'account_number_invalid'
  | 'iban_invalid'
  | 'bic_invalid';

export type BankAccountFieldError = {
  readonly field: 'clearingNumber' | 'accountNumber' | 'iban' | 'bic';
  readonly code: BankAccountErrorCode;
};

export type BankAccountResult =
  | { readonly valid: true; readonly account: BankAccount }
  | { readonly valid: false; readonly errors: readonly BankAccountFieldError[] };

/** Spaces, hyphens, dots and commas are how people group these numbers; they carry nothing. */
const stripSeparators = (value: string) => value.replace(/[\s.,-]/g, '');

function parseDomestic(clearingInput: string, accountInput: string): BankAccountResult {
  const clearing = stripSeparators(clearingInput);
  const account = stripSeparators(accountInput);
  const errors: BankAccountFieldError[] = [];
  if (clearing === '') errors.push({ field: 'clearingNumber', code: 'required' });
  else if (!/^\d{4,5}$/.test(clearing)) errors.push({ field: 'clearingNumber', code: 'clearing_number_invalid' });
  if (account === '') errors.push({ field: 'accountNumber', code: 'required' });
  else if (!/^\d{1,15}$/.test(account)) errors.push({ field: 'accountNumber', code: 'account_number_invalid' });
  if (errors.length > 0) return { valid: false, errors };
  // Lax mode throws only for a clearing number no bank has, and reports a wrong account number (length or check
  // digit by the bank's own rule) as not valid, which tells the two fields apart.
  let parsed: ReturnType<typeof parseKontonummer>;
  try {
    parsed = parseKontonummer(clearing, account, { mode: 'lax' });
  } catch {
    return { valid: false, errors: [{ field: 'clearingNumber', code: 'clearing_number_invalid' }] };
  }
  if (!parsed.valid) return { valid: false, errors: [{ field: 'accountNumber', code: 'account_number_invalid' }] };
  return {
    valid: true,
    account: {
      kind: 'domestic',
      clearingNumber: parsed.sortingCode,
      accountNumber: parsed.accountNumber,
      bankName: parsed.bankName,
    },
  };
}

function parseIban(ibanInput: string, bicInput: string): BankAccountResult {
  const iban = electronicFormatIBAN(ibanInput) ?? '';
  const bic = bicInput.replace(/\s/g, '').toUpperCase();
  const errors: BankAccountFieldError[] = [];
  if (iban === '') errors.push({ field: 'iban', code: 'required' });
  else if (!isValidIBAN(iban)) errors.push({ field: 'iban', code: 'iban_invalid' });
  if (bic === '') errors.push({ field: 'bic', code: 'required' });
  else if (!isValidBIC(bic)) errors.push({ field: 'bic', code: 'bic_invalid' });
  return errors.length > 0 ? { valid: false, errors } : { valid: true, account: { kind: 'iban', iban, bic } };
}

/** Checks and normalises an account as a person types it. */
export function parseBankAccount(input: BankAccountInput): BankAccountResult {
  return input.kind === 'domestic'
    ? parseDomestic(input.clearingNumber, input.accountNumber)
    : parseIban(input.iban, input.bic);
}

/**
 * The account as screens and emails show it once registered: enough to recognise it, never enough to use it.
 * `Swedbank •••• 7897`, `SE45 •••• 7466`.
 */
export function maskBankAccount(account: BankAccount): string {
  if (account.kind === 'domestic') return `${account.bankName} •••• ${account.accountNumber.slice(-4)}`;
  return `${account.iban.slice(0, 4)} •••• ${account.iban.slice(-4)}`;
}
