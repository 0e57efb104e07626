// Text that users wrote (names), placed into emails sent to other people: short, on one line, and with nothing a mail
// client would turn into a link, so an account cannot use our emails to advertise an address.

const SCHEME = /\b[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|tel|sms):/gi;
// A dot between two name parts, the last of which looks like a top-level domain: what link detectors look for.
const DOMAIN_DOT = /([\p{L}\p{N}_-])\.(?=[\p{L}\p{N}-]*\p{L}[\p{L}\p{N}-]*(?:$|[^\p{L}\p{N}_-]))/gu;

/**
 * `text` as it may appear in someone else's email: control characters and runs of spaces collapsed, URL schemes
 * removed, every dot of a host name shown as `[.]` (`frilo.se` → `frilo[.]se`), at most `maxLength` characters.
 */
export function inlineUserText(text: string, maxLength: number): string {
  const cleaned = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(SCHEME, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(DOMAIN_DOT, '$1[.]');
  const characters = [...cleaned];
  return characters.length <= maxLength
    ? cleaned
    : `${characters
        .slice(0, maxLength - 1)
        .join('')
        .trimEnd()}…`;
}
