// Turns field error codes (the BFF's, and the same codes from the checks in the browser) and failed
// calls into translation keys. Pure, so the mapping is tested without React.

/** A field error as the BFF sends it (`code`, optional `params`), or as a client-side check makes it. */
export type FieldIssue = { code: string; params?: Record<string, unknown> };

/** Translation keys to try in order (i18next takes the first that exists) and their values. */
export type Message = { keys: string[]; values: Record<string, unknown> };

/** Codes whose `params.reason` says more precisely what is wrong (a check digit, a date, the format). */
const REFINED_BY_REASON = new Set(['personal_identity_number_invalid', 'organisation_number_invalid', 'vat_invalid']);

/** A refinement of the code from its params: `_<reason>`, or `_foreign` for a postal code outside Sweden. */
function refinement(issue: FieldIssue): string | null {
  const params = issue.params ?? {};
  const reason = params['reason'];
  if (typeof reason === 'string' && REFINED_BY_REASON.has(issue.code)) return `${issue.code}_${reason}`;
  if (issue.code === 'postal_code_invalid' && typeof params['country'] === 'string' && params['country'] !== 'SE') {
    return `${issue.code}_foreign`;
  }
  return null;
}

/**
 * The message for a field (`name`, `address.postalCode`): the field's own wording of the code
 * (refined by its params where that says more), then the code's usual wording, then "not valid".
 */
export function fieldMessage(field: string, issue: FieldIssue): Message {
  const refined = refinement(issue);
  const keys = refined ? [`errors.fields.${field}.${refined}`] : [];
  keys.push(`errors.fields.${field}.${issue.code}`, `errors.codes.${issue.code}`, 'errors.codes.invalid');
  return { keys, values: { ...issue.params } };
}

/** Failures with their own shared wording (`errors.form.<code>`); anything else is the screen's failure. */
export const FORM_CODES: ReadonlySet<string> = new Set([
  'network',
  'validation',
  'not_found',
  'version_conflict',
  'government_id_locked',
  'recipient_changed',
  'email_not_confirmed',
  'csrf',
  'unauthorized',
  'rate_limited',
  'verification_rate_limited',
]);

/**
 * The message for a failed call: the screen's own wording of the code (`<scope>.errors.<code>`), then
 * the shared one (`errors.form.<code>`); a code without its own wording is the screen's failure
 * (`<scope>.errors.generic`), and last the general fallback ("Sorry.. there was an error.", docs/product/errors.md#problem-responses).
 */
export function formMessage(scope: string, code: string, values: Record<string, unknown> = {}): Message {
  const shared = FORM_CODES.has(code) ? `errors.form.${code}` : `${scope}.errors.generic`;
  return { keys: [`${scope}.errors.${code}`, shared, 'errors.form.generic'], values };
}
