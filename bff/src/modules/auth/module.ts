// The auth module: accounts and sessions. Its middleware reads the session cookie of every request; its job sends
// the link of a forgotten-password request after the answer.
import type { EntityManager } from '@mikro-orm/postgresql';
import { defineModule } from '../../platform/module.ts';
import { RateLimiter } from '../../platform/rate-limit.ts';
import { AuthEmails } from './emails.ts';
import { authEntities } from './entities.ts';
import { authHandlers, sessionMiddleware } from './routes.ts';
import { seedAccounts } from './seed.ts';
import { AuthService, FORGOT_PASSWORD_QUEUE } from './service.ts';

export const authModule = defineModule({
  name: 'auth',
  entities: authEntities,
  create({ services, translations }) {
    const service = new AuthService(
      new AuthEmails(services, translations),
      new RateLimiter(services.config.rateLimits),
      services.jobs,
    );
    return {
      handlers: authHandlers(services, service),
      middleware: { identify: [sessionMiddleware()] },
      jobs: [
        {
          name: FORGOT_PASSWORD_QUEUE,
          retryLimit: 5,
          retryDelaySeconds: 5,
          handle: ({ email }: { email: string }) =>
            service.sendResetLink(services.orm.em.fork() as EntityManager, email),
        },
      ],
      seed: () => seedAccounts(services),
    };
  },
});
