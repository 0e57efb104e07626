// Every refusal of the payments module in one place, with its stable code and English detail (the apps translate the
// code). Services throw these domain errors; platform/http/problem.ts gives each kind its HTTP status.
import type { BgMaxError } from '../../domain/bgmax.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooLargeError,
  UnprocessableError,
  ValidationError,
  fieldError,
} from '../../platform/errors.ts';

export const paymentNotFound = () => new NotFoundError('not_found', 'No such payment');
export const invoiceNotFound = () => new NotFoundError('not_found', 'No such invoice');
export const payoutNotFound = () => new NotFoundError('not_found', 'No such payout');
export const batchNotFound = () => new NotFoundError('not_found', 'No such payout batch');
export const transactionNotFound = () => new NotFoundError('not_found', 'No such salary item or payout');

export const notAdmin = () => new ForbiddenError('forbidden', 'Only admins can do this');
export const impersonatingAdmin = () =>
  new ForbiddenError('forbidden', 'An admin impersonating a user acts as the user; stop impersonating first');

/** The whole file is refused; `errors[0]` names the fault with the line and the reason. */
export const bgMaxInvalid = (error: BgMaxError) =>
  new UnprocessableError('bgmax_invalid', error.line > 0 ? `Line ${error.line}: ${error.reason}` : error.reason, {
    extensions: {
      errors: [fieldError('body.file', error.code, error.reason, { line: error.line, reason: error.reason })],
    },
  });
export const bgMaxConflict = () =>
  new ConflictError(
    'bgmax_conflict',
    'Another file with the same start time stamp and deposit serial numbers was imported already',
  );
export const fileTooLarge = () => new TooLargeError('too_large', 'The file is larger than 10 MB');

export const paymentAlreadyMatched = () =>
  new ConflictError('payment_already_matched', 'The payment is matched to an invoice already');
export const deductionNotMatchable = () =>
  new ConflictError(
    'deduction_not_matchable',
    'A deduction is money taken back from a deposit, not a payment of an invoice',
  );
export const invoiceNotPayable = (statusName: string) =>
  new ConflictError('invoice_not_payable', `An invoice that is ${statusName} cannot take a payment`);
export const currencyMismatch = (paid: string, invoice: string) =>
  new UnprocessableError('currency_mismatch', `The payment is in ${paid}, the invoice in ${invoice}`);
export const invoiceAmountRequired = () =>
  new ValidationError([
    fieldError('body.invoiceAmount', 'required', 'Give the amount in the invoice’s currency the payment covers'),
  ]);
export const sekAmountRequired = () =>
  new ValidationError([fieldError('body.sekAmount', 'required', 'Give what reached the account in SEK')]);
export const paymentDateOutOfRange = (code: 'too_small' | 'too_large') =>
  new ValidationError([
    fieldError('body.paymentDate', code, 'The payment day is at most today and at most a year back'),
  ]);
export const exchangeRateUnavailable = (currency: string, date: string) =>
  new UnprocessableError('exchange_rate_unavailable', `No exchange rate for ${currency} is known on or before ${date}`);
export const salaryNotComputable = (why: string) => new UnprocessableError('salary_not_computable', why);

/** The manual payout's failures; the app shows "try later or contact support" for both. */
export const nothingToPayOut = () =>
  new ConflictError('payout_nothing_available', 'No salary is available to pay out now');
export const bankDetailsMissing = () => new ConflictError('bank_details_missing', 'Register bank details to be paid');
/** Payouts to a newly changed account wait for its cooling-off period (docs/product/payments.md#payout-holds). */
export const payoutAccountOnHold = (until: Date) =>
  new ConflictError(
    'payout_account_on_hold',
    `The salary account was changed; payouts to it are held until ${until.toISOString()} unless the change is confirmed from the email`,
    { extensions: { heldUntil: until.toISOString() } },
  );
export const payoutAccountStopped = () =>
  new ConflictError(
    'payout_account_stopped',
    'Payouts to the salary account were stopped from the email; register an account again to be paid',
  );

export const notABankDay = (day: string) =>
  new UnprocessableError('not_a_bank_day', `${day} is not a Swedish bank day`);
export const executionDatePast = (day: string) => new UnprocessableError('execution_date_past', `${day} has passed`);
export const PAYOUT_ACCOUNT_MISSING = 'payout_account_missing';
export const payoutAccountMissing = () =>
  new ConflictError(
    PAYOUT_ACCOUNT_MISSING,
    'The platform account salaries are paid from (SELLER_IBAN and SELLER_BIC) is not configured',
  );
export const illegalPayoutTransition = (message: string) => new ConflictError('illegal_transition', message);

export const statusReportInvalid = (why: string) =>
  new UnprocessableError('status_report_invalid', `Not a pain.002.001.03 status report: ${why}`);
export const statusReportUnknownFile = (messageId: string) =>
  new UnprocessableError(
    'status_report_unknown_file',
    `The report is about file ${messageId}, which is not a payout file of this platform`,
  );

/** requestVacationPayPayout with nothing saved (docs/product/payments.md#saved-vacation-pay). */
export const vacationPayNothingSaved = () =>
  new ConflictError('vacation_pay_nothing_saved', 'No saved vacation pay is waiting to be paid out');
/** One Idempotency-Key sent to both payout operations: each key names one intended action. */
export const idempotencyKeyReused = () =>
  new ConflictError('idempotency_key_reused', 'This Idempotency-Key was used for another kind of payout');
/** A yearly statement asked for before its year has ended. */
export const statementNotAvailable = (year: number) =>
  new UnprocessableError(
    'statement_not_available',
    `The statement of ${year} is available from 1 January ${year + 1}`,
    {
      extensions: { availableFrom: `${year + 1}-01-01` },
    },
  );
export const statementNotFound = () => new NotFoundError('not_found', 'No salary was paid out that year');
