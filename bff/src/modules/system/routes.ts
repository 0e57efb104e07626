// Handlers of the `system` module: health, the contract, translations, analytics and the dev mailbox.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Next } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import contract from '@frilo/openapi/bundled.json' with { type: 'json' };
import type { AppContext, AppServices } from '../../platform/http/context.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { HttpProblem } from '../../platform/http/problem.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import { DevMail } from '../../platform/mail/dev-mail-entity.ts';
import { RateLimiter, type Limit } from '../../platform/rate-limit.ts';

export const APP_VERSION = '24.10.2025.01';
/** An analytics event is a name, two short strings and at most 20 small properties: 4 KB is plenty. */
export const ANALYTICS_BODY_LIMIT = 4 * 1024;
/** The shell sends a handful of events per page; this stops one address from filling the logs. */
export const ANALYTICS_LIMIT: Limit = { scope: 'analytics:ip', max: 120, windowSeconds: 60 };

/** The contract as this deployment serves it: without the operations it leaves out (the dev mailbox in production). */
export function publishedContract(omit: readonly string[]): Record<string, unknown> {
  if (!omit.length) return contract as Record<string, unknown>;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries((contract as { paths: Record<string, Record<string, unknown>> }).paths)) {
    const kept = Object.fromEntries(
      Object.entries(item).filter(([, op]) => !omit.includes((op as { operationId?: string }).operationId ?? '')),
    );
    if (Object.keys(kept).length) paths[path] = kept;
  }
  return { ...(contract as Record<string, unknown>), paths };
}

export function systemHandlers(
  services: AppServices,
  translations: Translations,
  omit: readonly string[] = [],
): ModuleHandlers<'system'> {
  const limiter = new RateLimiter(services.config.rateLimits);
  const published = publishedContract(omit);
  return {
    async getHealth({ ctx }) {
      try {
        await (ctx.state.em as EntityManager).getConnection().execute('select 1');
      } catch (error) {
        ctx.state.log.error({ err: error }, 'health check: database does not answer');
        throw new HttpProblem(503, 'database_unavailable', { detail: 'The database does not answer' });
      }
      return { status: 200, body: { status: 'ok', database: 'ok', version: APP_VERSION } };
    },
    getOpenApi() {
      return { status: 200, body: published };
    },
    async getTranslations({ params, ctx }) {
      const tree = await translations.load(params.locale, params.namespace);
      if (!tree || params.namespace === 'email')
        throw new NotFoundError('not_found', `No translations for ${params.namespace}`);
      ctx.set('Cache-Control', services.config.env === 'production' ? 'public, max-age=300' : 'no-cache');
      return { status: 200, body: tree };
    },
    async trackEvent({ body, ctx }) {
      await limiter.hit(ctx.state.em, { limit: ANALYTICS_LIMIT, subject: ctx.ip });
      // A summary: property values may hold whatever a page put there, so only their names are logged.
      const { name, version, environment, properties } = body;
      ctx.state.log.info(
        {
          analytics: { name, version, environment, properties: Object.keys(properties ?? {}).sort() },
          userId: ctx.state.session?.userId,
        },
        'analytics event',
      );
      return { status: 202, body: undefined };
    },
    async listDevMailbox({ query, ctx }) {
      const where = query.to ? { to: query.to.toLowerCase() } : {};
      const mails = await ctx.state.em.find(DevMail, where, { orderBy: { createdAt: 'desc' }, limit: 100 });
      return {
        status: 200,
        body: {
          messages: mails.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            links: m.links,
            createdAt: m.createdAt.toISOString(),
          })),
        },
      };
    },
  };
}

async function apiDocsHtml(repoRoot: string): Promise<string> {
  try {
    return await readFile(join(repoRoot, 'openapi', 'dist', 'docs.html'), 'utf8');
  } catch {
    return '<!doctype html><meta charset="utf-8"><title>API docs</title><p>The API docs are built by <code>npm run build -w openapi</code>. The contract itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>';
  }
}

/** `GET /api/docs`: the contract as a readable page (an HTML page, so not an operation of the contract). */
export function apiDocs(repoRoot: string) {
  let docs: Promise<string> | undefined;
  return async (ctx: AppContext, next: Next) => {
    if (ctx.method === 'GET' && ctx.path === '/api/docs') {
      docs ??= apiDocsHtml(repoRoot);
      ctx.type = 'text/html';
      ctx.body = await docs;
      return;
    }
    await next();
  };
}
