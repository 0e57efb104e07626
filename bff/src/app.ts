// Builds the Koa application from its services and the registered modules; used by the server and by the tests.
import Koa from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppContext, AppServices, AppState } from './platform/http/context.ts';
import { createContractRouter } from './platform/http/contract.ts';
import { csrfProtection } from './platform/http/csrf.ts';
import { jsonBody } from './platform/http/json-body.ts';
import { problemResponses, requestLogging } from './platform/http/middleware.ts';
import { remoteOrigins, remotesMap } from './platform/http/remotes-json.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import { staticFiles } from './platform/http/static-files.ts';
import { staticJson } from './platform/http/static-json.ts';
import { Translations } from './platform/i18n/translations.ts';
import { buildModules } from './platform/module.ts';
import { createMetrics, type Metrics } from './platform/metrics.ts';
import { APP_MODULES } from './app-modules.ts';

export interface BuiltApp {
  app: Koa<AppState>;
  /** Every module's demo data (run by the server outside production); returns the lines to print. */
  seed: () => Promise<string[]>;
  /** Request, queue and job metrics, for the scrape endpoint (platform/metrics.ts). */
  metrics: Metrics;
  /** Every module's work once the job queue runs (the server calls it after starting the queue). */
  startup: () => Promise<void>;
}

export function createApp(services: AppServices): BuiltApp {
  const { config, orm, log } = services;
  const translations = new Translations(config.staticRoot);
  // The client's address is the one `trustedProxyHops` places from the right of X-Forwarded-For: values further left
  // were written by the client and would let anyone pick the address the rate limits count.
  const app = new Koa<AppState>({ proxy: config.trustedProxyHops > 0, maxIpsCount: config.trustedProxyHops });
  app.silent = true;
  const modules = buildModules(APP_MODULES, { services, translations });
  // Queues are defined before the job queue starts, which the server and the tests do after building the app.
  for (const job of modules.jobs) services.jobs.define(job);
  const router = createContractRouter({
    handlers: modules.handlers,
    validateResponses: config.validateResponses,
    omit: modules.omit,
    // Production compiles every validator as it starts, so a broken schema stops the deploy there. Development and
    // test servers compile each operation's at its first request: 1.6 s less CPU per start (38 % of it), which the
    // suites pay for each of the dozens of servers they start, kill and restart; the contract's own check and the
    // contract tests compile every schema.
    compileUpFront: config.env === 'production',
  });

  const metrics = createMetrics(services.jobs);
  app.use(requestLogging(log));
  app.use(metrics.middleware());
  // One map for what /remotes.json answers and which origins the pages' policy names.
  const remotes = remotesMap(config.staticRoot, config.remoteManifests);
  app.use(securityHeaders({ production: config.env === 'production', remotes: remoteOrigins(remotes) }));
  app.use(problemResponses());
  // Each request's own EntityManager. Not also a MikroORM RequestContext: that forked a second EntityManager for every
  // request (the two forks were 4 % of the BFF's CPU on a customer list page), for code that would use the global
  // `orm.em` inside a request, and nothing does (it is refused: allowGlobalContext is off, platform/db/orm.ts).
  app.use(async (ctx: AppContext, next) => {
    ctx.state.em = orm.em.fork() as EntityManager;
    await next();
  });
  app.use(
    staticFiles(config.staticRoot, {
      serveSourceMaps: config.env !== 'production',
      serverPages: modules.pages,
      gallery: config.env !== 'production',
      remotes,
    }),
  );
  for (const middleware of modules.identify) app.use(middleware);
  app.use(
    csrfProtection({
      secret: config.secret,
      secureCookies: config.env === 'production',
      publicUrl: config.publicUrl,
      allowRequestOrigin: config.env !== 'production',
    }),
  );
  app.use(jsonBody({ limit: 1024 * 1024, limits: modules.bodyLimits }));
  app.use(staticJson(/^\/api\/(i18n\/|openapi\.json$)/));
  for (const middleware of modules.beforeRouter) app.use(middleware);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return { app, seed: modules.seed, startup: modules.startup, metrics };
}
