// Client-side checks that mirror the BFF's auth module, so people see mistakes before sending. The
// BFF stays the authority: it runs the same rules (and more) and its answer wins.
import type { FieldIssue } from '@frilo/ui/form/messages';
import { looksLikeEmail } from '@frilo/ui/form/issues';

/** NewPassword in the contract: at least 8 characters. */
export const MIN_PASSWORD_LENGTH = 8;

export function checkEmail(value: string): FieldIssue | undefined {
  const email = value.trim();
  if (!email) return { code: 'required' };
  if ([...email].length > 254) return { code: 'too_long', params: { limit: 254 } };
  return looksLikeEmail(email) ? undefined : { code: 'invalid_format' };
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
