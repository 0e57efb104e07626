// Builds the Koa application from its services; used by the server and by the tests.
import Koa from 'koa';
import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppContext, AppServices, AppState } from './platform/http/context.ts';
import { createContractRouter, type Handlers, type OperationId } from './platform/http/contract.ts';
import { csrfProtection } from './platform/http/csrf.ts';
import { jsonBody } from './platform/http/json-body.ts';
import { problemResponses, requestLogging, securityHeaders } from './platform/http/middleware.ts';
import { staticFiles } from './platform/http/static-files.ts';
import { staticJson } from './platform/http/static-json.ts';
import { Translations } from './platform/i18n/translations.ts';
import { ANALYTICS_BODY_LIMIT, apiDocsHtml, systemHandlers } from './modules/system/routes.ts';
import { authModule } from './modules/auth/module.ts';
import { customersHandlers } from './modules/customers/routes.ts';
import { createInvoicesModule, invoicesHandlers } from './modules/invoices/routes.ts';
import { seedInvoices } from './modules/invoices/seed.ts';
import { bankingModule } from './modules/banking/module.ts';
import { PAGE_PREFIX as BANK_REGISTRATION_PAGES } from './modules/banking/builtin-page.ts';
import { bankDetailsCheck, blocklistCheck, sendingModule } from './modules/sending/module.ts';
import { paymentsModule } from './modules/payments/module.ts';
import { sqlRows } from './platform/db/sql.ts';

export interface BuiltApp {
  app: Koa<AppState>;
  translations: Translations;
  /** Work to start once the job queue runs (deliveries a crash interrupted). */
  startup: () => Promise<void>;
  /** Seeds the demo accounts and their invoices (the server calls it outside production). */
  seed: () => Promise<string[]>;
}

export function createApp(services: AppServices): BuiltApp {
  const { config, orm, log } = services;
  const translations = new Translations(config.staticRoot);
  // The client's address is the one `trustedProxyHops` places from the right of X-Forwarded-For: values further left
  // were written by the client and would let anyone pick the address the rate limits count.
  const app = new Koa<AppState>({ proxy: config.trustedProxyHops > 0, maxIpsCount: config.trustedProxyHops });
  app.silent = true;
  const auth = authModule(services, translations);
  const banking = bankingModule(services);
  // Sending adds what blocks an invoice (bank details, the blocklist) to the invoices module's problems.
  const invoices = createInvoicesModule(services, translations, {
    ownerChecks: [bankDetailsCheck(banking.service), blocklistCheck],
  });
  const sending = sendingModule(services, translations, invoices, banking.service);
  const payments = paymentsModule(services, translations, invoices, banking.service, {
    async sendNow(em, ownerId, invoiceId) {
      await sending.service.send(em, { userId: ownerId, actorUserId: ownerId, impersonating: false }, invoiceId);
      const documents = await sqlRows<{ id: string }>(
        em,
        `select "id" from "outgoing_document" where "invoice_id" = ? and "delivery_state" = 'pending'`,
        [invoiceId],
      );
      for (const { id } of documents) await sending.delivery.deliver(id);
    },
  });

  const omit: OperationId[] = config.env === 'production' ? ['listDevMailbox'] : [];
  const handlers: Handlers = {
    ...systemHandlers(services, translations, omit),
    ...auth.handlers,
    ...customersHandlers(services, translations),
    ...invoicesHandlers(invoices),
    ...banking.handlers,
    ...sending.handlers,
    ...payments.handlers,
  };
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
  app.use(
    staticFiles(config.staticRoot, {
      serveSourceMaps: config.env !== 'production',
      // The built-in bank registration provider's pages are the BFF's, not the web app's.
      serverPages: [BANK_REGISTRATION_PAGES],
    }),
  );
  app.use(auth.sessionMiddleware);
  app.use(
    csrfProtection({
      secret: config.secret,
      secureCookies: config.env === 'production',
      publicUrl: config.publicUrl,
      allowRequestOrigin: config.env !== 'production',
    }),
  );
  app.use(banking.pages);
  app.use(async (ctx: AppContext, next) => {
    if (ctx.method === 'GET' && ctx.path === '/api/docs') {
      docs ??= apiDocsHtml(config.staticRoot);
      ctx.type = 'text/html';
      ctx.body = await docs;
      return;
    }
    await next();
  });
  app.use(jsonBody({ limit: 1024 * 1024, limits: [{ path: '/api/analytics/events', limit: ANALYTICS_BODY_LIMIT }] }));
  app.use(staticJson(/^\/api\/(i18n\/|openapi\.json$)/));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  // Accounts first: the invoices' demo data and the demo bank account belong to the demo freelancer.
  const seed = async () => {
    const accounts = await auth.seed();
    await banking.seed();
    const invoiceLines = await seedInvoices(services, translations);
    return [...accounts, ...invoiceLines, ...(await payments.seed())];
  };
  const startup = async () => {
    await sending.startup();
    await payments.startup();
  };
  return { app, translations, seed, startup };
}
