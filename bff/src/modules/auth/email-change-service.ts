// Changing the login address: the request (a link to the new address, a notice with a stop link to the old one),
// its confirmation and its cancellation.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, ForbiddenError, ValidationError, fieldError, type FieldError } from '../../platform/errors.ts';
import type { RequestSession } from '../../platform/http/context.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import {
  auditOwnAccount,
  checkCurrentPassword,
  checkEmail,
  findUserByEmail,
  notWhileImpersonating,
  sameAddress,
  type RequestInfo,
} from './account-checks.ts';
import { consumeLink, endOpenLinks, issueLink } from './email-links.ts';
import { EMAIL_CHANGE_TTL_HOURS, type AuthEmails } from './emails.ts';
import { User } from './entities.ts';
import { LIMITS } from './rate-limit.ts';
import { endUserSessions } from './sessions.ts';

export class EmailChangeService {
  readonly #emails: AuthEmails;
  readonly #limiter: RateLimiter;
  constructor(emails: AuthEmails, limiter: RateLimiter) {
    this.#emails = emails;
    this.#limiter = limiter;
  }

  async request(
    em: EntityManager,
    session: RequestSession,
    input: { email: string; password: string },
    request: RequestInfo,
  ) {
    if (session.impersonatorId) throw notWhileImpersonating();
    // An unconfirmed account has never proved its current address: it signs up again or resends the link.
    if (!session.emailConfirmed) {
      throw new ForbiddenError(
        'email_not_confirmed',
        'Confirm your current email address before changing it, or sign up again with the new one',
      );
    }
    const errors: FieldError[] = [];
    const newEmail = checkEmail('body.email', input.email, errors);
    const user = await em.findOneOrFail(User, { id: session.userId });
    if (newEmail && sameAddress(newEmail, user.email)) {
      errors.push(fieldError('body.email', 'same_email', 'This is already your email address'));
    }
    if (errors.length) throw new ValidationError(errors);
    await this.#limiter.hit(em, { limit: LIMITS.emailChangePerUser, subject: user.id });
    await checkCurrentPassword(em, this.#limiter, user, input.password, 'body.password');

    const owner = await findUserByEmail(em, newEmail);
    if (owner) {
      // Same answer as for a free address; the owner of the address hears about it instead.
      await this.#emails.emailChangeTaken(owner);
    } else {
      const { token } = await issueLink(em, user, 'email_change', newEmail, EMAIL_CHANGE_TTL_HOURS * 3600, true);
      const cancel = await issueLink(em, user, 'email_change_cancel', user.email, EMAIL_CHANGE_TTL_HOURS * 3600, false);
      await this.#emails.emailChange(user, newEmail, token);
      await this.#emails.emailChangeRequested(user, newEmail, cancel.token);
    }
    await auditOwnAccount(em, user.id, 'user.email_change_requested', request);
    return { email: newEmail };
  }

  async confirm(em: EntityManager, token: string, request: RequestInfo) {
    const { row, user } = await consumeLink(em, 'email_change', token);
    const taken = () => new ConflictError('email_taken', 'This email address already belongs to another account');
    const owner = await findUserByEmail(em, row.email);
    if (owner && owner.id !== user.id) throw taken();
    const previous = { email: user.email, firstName: user.firstName ?? null, preferredLocale: user.preferredLocale };
    user.email = row.email;
    user.emailConfirmedAt = new Date();
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw taken();
      throw error;
    }
    // After an email change the user logs in again, everywhere (docs/product/accounts.md#email-change).
    await endUserSessions(em, user.id);
    await auditOwnAccount(em, user.id, 'user.email_changed', request, { from: previous.email, to: user.email });
    await this.#emails.emailChanged(previous, user.email);
    return { userId: user.id, email: user.email, emailConfirmedAt: user.emailConfirmedAt.toISOString() };
  }

  /**
   * The old address's owner stops a requested change: every pending change ends, and so does every session
   * (whoever asked knew the password). The link dies with the address it was sent to, once the change is made.
   */
  async cancel(em: EntityManager, token: string, request: RequestInfo) {
    const { user } = await consumeLink(em, 'email_change_cancel', token);
    await endOpenLinks(em, user.id, ['email_change', 'email_change_cancel']);
    await endUserSessions(em, user.id);
    await auditOwnAccount(em, user.id, 'user.email_change_cancelled', request);
    return { userId: user.id, email: user.email };
  }
}
