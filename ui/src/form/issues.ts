// Client-side checks: what every form checks the same way before the BFF (which stays the
// authority: it checks again and its answer wins).
import { fieldErrors, type Problem } from '@frilo/openapi/problem';
import { issueOf, type FieldIssue } from './messages.ts';

export type Issues<F> = Partial<Record<keyof F & string, FieldIssue>>;

/** Drops the fields without an issue, so an empty object means "valid". */
export function withoutEmpty<K extends string>(
  checks: Partial<Record<K, FieldIssue | undefined>>,
): Partial<Record<K, FieldIssue>> {
  const out: Partial<Record<K, FieldIssue>> = {};
  for (const [field, issue] of Object.entries(checks) as [K, FieldIssue | undefined][]) {
    if (issue) out[field] = issue;
  }
  return out;
}

export function checkRequired(value: string): FieldIssue | undefined {
  return value.trim() ? undefined : { code: 'required' };
}

// Like the BFF's domain/email.ts: one @, a dot-atom local part, a domain of labels under a
// top-level domain of letters. Loose on purpose; the BFF has the last word.
const EMAIL =
  /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/u;

/** Whether an address looks like one the BFF would take (trimmed, at most 254 characters). */
export function looksLikeEmail(value: string): boolean {
  const email = value.trim();
  return [...email].length <= 254 && EMAIL.test(email);
}

/**
 * A problem body's field errors on the form's fields: `fieldOf` names the field an API path
 * (without `body.`) belongs to, or undefined when the form does not show it. `unmapped` says
 * whether any error has no field here (the form then explains it above itself).
 */
export function problemIssues<F>(
  problem: Problem | null,
  fieldOf: (path: string) => (keyof F & string) | undefined,
): { issues: Issues<F>; unmapped: boolean } {
  const issues: Issues<F> = {};
  let unmapped = false;
  for (const [path, error] of Object.entries(fieldErrors(problem ?? undefined))) {
    const name = fieldOf(path);
    if (name) issues[name] ??= issueOf(error);
    else unmapped = true;
  }
  return { issues, unmapped };
}

/** The first field of `order` that has an issue (where focus goes after a failed submit). */
export function firstWithIssue<F>(
  order: readonly (keyof F & string)[],
  issues: Issues<F>,
): (keyof F & string) | undefined {
  return order.find((name) => issues[name]);
}
