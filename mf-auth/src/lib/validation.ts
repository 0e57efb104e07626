// Client-side checks that mirror the BFF's, so people see mistakes before sending. The BFF stays the
// authority: it runs the same rules (and more) and its answer wins.
import type { FieldIssue } from './messages.ts';

/** NewPassword in the contract: at least 8 characters. */
export const MIN_PASSWORD_LENGTH = 8;

// Like the BFF's domain/email.ts: one @, a dot-atom local part, a domain of labels under a
// top-level domain of letters. Loose on purpose; the BFF has the last word.
const EMAIL =
  /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/u;

export function checkRequired(value: string): FieldIssue | undefined {
  return value.trim() ? undefined : { code: 'required' };
}

export function checkEmail(value: string): FieldIssue | undefined {
  const email = value.trim();
  if (!email) return { code: 'required' };
  if ([...email].length > 254) return { code: 'too_long', params: { limit: 254 } };
  return EMAIL.test(email) ? undefined : { code: 'invalid_format' };
}

export function checkNewPassword(value: string): FieldIssue | undefined {
  if (!value) return { code: 'required' };
  return [...value].length < MIN_PASSWORD_LENGTH
    ? { code: 'too_short', params: { limit: MIN_PASSWORD_LENGTH } }
    : undefined;
}

/** "Passwords must match" (docs/product/accounts.md#sign-up). */
export function checkConfirmation(password: string, confirmation: string): FieldIssue | undefined {
  if (!confirmation) return { code: 'required' };
  return password === confirmation ? undefined : { code: 'passwords_must_match' };
}

/** Drops the fields without an issue, so an empty object means "valid". */
export function issues<F extends string>(checks: Record<F, FieldIssue | undefined>): Partial<Record<F, FieldIssue>> {
  const out: Partial<Record<F, FieldIssue>> = {};
  for (const [field, issue] of Object.entries(checks) as [F, FieldIssue | undefined][]) {
    if (issue) out[field] = issue;
  }
  return out;
}
