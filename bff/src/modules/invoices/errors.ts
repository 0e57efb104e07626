// Every refusal of the invoices module in one place, with its stable code and English detail (the UI translates the
// code). Services throw these; they hold no HTTP beyond the status the one error mapping gives them.
import { HttpProblem, fieldError, validationProblem, type FieldError } from '../../platform/http/problem.ts';

export { recipientUnavailable } from '../customers/service.ts';

export const invoiceNotFound = () => new HttpProblem(404, 'not_found', { detail: 'No such invoice' });
export const receiptNotFound = () => new HttpProblem(404, 'not_found', { detail: 'No such receipt' });

export const versionConflict = () =>
  new HttpProblem(409, 'version_conflict', { detail: 'The invoice changed since it was read; reload it' });

export const invoiceNotEditable = (statusName: string) =>
  new HttpProblem(409, 'invoice_not_editable', {
    detail: `Only drafts, invoices with changes requested and invoices that were not sent can change (this one is ${statusName})`,
  });

/** The status machine refused; `message` says from which state and what was tried. */
export const illegalTransition = (message: string) => new HttpProblem(409, 'illegal_transition', { detail: message });

/** Spec §5: "invalid gives Invalid campaign code" (unknown, not valid today, or used up: the same answer). */
export const CAMPAIGN_CODE_INVALID = 'Invalid campaign code';
export const campaignCodeInvalid = () =>
  new HttpProblem(422, 'campaign_code_invalid', { detail: CAMPAIGN_CODE_INVALID });

export const receiptInUse = () =>
  new HttpProblem(409, 'receipt_in_use', {
    detail: 'The receipt belongs to an expense; remove it from the expense first',
  });

/** Spec §8, word for word. */
export const FILE_TOO_LARGE = 'File size exceeds limit (4MB maximum)';
export const fileTooLarge = () => new HttpProblem(413, 'file_too_large', { detail: FILE_TOO_LARGE });
export const fileTypeNotAllowed = () =>
  new HttpProblem(415, 'file_type_not_allowed', { detail: 'Only JPG, PNG or PDF files can be uploaded' });

export const exchangeRateUnavailable = (currency: string, date: string) =>
  new HttpProblem(422, 'exchange_rate_unavailable', {
    detail: `No exchange rate for ${currency} is known on or before ${date}`,
  });
export const targetUnreachable = () =>
  new HttpProblem(422, 'target_unreachable', { detail: 'No invoice amount gives that salary (the fee takes it all)' });
export const ratesUnavailable = (date: string) =>
  new HttpProblem(422, 'rates_unavailable', { detail: `The salary rules for ${date} are not known yet` });

/** A 400 naming each bad field of the request body. */
export function invalidFields(errors: FieldError[]): HttpProblem {
  return validationProblem(errors);
}

export { fieldError };
