// Turns problem codes and field error codes (the BFF's and the same codes from client-side checks)
// into translation keys. Pure, so the mapping is tested without React.
import type { Problem } from '@frilo/openapi/problem';

/** A field error as the BFF sends it (`code`, optional `params`), or as a client-side check makes it. */
export type FieldIssue = { code: string; params?: Record<string, unknown> };

/** Translation keys to try in order (i18next takes the first that exists) and their values. */
export type Message = { keys: string[]; values: Record<string, unknown> };

/**
 * The message for a field: the form's own wording first (`<form>.errors.<field>.<code>`), then the
 * field's usual wording (`errors.fields.<field>.<code>`), then the code's (`errors.codes.<code>`).
 * `personal_identity_number_invalid` is refined by its `params.reason`.
 */
export function fieldMessage(form: string, field: string, issue: FieldIssue): Message {
  const params = issue.params ?? {};
  const reason = typeof params['reason'] === 'string' ? params['reason'] : null;
  const code = issue.code === 'personal_identity_number_invalid' && reason ? `${issue.code}_${reason}` : issue.code;
  const keys = [`${form}.errors.${field}.${code}`, `errors.fields.${field}.${code}`, `errors.codes.${code}`];
  if (code !== issue.code) keys.push(`errors.codes.${issue.code}`);
  keys.push('errors.codes.invalid');
  return { keys, values: { ...params } };
}

/** Problem codes a form shows above its fields, with their own wording in `errors.form`. */
const FORM_CODES = new Set([
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
  return status === 0 ? 'network' : (problem?.code ?? (status === 429 ? 'rate_limited' : 'generic'));
}

export function codeMessage(form: string, code: string): Message {
  const shared = FORM_CODES.has(code) || code === 'network' ? code : code === 'validation' ? 'validation' : 'generic';
  return { keys: [`${form}.errors.${code}`, `errors.form.${shared}`, 'errors.form.generic'], values: {} };
}
