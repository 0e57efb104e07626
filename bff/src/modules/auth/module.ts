// The auth module as the app wires it: its operations, the session middleware and the demo seed.
import type { AppServices } from '../../platform/http/context.ts';
import type { Handlers } from '../../platform/http/contract.ts';
import type { Translations } from '../../platform/i18n/translations.ts';
import { AuthEmails } from './emails.ts';
import { RateLimiter } from './rate-limit.ts';
import { authHandlers, sessionMiddleware } from './routes.ts';
import { seedAccounts } from './seed.ts';
import { AuthService } from './service.ts';

export function authModule(services: AppServices, translations: Translations) {
  const service = new AuthService(new AuthEmails(services, translations), new RateLimiter(services.config.rateLimits));
  return {
    handlers: authHandlers(services, service) satisfies Handlers,
    sessionMiddleware: sessionMiddleware(),
    seed: (): Promise<string[]> => seedAccounts(services),
  };
}
