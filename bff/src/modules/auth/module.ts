// Placeholder until the auth module lands: no session, no handlers.
import type { Next } from 'koa';
import type { AppContext, AppServices } from '../../platform/http/context.ts';
import type { Handlers } from '../../platform/http/contract.ts';
import type { Translations } from '../../platform/i18n/translations.ts';

export function authModule(_services: AppServices, _translations: Translations) {
  return {
    handlers: {} as Handlers,
    sessionMiddleware: async (_ctx: AppContext, next: Next) => next(),
    seed: async (): Promise<string[]> => [],
  };
}
