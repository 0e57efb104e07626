// mf-auth's wording conventions on top of the kit's (@frilo/ui/form/messages): the form's own
// texts first, a personnummer error refined by its reason, and the failures worded once for every
// form under `errors.form`. Pure, so the mapping is tested without React.
import type { Problem } from '@frilo/openapi/problem';
import { failureCode as codeOfFailure } from '@frilo/ui/form/api-result';
import {
  fieldMessage as kitFieldMessage,
  formMessage as kitFormMessage,
  refineByReason,
  type FieldIssue,
  type Message,
} from '@frilo/ui/form/messages';

export type { FieldIssue, Message };

const refine = refineByReason(new Set(['personal_identity_number_invalid']));

/** `<form>.errors.<field>.<code>` → `errors.fields.<field>.<code>` → `errors.codes.<code>`. */
export function fieldMessage(form: string, field: string, issue: FieldIssue): Message {
  return kitFieldMessage(field, issue, { form, refine });
}

/** Problem codes a form shows above its fields, with their own wording in `errors.form`. */
const FORM_CODES = new Set([
  'generic',
  'network',
  'validation',
  'rate_limited',
  'unauthorized',
  'csrf',
  'forbidden',
  'email_not_confirmed',
  'token_invalid',
  'token_used',
  'token_expired',
  'email_taken',
  'already_confirmed',
  'account_disabled',
  'credentials_invalid',
]);

/**
 * The message above a form for a failed call: the form's own wording of the code first, then the
 * shared one; status 0 (no answer) is `network`, anything unknown the general fallback (docs/product/errors.md#problem-responses).
 */
export function formMessage(form: string, status: number, problem: Problem | null): Message {
  return codeMessage(form, failureCode(status, problem));
}

/** The code that describes a failed call: the problem's, `network` without an answer. */
export function failureCode(status: number, problem: Problem | null): string {
  return codeOfFailure({ status, problem });
}

export function codeMessage(form: string, code: string): Message {
  return kitFormMessage(form, code, FORM_CODES);
}
