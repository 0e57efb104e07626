// Builds the Koa application from its services; used by the server and by the tests.
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppContext, AppServices, AppState } from './platform/http/context.ts';
import { createContractRouter, type Handlers, type OperationId } from './platform/http/contract.ts';
import { csrfProtection, problemResponses, requestLogging, securityHeaders } from './platform/http/middleware.ts';
import { staticFiles } from './platform/http/static-files.ts';
import { staticJson } from './platform/http/static-json.ts';
import { Translations } from './platform/i18n/translations.ts';
import { apiDocsHtml, systemHandlers } from './modules/system/routes.ts';
import { authModule } from './modules/auth/module.ts';
import { customersHandlers } from './modules/customers/routes.ts';

export interface BuiltApp {
  app: Koa<AppState>;
  translations: Translations;
}

export function createApp(services: AppServices): BuiltApp {
  const { config, orm, log } = services;
  const translations = new Translations(config.staticRoot);
  const app = new Koa<AppState>({ proxy: config.env === 'production' });
  app.silent = true;
  const auth = authModule(services, translations);

  const handlers: Handlers = {
    ...systemHandlers(services, translations),
    ...auth.handlers,
    ...customersHandlers(services, translations),
  };
  const omit: OperationId[] = config.env === 'production' ? ['listDevMailbox'] : [];
  const router = createContractRouter({ handlers, validateResponses: config.validateResponses, omit });

  let docs: Promise<string> | undefined;
  app.use(requestLogging(log));
  app.use(securityHeaders(config.env === 'production'));
  app.use(problemResponses());
  app.use(async (ctx: AppContext, next) => {
    const em = orm.em.fork() as EntityManager;
    ctx.state.em = em;
    await RequestContext.create(em, next);
  });
  app.use(staticFiles(config.staticRoot, { gallery: config.env !== 'production' }));
  app.use(csrfProtection(config.env === 'production'));
  app.use(async (ctx: AppContext, next) => {
    if (ctx.method === 'GET' && ctx.path === '/api/docs') {
      docs ??= apiDocsHtml(config.staticRoot);
      ctx.type = 'text/html';
      ctx.body = await docs;
      return;
    }
    await next();
  });
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' }));
  app.use(staticJson(/^\/api\/(i18n\/|openapi\.json$)/));
  app.use(auth.sessionMiddleware);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return { app, translations };
}
