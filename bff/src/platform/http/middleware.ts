// Cross-cutting HTTP middleware: request ids and logs, problem responses, CSRF and security headers.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Next } from 'koa';
import type { Logger } from 'pino';
import type { AppContext } from './context.ts';
import { HttpProblem } from './problem.ts';

export function requestLogging(log: Logger) {
  return async (ctx: AppContext, next: Next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    ctx.state.requestId = requestId;
    ctx.state.log = log.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api/')) {
        ctx.state.log.info(
          {
            method: ctx.method,
            path: ctx.path,
            operationId: ctx.state.operationId,
            status: ctx.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
            userId: ctx.state.session?.userId,
          },
          'request',
        );
      }
    }
  };
}

/** Every error becomes problem JSON; unexpected ones are logged with their stack and answered without it. */
export function problemResponses() {
  return async (ctx: AppContext, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        throw new HttpProblem(404, 'not_found', { detail: `No route ${ctx.method} ${ctx.path}` });
      }
    } catch (caught) {
      let problem: HttpProblem;
      if (caught instanceof HttpProblem) {
        problem = caught;
      } else {
        const error = caught as { status?: number; expose?: boolean; message?: string; type?: string };
        if (error.type === 'entity.too.large') {
          problem = new HttpProblem(413, 'too_large', { detail: 'The request body is too large' });
        } else if (error.type === 'entity.parse.failed' || error.status === 400) {
          problem = new HttpProblem(400, 'malformed_body', { detail: 'The request body is not valid JSON' });
        } else if (error.status === 415) {
          problem = new HttpProblem(415, 'unsupported_media_type', { detail: 'Send application/json' });
        } else if (error.status && error.status < 500 && error.expose) {
          problem = new HttpProblem(error.status, 'http_error', { detail: error.message ?? 'Request failed' });
        } else {
          ctx.state.log?.error({ err: caught }, 'unhandled error');
          problem = new HttpProblem(500, 'internal', { detail: 'Sorry.. there was an error.' });
        }
      }
      ctx.status = problem.status;
      ctx.type = 'application/problem+json';
      ctx.body = problem.toProblem(ctx.path, ctx.state.requestId);
      for (const [name, value] of Object.entries(problem.init.headers ?? {})) ctx.set(name, value);
    }
  };
}

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection: every response makes sure the browser holds a random `csrf_token`
 * cookie readable by our own scripts; every write to the API must echo it in `X-CSRF-Token`.
 * A cross-site page can make the browser send the cookie but cannot read it to set the header.
 */
export function csrfProtection(secureCookies: boolean) {
  return async (ctx: AppContext, next: Next) => {
    let token = ctx.cookies.get(CSRF_COOKIE);
    const valid = token !== undefined && /^[A-Za-z0-9_-]{32,64}$/.test(token);
    // A secure cookie cannot travel over plain HTTP (e.g. a load balancer's health check in production).
    if (!valid && (!secureCookies || ctx.secure)) {
      token = randomBytes(24).toString('base64url');
      ctx.cookies.set(CSRF_COOKIE, token, {
        httpOnly: false,
        sameSite: 'lax',
        secure: secureCookies,
        path: '/',
        overwrite: true,
      });
    }
    if (!SAFE_METHODS.has(ctx.method) && ctx.path.startsWith('/api/')) {
      // Without a cookie from an earlier response a write cannot be legitimate.
      const header = Buffer.from(ctx.get(CSRF_HEADER));
      const expected = Buffer.from(valid ? token! : '');
      if (!valid || header.length !== expected.length || !timingSafeEqual(header, expected)) {
        throw new HttpProblem(403, 'csrf', { detail: 'Missing or wrong CSRF token: reload the page and try again' });
      }
    }
    await next();
  };
}

export function securityHeaders(production: boolean) {
  return async (ctx: AppContext, next: Next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    if (production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // API answers are private and fresh unless a handler says otherwise (translations, the contract).
    if (ctx.path.startsWith('/api/') && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  };
}
