// Security headers on every response: a Content-Security-Policy without inline scripts (pages run only scripts from
// our own origin and the remotes' origins; everything else, API answers and files, may run nothing at all), no
// framing, no MIME sniffing, no referrer to other sites, and HSTS in production. The policy is the same in every mode:
// the remotes' origins are exactly those of the configured remotes.json (remotes-json.ts), never a wildcard.
import type { Next } from 'koa';
import type { AppContext } from './context.ts';

/** The policy of a page (the shell, the API docs): scripts, styles, images and data only from us and the remotes. */
export function pagePolicy(remotes: string[]): string {
  const sources = ["'self'", ...remotes].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${sources}`,
    // Inline styles stay allowed: the shell paints its loading screen with one, Redoc renders with styled-components.
    `style-src ${sources} 'unsafe-inline'`,
    `img-src ${sources} data: blob:`,
    `font-src ${sources} data:`,
    `connect-src ${sources}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** The policy of anything that is not a page (API answers, scripts, files): nothing may run or be framed. */
export const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A document the app shows inside its own page (the invoice PDF in the send dialog): nothing may run, and only a page
 * of this origin may frame it (a browser's PDF viewer then draws it; the page's own policy keeps `object-src 'none'`).
 */
export const SAME_ORIGIN_FRAME_POLICY =
  "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export function securityHeaders(options: { production: boolean; remotes: string[] }) {
  const page = pagePolicy(options.remotes);
  return async (ctx: AppContext, next: Next) => {
    await next();
    // A handler that answers with a policy of its own keeps it (a receipt: sandboxed; the bank's registration page),
    // but nothing of ours is framed by anyone else: only a policy that says `frame-ancestors 'self'` (the preview of
    // an invoice in the send dialog, SAME_ORIGIN_FRAME_POLICY) lets the app itself frame it.
    const own = ctx.response.get('Content-Security-Policy');
    if (!own) ctx.set('Content-Security-Policy', ctx.response.is('html') ? page : NOTHING_POLICY);
    else if (!/(^|;)\s*frame-ancestors\s/.test(own))
      ctx.set('Content-Security-Policy', `${own}; frame-ancestors 'none'`);
    const framedBySelf = own !== '' && /(^|;)\s*frame-ancestors 'self'\s*(;|$)/.test(own);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', framedBySelf ? 'SAMEORIGIN' : 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // API answers are private and fresh unless a handler says otherwise (translations, the contract).
    if (ctx.path.startsWith('/api/') && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  };
}
