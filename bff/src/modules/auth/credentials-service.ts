// Credentials: logging in, the forgotten-password link and reset, and changing the password.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenError, UnauthenticatedError, ValidationError, type FieldError } from '../../platform/errors.ts';
import type { RequestSession } from '../../platform/http/context.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import {
  auditOwnAccount,
  checkCurrentPassword,
  checkEmail,
  findUserByEmail,
  notWhileImpersonating,
  passwordsMustMatch,
  type RequestInfo,
} from './account-checks.ts';
import { CREDENTIAL_LINKS, consumeLink, endOpenLinks, issueLink } from './email-links.ts';
import { RESET_TTL_MINUTES, type AuthEmails } from './emails.ts';
import { User } from './entities.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { LIMITS } from './rate-limit.ts';
import { createSession, endUserSessions, rotateSession, type NewSession } from './sessions.ts';

/** The job that looks up the account of a forgotten-password request and emails its link (after the answer). */
export const FORGOT_PASSWORD_QUEUE = 'forgot-password';

const invalidCredentials = () => new UnauthenticatedError('credentials_invalid', 'Incorrect email or password');
const accountDisabled = () =>
  new ForbiddenError('account_disabled', 'This account is disabled. Please contact support');

export class CredentialsService {
  readonly #emails: AuthEmails;
  readonly #limiter: RateLimiter;
  readonly #jobs: Pick<Jobs, 'send'>;
  constructor(emails: AuthEmails, limiter: RateLimiter, jobs: Pick<Jobs, 'send'>) {
    this.#emails = emails;
    this.#limiter = limiter;
    this.#jobs = jobs;
  }

  async login(
    em: EntityManager,
    input: { email: string; password: string },
    request: RequestInfo,
  ): Promise<{ user: User; session: NewSession }> {
    const email = input.email.trim();
    const perEmail = { limit: LIMITS.loginFailuresPerEmail, subject: `${request.ip}|${email}` };
    const perAccount = { limit: LIMITS.loginFailuresPerAccount, subject: email };
    const perIp = { limit: LIMITS.loginFailuresPerIp, subject: request.ip };
    await this.#limiter.check(em, perEmail, perAccount, perIp);
    const user = await findUserByEmail(em, email);
    const valid = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !valid) {
      await this.#limiter.hit(em, perEmail, perAccount, perIp);
      throw invalidCredentials();
    }
    // Only someone with the right password learns that the account is disabled.
    if (user.disabledAt) throw accountDisabled();
    if (needsRehash(user.passwordHash)) {
      user.passwordHash = await hashPassword(input.password);
      await em.flush();
    }
    const session = await createSession(em, { userId: user.id, ip: request.ip, userAgent: request.userAgent });
    await auditOwnAccount(em, user.id, 'session.login', request, { sessionId: session.id });
    return { user, session };
  }

  async forgotPassword(em: EntityManager, rawEmail: string, request: RequestInfo): Promise<void> {
    const errors: FieldError[] = [];
    const email = checkEmail('body.email', rawEmail, errors);
    if (errors.length) throw new ValidationError(errors);
    await this.#limiter.hit(
      em,
      { limit: LIMITS.passwordResetPerIp, subject: request.ip },
      { limit: LIMITS.passwordResetPerEmail, subject: `${request.ip}|${email}` },
      { limit: LIMITS.passwordResetPerAccount, subject: email },
    );
    // Every request queues the same job and answers: whether the address has an account is found out afterwards,
    // so neither the answer nor its timing can tell.
    await this.#jobs.send(FORGOT_PASSWORD_QUEUE, { email });
  }

  /** The job of a forgotten-password request: a reset link for an account that exists and is not disabled. */
  async sendResetLink(em: EntityManager, email: string): Promise<void> {
    const user = await findUserByEmail(em, email);
    if (!user || user.disabledAt) return;
    const { token } = await issueLink(em, user, 'password_reset', user.email, RESET_TTL_MINUTES * 60, true);
    await this.#emails.resetPassword(user, token);
  }

  async resetPassword(
    em: EntityManager,
    input: { token: string; password: string; passwordConfirmation: string },
    request: RequestInfo,
  ) {
    if (input.password !== input.passwordConfirmation)
      throw new ValidationError([passwordsMustMatch('body.passwordConfirmation')]);
    const { user } = await consumeLink(em, 'password_reset', input.token);
    user.passwordHash = await hashPassword(input.password);
    // Following the link proved the mailbox, so an unconfirmed address is confirmed too.
    user.emailConfirmedAt ??= new Date();
    await em.flush();
    // Whoever knew the old password may have asked for an email change or another link: none survives.
    await endOpenLinks(em, user.id, CREDENTIAL_LINKS);
    await endUserSessions(em, user.id);
    await auditOwnAccount(em, user.id, 'user.password_reset', request);
    await this.#emails.passwordChanged(user);
    return { email: user.email };
  }

  async changePassword(
    em: EntityManager,
    session: RequestSession,
    input: { currentPassword: string; password: string; passwordConfirmation: string },
    request: RequestInfo,
  ): Promise<NewSession | undefined> {
    if (session.impersonatorId) throw notWhileImpersonating();
    if (input.password !== input.passwordConfirmation)
      throw new ValidationError([passwordsMustMatch('body.passwordConfirmation')]);
    const user = await em.findOneOrFail(User, { id: session.userId });
    await checkCurrentPassword(em, this.#limiter, user, input.currentPassword, 'body.currentPassword');
    user.passwordHash = await hashPassword(input.password);
    await em.flush();
    await endOpenLinks(em, user.id, CREDENTIAL_LINKS);
    await endUserSessions(em, user.id, session.sessionId);
    const rotated = await rotateSession(em, session.sessionId, request);
    await auditOwnAccount(em, user.id, 'user.password_changed', request);
    await this.#emails.passwordChanged(user);
    return rotated;
  }
}
