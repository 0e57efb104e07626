// CSRF protection (docs/decisions/0007): the request must come from our own site, and carry a token bound to the
// session it acts for.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext } from './context.ts';
import { HttpProblem } from './problem.ts';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `nonce.mac`: 16 random bytes and an HMAC-SHA256, base64url. */
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
/** How many verified tokens a process keeps (about 100 bytes each). */
export const VERIFIED_KEPT = 10_000;

export interface CsrfOptions {
  secret: string;
  /** Cookies are Secure (production): never set one on a plain-HTTP request such as a load balancer's check. */
  secureCookies: boolean;
  /** config.publicUrl: the only origin writes may come from. */
  publicUrl: string;
  /** Outside production the page may also be opened at the address the BFF listens on (127.0.0.1 vs localhost). */
  allowRequestOrigin: boolean;
}

const refused = (detail: string) => new HttpProblem(403, 'csrf', { detail });

/**
 * Signed double submit, bound to the session, plus an origin check:
 * - every answer makes sure the browser holds a readable `csrf_token` cookie `nonce.HMAC(secret, session id, nonce)`
 *   for the session the browser has (none before login); a token from another session, or from before a login, a
 *   logout or a rotation, does not verify and is replaced in the same answer;
 * - every write to the API must echo the cookie in `X-CSRF-Token`, the token must verify for the request's session,
 *   and `Sec-Fetch-Site` (when the browser sends it) must be `same-origin` and `Origin` (when sent) the public URL's.
 * Handlers that change the browser's session set `ctx.state.boundSessionId`; the answer then carries a token bound to
 * the new session. Runs after the session middleware.
 */
export function csrfProtection(options: CsrfOptions) {
  const publicOrigin = new URL(options.publicUrl).origin;
  const mac = (sessionId: string | null, nonce: string) =>
    createHmac('sha256', options.secret)
      .update(`csrf\n${sessionId ?? ''}\n${nonce}`)
      .digest('base64url');
  const issue = (sessionId: string | null) => {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${mac(sessionId, nonce)}`;
  };
  // Tokens that verified, each with the session it verified for. A browser sends the same token with every request
  // of its session, and an HMAC per request cost a customer list page about a quarter of its CPU (decision 0007,
  // Later). A token is kept only once it has verified: its HMAC depends on the secret, the session and the nonce
  // alone, so what was kept stays true; a token met with another session is checked anew (and fails). At most
  // VERIFIED_KEPT, the longest kept dropped first.
  const verified = new Map<string, string>();
  const verifies = (token: string | undefined, sessionId: string | null): token is string => {
    if (!token) return false;
    const session = sessionId ?? '';
    if (verified.get(token) === session) return true;
    const match = TOKEN_SHAPE.exec(token);
    if (!match) return false;
    const expected = Buffer.from(mac(sessionId, match[1]!));
    const given = Buffer.from(match[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, session);
    return true;
  };

  return async (ctx: AppContext, next: Next) => {
    // A secure cookie cannot travel over plain HTTP (e.g. a load balancer's health check in production).
    const canSetCookie = !options.secureCookies || ctx.secure;
    const setToken = (sessionId: string | null) => {
      if (!canSetCookie) return;
      ctx.cookies.set(CSRF_COOKIE, issue(sessionId), {
        httpOnly: false,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
        overwrite: true,
      });
    };
    const sessionId = ctx.state.session?.sessionId ?? null;
    const token = ctx.cookies.get(CSRF_COOKIE);
    const valid = verifies(token, sessionId);
    if (!valid) setToken(sessionId);

    if (!SAFE_METHODS.has(ctx.method) && ctx.path.startsWith('/api/')) {
      const site = ctx.get('sec-fetch-site');
      if (site && site !== 'same-origin') throw refused('Cross-site requests are refused');
      const origin = ctx.get('origin');
      if (
        origin &&
        origin !== publicOrigin &&
        !(options.allowRequestOrigin && origin === `${ctx.protocol}://${ctx.host}`)
      ) {
        throw refused('Requests from another origin are refused');
      }
      const header = Buffer.from(ctx.get(CSRF_HEADER));
      const cookie = Buffer.from(valid ? token : '');
      if (!valid || header.length !== cookie.length || !timingSafeEqual(header, cookie)) {
        throw refused('Missing or wrong CSRF token: reload the page and try again');
      }
    }
    try {
      await next();
    } finally {
      if (ctx.state.boundSessionId !== undefined) setToken(ctx.state.boundSessionId);
    }
  };
}
