// Every refusal of the invoices module in one place, with its stable code and English detail (the UI translates the
// code). Services throw these domain errors; platform/http/problem.ts gives each kind its HTTP status.
import {
  ConflictError,
  NotFoundError,
  TooLargeError,
  UnprocessableError,
  UnsupportedTypeError,
  ValidationError,
  fieldError,
  type FieldError,
} from '../../platform/errors.ts';

export const invoiceNotFound = () => new NotFoundError('not_found', 'No such invoice');
export const receiptNotFound = () => new NotFoundError('not_found', 'No such receipt');

export const versionConflict = () =>
  new ConflictError('version_conflict', 'The invoice changed since it was read; reload it');

export const invoiceNotEditable = (statusName: string) =>
  new ConflictError(
    'invoice_not_editable',
    `Only drafts, invoices with changes requested and invoices that were not sent can change (this one is ${statusName})`,
  );

export const interestInvoiceNotEditable = () =>
  new ConflictError(
    'invoice_not_editable',
    'An interest invoice is computed from the late payment: send it or delete it, it cannot be edited',
  );

/** The status machine refused; `message` says from which state and what was tried. */
export const illegalTransition = (message: string) => new ConflictError('illegal_transition', message);

/** "Invalid campaign code" for an unknown code, one not valid today, or one used up: the same answer (docs/product/invoices.md). */
export const CAMPAIGN_CODE_INVALID = 'Invalid campaign code';
export const campaignCodeInvalid = () => new UnprocessableError('campaign_code_invalid', CAMPAIGN_CODE_INVALID);

export const receiptInUse = () =>
  new ConflictError('receipt_in_use', 'The receipt belongs to an expense; remove it from the expense first');

/** The product's own wording (docs/product/errors.md#problem-responses). */
export const FILE_TOO_LARGE = 'File size exceeds limit (4MB maximum)';
export const fileTooLarge = () => new TooLargeError('file_too_large', FILE_TOO_LARGE);
export const fileTypeNotAllowed = () =>
  new UnsupportedTypeError('file_type_not_allowed', 'Only JPG, PNG or PDF files can be uploaded');

export const exchangeRateUnavailable = (currency: string, date: string) =>
  new UnprocessableError('exchange_rate_unavailable', `No exchange rate for ${currency} is known on or before ${date}`);
export const targetUnreachable = () =>
  new UnprocessableError('target_unreachable', 'No invoice amount gives that salary (the fee takes it all)');
export const ratesUnavailable = (date: string) =>
  new UnprocessableError('rates_unavailable', `The salary rules for ${date} are not known yet`);

/** Names each bad field of the request body. */
export function invalidFields(errors: FieldError[]): ValidationError {
  return new ValidationError(errors);
}

export { fieldError };
