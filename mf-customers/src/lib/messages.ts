// mf-customers' wording conventions on top of the kit's (@frilo/ui/form/messages): field texts
// keyed by the API's path (`address.postalCode`), a code refined by its params where that says
// more, and the failures worded once for every screen under `errors.form`. Pure, so the mapping is
// tested without React.
import {
  fieldMessage as kitFieldMessage,
  formMessage as kitFormMessage,
  type FieldIssue,
  type Message,
} from '@frilo/ui/form/messages';

export type { FieldIssue, Message };

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
/** A country's name in the reader's language (`DE` → "Tyskland" / "Germany"); the code when unknown. */
export function countryName(code: string, locale: 'sv' | 'en'): string {
  try {
    return new Intl.DisplayNames([locale === 'sv' ? 'sv-SE' : 'en-GB'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function fieldMessage(field: string, issue: FieldIssue): Message {
  return kitFieldMessage(field, issue, { refine: refinement });
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
  return kitFormMessage(scope, code, FORM_CODES, values);
}
