// The auth module as the app wires it: its operations, the session middleware, its jobs and the demo seed.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../platform/http/context.ts';
import type { Handlers } from '../../platform/http/contract.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import { AuthEmails } from './emails.ts';
import { RateLimiter } from './rate-limit.ts';
import { authHandlers, sessionMiddleware } from './routes.ts';
import { seedAccounts } from './seed.ts';
import { AuthService, FORGOT_PASSWORD_QUEUE } from './service.ts';

/** Builds the module once per app: it registers its job queue, which must happen before the queue starts. */
export function authModule(services: AppServices, translations: Translations) {
  const service = new AuthService(
    new AuthEmails(services, translations),
    new RateLimiter(services.config.rateLimits),
    services.jobs,
  );
  services.jobs.define<{ email: string }>({
    name: FORGOT_PASSWORD_QUEUE,
    retryLimit: 5,
    retryDelaySeconds: 5,
    handle: ({ email }) => service.sendResetLink(services.orm.em.fork() as EntityManager, email),
  });
  return {
    handlers: authHandlers(services, service) satisfies Handlers,
    sessionMiddleware: sessionMiddleware(),
    seed: (): Promise<string[]> => seedAccounts(services),
  };
}
