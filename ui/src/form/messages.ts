// Turns field error codes (the BFF's, and the same codes from checks in the browser) and failed
// calls into translation keys of the app's namespace, most specific first (i18next takes the first
// key that exists). Pure, so the conventions are tested without React. An app adds a text by
// adding a key, never code:
//   field:  <form>.errors.<field>.<code>  →  errors.fields.<field>.<code>  →  errors.codes.<code>  →  errors.codes.invalid
//   failed: <scope>.errors.<code>  →  errors.form.<code> (shared codes)  or  <scope>.errors.generic  →  errors.form.generic
import type { FieldError } from '@frilo/openapi/problem';

/** A field error as the BFF sends it (`code`, optional `params`), or as a client-side check makes it. */
export type FieldIssue = { code: string; params?: Record<string, unknown> };

/** Translation keys to try in order and the values they are filled with. */
export type Message = { keys: string[]; values: Record<string, unknown> };

export type FieldMessageOptions = {
  /** The form's translation scope (`login`, `profile.address`): its own wording goes first. */
  form?: string;
  /**
   * A more precise code the params call for (`organisation_number_invalid` with reason
   * `invalid_checksum` → `organisation_number_invalid_invalid_checksum`), tried before the code.
   */
  refine?: (issue: FieldIssue) => string | null;
};

/** The message for a field's issue; `field` is the API's path of it (`address.postalCode`). */
export function fieldMessage(field: string, issue: FieldIssue, options: FieldMessageOptions = {}): Message {
  const refined = options.refine?.(issue) ?? null;
  const keys: string[] = [];
  for (const code of refined ? [refined, issue.code] : [issue.code]) {
    if (options.form) keys.push(`${options.form}.errors.${field}.${code}`);
    keys.push(`errors.fields.${field}.${code}`);
  }
  keys.push(`errors.codes.${issue.code}`, 'errors.codes.invalid');
  return { keys, values: { ...issue.params } };
}

/** `<code>_<reason>` for the codes whose `params.reason` says more precisely what is wrong. */
export function refineByReason(codes: ReadonlySet<string>): (issue: FieldIssue) => string | null {
  return (issue) => {
    const reason = issue.params?.['reason'];
    return typeof reason === 'string' && codes.has(issue.code) ? `${issue.code}_${reason}` : null;
  };
}

/**
 * The message for a failed call: the screen's own wording of the code, then the shared wording
 * (`errors.form.<code>`) for codes the app words once for every screen, else the screen's own
 * failure (`<scope>.errors.generic`), and last the general fallback ("Sorry.. there was an error.",
 * docs/product/errors.md#problem-responses).
 */
export function formMessage(
  scope: string,
  code: string,
  shared: ReadonlySet<string>,
  values: Record<string, unknown> = {},
): Message {
  const second = shared.has(code) ? `errors.form.${code}` : `${scope}.errors.generic`;
  return { keys: [`${scope}.errors.${code}`, second, 'errors.form.generic'], values };
}

/** A field error of a problem body as an issue. */
export function issueOf(error: Pick<FieldError, 'code' | 'params'>): FieldIssue {
  return { code: error.code, ...(error.params ? { params: error.params } : {}) };
}
