// Sign-up and email confirmation: a new account, the link that confirms its address, and that link again.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import { ConflictError, ValidationError, fieldError, type FieldError } from '../../platform/errors.ts';
import type { RequestSession } from '../../platform/http/context.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import {
  auditOwnAccount,
  checkEmail,
  checkName,
  findUserByEmail,
  passwordsMustMatch,
  type RequestInfo,
} from './account-checks.ts';
import { consumeLink, issueLink } from './email-links.ts';
import { CONFIRMATION_TTL_HOURS, type AuthEmails } from './emails.ts';
import { User } from './entities.ts';
import { hashPassword } from './passwords.ts';
import { LIMITS } from './rate-limit.ts';

export type SignUpInput = components['schemas']['SignUpRequest'];

/** The queue of confirmation emails asked for by address (the screen after sign-up has no session). */
export const RESEND_CONFIRMATION_QUEUE = 'resend-confirmation';

export class SignUpService {
  readonly #emails: AuthEmails;
  readonly #limiter: RateLimiter;
  readonly #jobs: Pick<Jobs, 'send'>;
  constructor(emails: AuthEmails, limiter: RateLimiter, jobs: Pick<Jobs, 'send'>) {
    this.#emails = emails;
    this.#limiter = limiter;
    this.#jobs = jobs;
  }

  /** A new account and its confirmation link; an address that has an account hears about it instead. */
  async create(em: EntityManager, input: SignUpInput, request: RequestInfo): Promise<{ email: string }> {
    const errors: FieldError[] = [];
    const email = checkEmail('body.email', input.email, errors);
    const firstName = checkName('body.firstName', input.firstName, errors);
    const lastName = checkName('body.lastName', input.lastName, errors);
    if (input.password !== input.passwordConfirmation) errors.push(passwordsMustMatch('body.passwordConfirmation'));
    if (input.acceptTerms !== true) {
      errors.push(fieldError('body.acceptTerms', 'must_accept_terms', 'You must accept terms & conditions'));
    }
    if (errors.length) throw new ValidationError(errors);
    await this.#limiter.hit(
      em,
      { limit: LIMITS.signUpPerIp, subject: request.ip },
      { limit: LIMITS.signUpPerEmail, subject: `${request.ip}|${email}` },
      { limit: LIMITS.signUpPerAccount, subject: email },
    );

    // Hash first in every case, so an existing address does not answer faster.
    const passwordHash = await hashPassword(input.password);
    const existing = await findUserByEmail(em, email);
    if (existing) {
      await this.#tellOwnerAccountExists(existing);
      return { email };
    }
    const now = new Date();
    try {
      // The account and its confirmation email commit together: an account whose email could not be queued would
      // hold the address and could never be confirmed.
      await em.transactional(async (tx) => {
        const user = tx.create(User, {
          email,
          passwordHash,
          firstName,
          lastName,
          preferredLocale: input.preferredLocale ?? 'sv',
          termsAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await tx.flush();
        await auditOwnAccount(tx, user.id, 'user.signed_up', request);
        await this.#sendConfirmation(tx, user);
      });
    } catch (error) {
      // Two sign-ups for one address at the same moment: the second is an existing account.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      em.clear();
      const winner = await findUserByEmail(em, email);
      if (winner) await this.#tellOwnerAccountExists(winner);
    }
    return { email };
  }

  async #tellOwnerAccountExists(owner: User): Promise<void> {
    if (!owner.disabledAt) await this.#emails.accountExists(owner);
  }

  async #sendConfirmation(em: EntityManager, user: User): Promise<void> {
    const { id, token } = await issueLink(
      em,
      user,
      'email_confirmation',
      user.email,
      CONFIRMATION_TTL_HOURS * 3600,
      false,
    );
    await this.#emails.confirmEmail(user, id, token, em);
  }

  async confirmEmail(em: EntityManager, id: string, token: string, request: RequestInfo) {
    const { user } = await consumeLink(em, 'email_confirmation', token, id);
    if (!user.emailConfirmedAt) {
      user.emailConfirmedAt = new Date();
      await em.flush();
      await auditOwnAccount(em, user.id, 'user.email_confirmed', request);
    }
    return { email: user.email, emailConfirmedAt: user.emailConfirmedAt.toISOString() };
  }

  async resendConfirmation(em: EntityManager, session: RequestSession): Promise<void> {
    const user = await em.findOneOrFail(User, { id: session.userId });
    if (user.emailConfirmedAt) {
      throw new ConflictError('already_confirmed', 'The email address is already confirmed');
    }
    await this.#limiter.hit(em, { limit: LIMITS.resendConfirmationPerUser, subject: user.id });
    await this.#sendConfirmation(em, user);
  }

  /**
   * A new confirmation link for an address, without a session. Every request is checked, counted and queued alike;
   * whether the address has an unconfirmed account is found out by the job, so neither answer nor timing tells.
   */
  async resendConfirmationByEmail(em: EntityManager, rawEmail: string, request: RequestInfo): Promise<void> {
    const errors: FieldError[] = [];
    const email = checkEmail('body.email', rawEmail, errors);
    if (errors.length) throw new ValidationError(errors);
    await this.#limiter.hit(
      em,
      { limit: LIMITS.resendConfirmationPerIp, subject: request.ip },
      { limit: LIMITS.resendConfirmationPerEmail, subject: `${request.ip}|${email}` },
      { limit: LIMITS.resendConfirmationPerAccount, subject: email },
    );
    await this.#jobs.send(RESEND_CONFIRMATION_QUEUE, { email });
  }

  /** The job of resendConfirmationByEmail: a link only for an account that is neither confirmed nor disabled. */
  async sendConfirmationTo(em: EntityManager, email: string): Promise<void> {
    const user = await findUserByEmail(em, email);
    if (!user || user.emailConfirmedAt || user.disabledAt) return;
    await em.transactional((tx) => this.#sendConfirmation(tx, user));
  }
}
