// The auth module: accounts and sessions. Its middleware reads the session cookie of every request; its job sends
// the link of a forgotten-password request, and a confirmation asked for by address, after the answer.
import type { EntityManager } from '@mikro-orm/postgresql';
import { defineModule } from '../../platform/module.ts';
import { RateLimiter } from '../../platform/rate-limit.ts';
import { AuthEmails } from './emails.ts';
import { authEntities } from './entities.ts';
import { authHandlers, sessionMiddleware } from './routes.ts';
import { seedAccounts } from './seed.ts';
import { CredentialsService, FORGOT_PASSWORD_QUEUE } from './credentials-service.ts';
import { EmailChangeService } from './email-change-service.ts';
import { ImpersonationService } from './impersonation-service.ts';
import { ProfileService } from './profile-service.ts';
import { RESEND_CONFIRMATION_QUEUE, SignUpService } from './sign-up-service.ts';

export const authModule = defineModule({
  name: 'auth',
  entities: authEntities,
  create({ services, translations }) {
    const emails = new AuthEmails(services, translations);
    const limiter = new RateLimiter(services.config.rateLimits);
    const credentials = new CredentialsService(emails, limiter, services.jobs);
    const signUp = new SignUpService(emails, limiter, services.jobs);
    const auth = {
      signUp,
      credentials,
      emailChange: new EmailChangeService(emails, limiter),
      profile: new ProfileService(),
      impersonation: new ImpersonationService(),
    };
    return {
      handlers: authHandlers(services, auth),
      middleware: { identify: [sessionMiddleware()] },
      jobs: [
        {
          name: FORGOT_PASSWORD_QUEUE,
          retryLimit: 5,
          retryDelaySeconds: 5,
          handle: ({ email }: { email: string }) =>
            credentials.sendResetLink(services.orm.em.fork() as EntityManager, email),
        },
        {
          name: RESEND_CONFIRMATION_QUEUE,
          retryLimit: 5,
          retryDelaySeconds: 5,
          handle: ({ email }: { email: string }) =>
            signUp.sendConfirmationTo(services.orm.em.fork() as EntityManager, email),
        },
      ],
      seed: () => seedAccounts(services),
    };
  },
});
