// Every refusal of the payments module in one place, with its stable code and English detail (the apps translate the
// code). Services throw these; the one error mapping gives them their HTTP status.
import type { BgMaxError } from '../../domain/bgmax.ts';
import { HttpProblem, fieldError, notFound, validationProblem } from '../../platform/http/problem.ts';

export { notFound };

export const paymentNotFound = () => notFound('No such payment');
export const invoiceNotFound = () => notFound('No such invoice');
export const payoutNotFound = () => notFound('No such payout');
export const batchNotFound = () => notFound('No such payout batch');
export const transactionNotFound = () => notFound('No such salary item or payout');

export const notAdmin = () => new HttpProblem(403, 'forbidden', { detail: 'Only admins can do this' });
export const impersonatingAdmin = () =>
  new HttpProblem(403, 'forbidden', {
    detail: 'An admin impersonating a user acts as the user; stop impersonating first',
  });

export const bgMaxInvalid = (error: BgMaxError) =>
  new HttpProblem(422, 'bgmax_invalid', {
    detail: error.line > 0 ? `Line ${error.line}: ${error.reason}` : error.reason,
    errors: [fieldError('body.file', error.code, error.reason, { line: error.line, reason: error.reason })],
  });
export const bgMaxConflict = () =>
  new HttpProblem(409, 'bgmax_conflict', {
    detail: 'Another file with the same start time stamp and deposit serial numbers was imported already',
  });

export const paymentAlreadyMatched = () =>
  new HttpProblem(409, 'payment_already_matched', { detail: 'The payment is matched to an invoice already' });
export const deductionNotMatchable = () =>
  new HttpProblem(409, 'deduction_not_matchable', {
    detail: 'A deduction is money taken back from a deposit, not a payment of an invoice',
  });
export const invoiceNotPayable = (statusName: string) =>
  new HttpProblem(409, 'invoice_not_payable', {
    detail: `An invoice that is ${statusName} cannot take a payment`,
  });
export const currencyMismatch = (paid: string, invoice: string) =>
  new HttpProblem(422, 'currency_mismatch', {
    detail: `The payment is in ${paid}, the invoice in ${invoice}`,
  });
export const invoiceAmountRequired = () =>
  validationProblem([
    fieldError('body.invoiceAmount', 'required', 'Give the amount in the invoice’s currency the payment covers'),
  ]);
export const sekAmountRequired = () =>
  validationProblem([fieldError('body.sekAmount', 'required', 'Give what reached the account in SEK')]);
export const paymentDateOutOfRange = (code: 'too_small' | 'too_large') =>
  validationProblem([fieldError('body.paymentDate', code, 'The payment day is at most today and at most a year back')]);
export const exchangeRateUnavailable = (currency: string, date: string) =>
  new HttpProblem(422, 'exchange_rate_unavailable', {
    detail: `No exchange rate for ${currency} is known on or before ${date}`,
  });
export const salaryNotComputable = (why: string) => new HttpProblem(422, 'salary_not_computable', { detail: why });

/** Spec §8's manual payout failure: the app shows "try later or contact support" for both. */
export const nothingToPayOut = () =>
  new HttpProblem(409, 'payout_nothing_available', { detail: 'No salary is available to pay out now' });
export const bankDetailsMissing = () =>
  new HttpProblem(409, 'bank_details_missing', { detail: 'Register bank details to be paid' });

export const notABankDay = (day: string) =>
  new HttpProblem(422, 'not_a_bank_day', { detail: `${day} is not a Swedish bank day` });
export const executionDatePast = (day: string) =>
  new HttpProblem(422, 'execution_date_past', { detail: `${day} has passed` });
export const payoutAccountMissing = () =>
  new HttpProblem(409, 'payout_account_missing', {
    detail: 'The platform account salaries are paid from (SELLER_IBAN and SELLER_BIC) is not configured',
  });
export const illegalPayoutTransition = (message: string) =>
  new HttpProblem(409, 'illegal_transition', { detail: message });

export const statusReportInvalid = (why: string) =>
  new HttpProblem(422, 'status_report_invalid', { detail: `Not a pain.002.001.03 status report: ${why}` });
export const statusReportUnknownFile = (messageId: string) =>
  new HttpProblem(422, 'status_report_unknown_file', {
    detail: `The report is about file ${messageId}, which is not a payout file of this platform`,
  });
export const fileTooLarge = () => new HttpProblem(413, 'too_large', { detail: 'The file is larger than 10 MB' });
