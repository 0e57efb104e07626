// A pragmatic email address check and normalisation (trimmed, domain lower-cased) for sign-up and customers.

export type EmailError = 'empty' | 'invalid_format' | 'too_long';

export type EmailResult =
  | {
      readonly valid: true;
      /** Trimmed, with the domain in lower case; the local part keeps its case. */
      readonly normalised: string;
    }
  | { readonly valid: false; readonly error: EmailError };

/** RFC 5321 limits: the whole address (path minus brackets), the local part, one domain label. */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64;
const MAX_LABEL_LENGTH = 63;

/** Dot-separated atoms of RFC 5322 atext, plus non-ASCII letters and digits (RFC 6531); no quoted strings. */
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** A domain label: letters (any script), digits and inner hyphens. */
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
/** The top-level domain: at least two letters (so no IP addresses), or an `xn--` IDN label. */
const TOP_LEVEL_LABEL = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/u;

/**
 * Checks that `input` looks like a deliverable address `local@domain`: one `@`, a dot-atom local part of at most 64
 * characters, a domain of at least two labels under a top-level domain of letters, at most 254 characters in all.
 * Quoted local parts, comments and IP-address domains are refused.
 */
export function validateEmail(input: string): EmailResult {
  if (typeof input !== 'string') {
    return { valid: false, error: 'invalid_format' };
  }
  const value = input.trim();
  if (value === '') {
    return { valid: false, error: 'empty' };
  }
  if ([...value].length > MAX_EMAIL_LENGTH) {
    return { valid: false, error: 'too_long' };
  }
  const at = value.indexOf('@');
  if (at < 0 || at !== value.lastIndexOf('@')) {
    return { valid: false, error: 'invalid_format' };
  }
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).toLowerCase();
  if ([...local].length > MAX_LOCAL_PART_LENGTH) {
    return { valid: false, error: 'too_long' };
  }
  if (!LOCAL_PART.test(local)) {
    return { valid: false, error: 'invalid_format' };
  }
  const labels = domain.split('.');
  const topLevel = labels[labels.length - 1] ?? '';
  const labelsOk =
    labels.length >= 2 &&
    labels.every((label) => [...label].length <= MAX_LABEL_LENGTH && LABEL.test(label)) &&
    TOP_LEVEL_LABEL.test(topLevel);
  if (!labelsOk) {
    return { valid: false, error: 'invalid_format' };
  }
  return { valid: true, normalised: `${local}@${domain}` };
}

export function isValidEmail(input: string): boolean {
  return validateEmail(input).valid;
}
