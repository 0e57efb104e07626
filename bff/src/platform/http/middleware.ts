// Cross-cutting HTTP middleware: request ids and logs, problem responses (security headers: security-headers.ts, CSRF:
// csrf.ts).
import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { Logger } from 'pino';
import type { AppContext } from './context.ts';
import { HttpProblem, knownProblem } from './problem.ts';

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

const STATUS_CODES: Record<number, string> = {
  404: 'not_found',
  405: 'method_not_allowed',
  501: 'not_implemented',
};

/** Every error becomes problem JSON; unexpected ones are logged with their stack and answered without it. */
export function problemResponses() {
  return async (ctx: AppContext, next: Next) => {
    try {
      await next();
      // Whatever answered an API error without a problem body (the router's 404, 405 and 501), the client gets one.
      if (ctx.path.startsWith('/api/') && ctx.status >= 400 && !ctx.response.is('application/problem+json')) {
        const code = STATUS_CODES[ctx.status] ?? 'http_error';
        const detail =
          ctx.status === 404
            ? `No route ${ctx.method} ${ctx.path}`
            : ctx.status === 405
              ? `${ctx.method} is not allowed here; use ${ctx.response.get('Allow') || 'another method'}`
              : ctx.status === 501
                ? `The method ${ctx.method} is not implemented`
                : 'Request failed';
        throw new HttpProblem(ctx.status, code, { detail });
      }
    } catch (caught) {
      let problem = knownProblem(caught);
      if (!problem) {
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
