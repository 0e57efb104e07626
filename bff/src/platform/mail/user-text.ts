// Text that users wrote (names, a message to a customer), placed into emails sent to other people, with nothing a mail
// client would turn into a link, so an account cannot use our emails to advertise an address.
import { LinkifyIt } from 'linkify-it';
import tlds from 'tlds' with { type: 'json' };

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

/** The longest message a freelancer may send their customer with an invoice (the contract says the same). */
export const CUSTOMER_MESSAGE_MAX_LENGTH = 500;

// linkify-it finds what mail programs turn into links: schemes, `www.`, bare host names with a real top-level domain
// (`frilo.se`, `win.xyz`; not `t.ex.` or `bl.a.`), and email addresses. Every IANA top-level domain (`tlds`), not only
// linkify-it's short list, since mail programs link the new ones too.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true }).tlds(tlds, false);
const WWW = /\bwww\./i;

export type CustomerMessage = { ok: true; text: string | null } | { ok: false; links: string[] };

/**
 * A freelancer's message to their customer, as it goes into the invoice email: line breaks kept (`\r\n` as `\n`), each
 * line's trailing spaces and the whole message's surrounding space trimmed, at most one empty line in a row; an empty
 * message is none. Refused when it holds anything a mail program would show as a link: our emails carry the platform's
 * name, so a message must not be able to carry someone's address.
 */
export function customerMessage(raw: string | null | undefined): CustomerMessage {
  const text = (raw ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) return { ok: true, text: null };
  const found = linkify.match(text) ?? [];
  const schemes = [...(text.match(SCHEME) ?? []), ...(text.match(WWW) ?? [])];
  if (found.length > 0 || schemes.length > 0) {
    // A scheme or `www.` inside a link already found is that link, not a second one: each link is named once, whole.
    const links = found.map((match) => match.raw);
    const inFound = (part: string) => links.some((link) => link.toLowerCase().includes(part.toLowerCase()));
    return { ok: false, links: [...new Set([...links, ...schemes.filter((part) => !inFound(part))])] };
  }
  return { ok: true, text };
}
