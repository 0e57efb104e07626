// The rules of accounts: sign-up, confirmation, login, password reset and change, email change,
// profile and impersonation. Routes translate HTTP (cookies, status codes) to these calls.
import { timingSafeEqual } from 'node:crypto';
import { raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import { validateEmail } from '../../domain/email.ts';
import { parsePersonalIdentityNumber } from '../../domain/personal-identity-number.ts';
import { validatePostalCode } from '../../domain/postal-code.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RejectedError,
  UnauthenticatedError,
  ValidationError,
  fieldError,
  type FieldError,
} from '../../platform/errors.ts';
import type { RequestSession } from '../../platform/http/context.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { AuthEmails, CONFIRMATION_TTL_HOURS, EMAIL_CHANGE_TTL_HOURS, RESET_TTL_MINUTES } from './emails.ts';
import { AuthToken, User, UserAddress, type TokenPurpose } from './entities.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { normalisePhoneNumber } from './phone-number.ts';
import { LIMITS } from './rate-limit.ts';
import { createSession, endUserSessions, rotateSession, type NewSession } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

type Schemas = components['schemas'];
export type SignUpInput = Schemas['SignUpRequest'];
export type ProfileUpdate = Schemas['ProfileUpdate'];

/** Where a request came from, for rate limits, sessions and the audit log. */
export interface RequestInfo {
  ip: string;
  userAgent: string | null;
}

export const INCOME_TAX_RATE_BOUNDS = { min: 0, max: 60 } as const;
export const PENSION_RATE_BOUNDS = { min: 0, max: 30 } as const;

const invalidCredentials = () => new UnauthenticatedError('credentials_invalid', 'Incorrect username or password');
const accountDisabled = () =>
  new ForbiddenError('account_disabled', 'This account is disabled. Please contact support');
const notWhileImpersonating = () =>
  new ForbiddenError('forbidden', 'An impersonating admin cannot change the credentials of the user');
const invalidLink = () => new RejectedError('token_invalid', 'This link is not valid');
const usedLink = () => new RejectedError('token_used', 'This link has already been used');

const passwordsMustMatch = (field: string) => fieldError(field, 'passwords_must_match', 'Passwords must match');

/** Checks an email field with the shared rule; returns the normalised address or records the error. */
function checkEmail(field: string, input: string, errors: FieldError[]): string {
  const result = validateEmail(input);
  if (result.valid) return result.normalised;
  const code = result.error === 'empty' ? 'required' : result.error;
  errors.push(
    fieldError(
      field,
      code,
      result.error === 'too_long' ? 'The email address is too long' : 'Enter a valid email address',
    ),
  );
  return '';
}

function checkName(field: string, input: string, errors: FieldError[]): string {
  const value = input.trim();
  if (!value) errors.push(fieldError(field, 'required', 'Required'));
  return value;
}

/** True when two secrets of the same kind are equal, in constant time. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Links that act on an account's credentials; a password reset or change ends every one still open. */
const CREDENTIAL_LINKS: TokenPurpose[] = ['password_reset', 'email_change', 'email_change_cancel'];

/** Ends the open links of `purposes` (deleted, so following one says the link is not valid). */
async function endOpenLinks(em: EntityManager, userId: string, purposes: TokenPurpose[]): Promise<void> {
  await em.nativeDelete(AuthToken, { userId, purpose: { $in: purposes }, consumedAt: null });
}

/** The job that looks up the account of a forgotten-password request and emails its link (after the answer). */
export const FORGOT_PASSWORD_QUEUE = 'forgot-password';

export class AuthService {
  readonly #emails: AuthEmails;
  readonly #limiter: RateLimiter;
  readonly #jobs: Pick<Jobs, 'send'>;
  constructor(emails: AuthEmails, limiter: RateLimiter, jobs: Pick<Jobs, 'send'>) {
    this.#emails = emails;
    this.#limiter = limiter;
    this.#jobs = jobs;
  }

  findUserByEmail(em: EntityManager, email: string): Promise<User | null> {
    // The same lower() as the unique index, so lookups and uniqueness always agree.
    return em.findOne(User, { [raw('lower(email)')]: raw('lower(?)', [email.trim()]) });
  }

  async #issueToken(
    em: EntityManager,
    user: User,
    purpose: TokenPurpose,
    email: string,
    ttlSeconds: number,
    onlyNewest: boolean,
  ) {
    if (onlyNewest) {
      await em.nativeUpdate(AuthToken, { userId: user.id, purpose, consumedAt: null }, { consumedAt: new Date() });
    }
    const token = newToken();
    const row = em.create(AuthToken, {
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      email,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    await em.flush();
    return { id: row.id, token };
  }

  /**
   * Finds a token for `purpose`, checks it is unused, unexpired and still meant for the user's
   * current address, and marks it used (atomically: two requests cannot both use it).
   */
  async #consumeToken(
    em: EntityManager,
    purpose: TokenPurpose,
    token: string,
    id?: string,
  ): Promise<{ row: AuthToken; user: User }> {
    const hash = hashToken(token);
    const row = id
      ? await em.findOne(AuthToken, { id, purpose })
      : await em.findOne(AuthToken, { tokenHash: hash, purpose });
    if (!row || !sameHash(row.tokenHash, hash)) throw invalidLink();
    if (row.consumedAt) throw usedLink();
    if (row.expiresAt.getTime() <= Date.now()) throw new RejectedError('token_expired', 'This link has expired');
    const user = await em.findOne(User, { id: row.userId });
    // A link sent to an address the account no longer has must not work (an email change has the new address).
    if (!user || (purpose !== 'email_change' && !sameAddress(user.email, row.email))) throw invalidLink();
    const used = await em.nativeUpdate(AuthToken, { id: row.id, consumedAt: null }, { consumedAt: new Date() });
    if (used !== 1) throw usedLink();
    return { row, user };
  }

  async signUp(em: EntityManager, input: SignUpInput, request: RequestInfo): Promise<{ email: string }> {
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
    const existing = await this.findUserByEmail(em, email);
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
        await recordAuditEvent(tx, {
          actorUserId: user.id,
          subjectUserId: user.id,
          action: 'user.signed_up',
          ip: request.ip,
        });
        await this.#sendConfirmation(tx, user);
      });
    } catch (error) {
      // Two sign-ups for one address at the same moment: the second is an existing account.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      em.clear();
      const winner = await this.findUserByEmail(em, email);
      if (winner) await this.#tellOwnerAccountExists(winner);
    }
    return { email };
  }

  async #tellOwnerAccountExists(owner: User): Promise<void> {
    if (!owner.disabledAt) await this.#emails.accountExists(owner);
  }

  async #sendConfirmation(em: EntityManager, user: User): Promise<void> {
    const { id, token } = await this.#issueToken(
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
    const { user } = await this.#consumeToken(em, 'email_confirmation', token, id);
    if (!user.emailConfirmedAt) {
      user.emailConfirmedAt = new Date();
      await em.flush();
      await recordAuditEvent(em, {
        actorUserId: user.id,
        subjectUserId: user.id,
        action: 'user.email_confirmed',
        ip: request.ip,
      });
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
    const user = await this.findUserByEmail(em, email);
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
    await recordAuditEvent(em, {
      actorUserId: user.id,
      subjectUserId: user.id,
      action: 'session.login',
      data: { sessionId: session.id },
      ip: request.ip,
    });
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
    const user = await this.findUserByEmail(em, email);
    if (!user || user.disabledAt) return;
    const { token } = await this.#issueToken(em, user, 'password_reset', user.email, RESET_TTL_MINUTES * 60, true);
    await this.#emails.resetPassword(user, token);
  }

  async resetPassword(
    em: EntityManager,
    input: { token: string; password: string; passwordConfirmation: string },
    request: RequestInfo,
  ) {
    if (input.password !== input.passwordConfirmation)
      throw new ValidationError([passwordsMustMatch('body.passwordConfirmation')]);
    const { user } = await this.#consumeToken(em, 'password_reset', input.token);
    user.passwordHash = await hashPassword(input.password);
    // Following the link proved the mailbox, so an unconfirmed address is confirmed too.
    user.emailConfirmedAt ??= new Date();
    await em.flush();
    // Whoever knew the old password may have asked for an email change or another link: none survives.
    await endOpenLinks(em, user.id, CREDENTIAL_LINKS);
    await endUserSessions(em, user.id);
    await recordAuditEvent(em, {
      actorUserId: user.id,
      subjectUserId: user.id,
      action: 'user.password_reset',
      ip: request.ip,
    });
    await this.#emails.passwordChanged(user);
    return { email: user.email };
  }

  /** Checks the current password of a signed-in user; failures count against a per-user limit. */
  async #checkCurrentPassword(em: EntityManager, user: User, password: string, field: string): Promise<void> {
    const limit = { limit: LIMITS.passwordFailuresPerUser, subject: user.id };
    await this.#limiter.check(em, limit);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await this.#limiter.hit(em, limit);
      throw new ValidationError([fieldError(field, 'current_password_invalid', 'The current password is not correct')]);
    }
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
    await this.#checkCurrentPassword(em, user, input.currentPassword, 'body.currentPassword');
    user.passwordHash = await hashPassword(input.password);
    await em.flush();
    await endOpenLinks(em, user.id, CREDENTIAL_LINKS);
    await endUserSessions(em, user.id, session.sessionId);
    const rotated = await rotateSession(em, session.sessionId, request);
    await recordAuditEvent(em, {
      actorUserId: user.id,
      subjectUserId: user.id,
      action: 'user.password_changed',
      ip: request.ip,
    });
    await this.#emails.passwordChanged(user);
    return rotated;
  }

  async requestEmailChange(
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
    await this.#checkCurrentPassword(em, user, input.password, 'body.password');

    const owner = await this.findUserByEmail(em, newEmail);
    if (owner) {
      // Same answer as for a free address; the owner of the address hears about it instead.
      await this.#emails.emailChangeTaken(owner);
    } else {
      const { token } = await this.#issueToken(em, user, 'email_change', newEmail, EMAIL_CHANGE_TTL_HOURS * 3600, true);
      const cancel = await this.#issueToken(
        em,
        user,
        'email_change_cancel',
        user.email,
        EMAIL_CHANGE_TTL_HOURS * 3600,
        false,
      );
      await this.#emails.emailChange(user, newEmail, token);
      await this.#emails.emailChangeRequested(user, newEmail, cancel.token);
    }
    await recordAuditEvent(em, {
      actorUserId: user.id,
      subjectUserId: user.id,
      action: 'user.email_change_requested',
      ip: request.ip,
    });
    return { email: newEmail };
  }

  async confirmEmailChange(em: EntityManager, token: string, request: RequestInfo) {
    const { row, user } = await this.#consumeToken(em, 'email_change', token);
    const taken = () => new ConflictError('email_taken', 'This email address already belongs to another account');
    const owner = await this.findUserByEmail(em, row.email);
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
    await recordAuditEvent(em, {
      actorUserId: user.id,
      subjectUserId: user.id,
      action: 'user.email_changed',
      data: { from: previous.email, to: user.email },
      ip: request.ip,
    });
    await this.#emails.emailChanged(previous, user.email);
    return { userId: user.id, email: user.email, emailConfirmedAt: user.emailConfirmedAt.toISOString() };
  }

  /**
   * The old address's owner stops a requested change: every pending change ends, and so does every session
   * (whoever asked knew the password). The link dies with the address it was sent to, once the change is made.
   */
  async cancelEmailChange(em: EntityManager, token: string, request: RequestInfo) {
    const { user } = await this.#consumeToken(em, 'email_change_cancel', token);
    await endOpenLinks(em, user.id, ['email_change', 'email_change_cancel']);
    await endUserSessions(em, user.id);
    await recordAuditEvent(em, {
      actorUserId: user.id,
      subjectUserId: user.id,
      action: 'user.email_change_cancelled',
      ip: request.ip,
    });
    return { userId: user.id, email: user.email };
  }

  async profile(em: EntityManager, userId: string) {
    const user = await em.findOneOrFail(User, { id: userId });
    const address = await em.findOne(UserAddress, { userId });
    const pending = await em.findOne(
      AuthToken,
      { userId, purpose: 'email_change', consumedAt: null, expiresAt: { $gt: new Date() } },
      { orderBy: { createdAt: 'desc' } },
    );
    return { user, address, pendingEmail: pending?.email ?? null };
  }

  async updateProfile(em: EntityManager, session: RequestSession, input: ProfileUpdate, request: RequestInfo) {
    const user = await em.findOneOrFail(User, { id: session.userId });
    const errors: FieldError[] = [];
    const changes: Partial<User> = {};
    if (input.firstName !== undefined) changes.firstName = checkName('body.firstName', input.firstName, errors);
    if (input.lastName !== undefined) changes.lastName = checkName('body.lastName', input.lastName, errors);
    if (input.preferredLocale !== undefined) changes.preferredLocale = input.preferredLocale;
    if (input.payoutPreference !== undefined) changes.payoutPreference = input.payoutPreference;
    if (input.phoneNumber !== undefined) {
      if (input.phoneNumber === null || input.phoneNumber.trim() === '') {
        changes.phoneNumber = null;
      } else {
        const phone = normalisePhoneNumber(input.phoneNumber);
        if (phone.valid) changes.phoneNumber = phone.normalised;
        else
          errors.push(
            fieldError(
              'body.phoneNumber',
              'phone_number_invalid',
              'Enter a phone number such as 070-123 45 67 or +46 70 123 45 67',
            ),
          );
      }
    }
    if (input.alternateEmail !== undefined) {
      if (input.alternateEmail === null || input.alternateEmail.trim() === '') {
        changes.alternateEmail = null;
      } else {
        const alternate = checkEmail('body.alternateEmail', input.alternateEmail, errors);
        if (alternate && sameAddress(alternate, user.email)) {
          errors.push(
            fieldError('body.alternateEmail', 'same_as_email', 'The alternate email must differ from the login email'),
          );
        } else if (alternate) {
          changes.alternateEmail = alternate;
        }
      }
    }
    if (input.incomeTaxRate !== undefined)
      changes.incomeTaxRate = checkRate('body.incomeTaxRate', input.incomeTaxRate, errors);
    if (input.pensionRate !== undefined) changes.pensionRate = checkRate('body.pensionRate', input.pensionRate, errors);
    if (input.governmentId !== undefined) {
      const parsed = parsePersonalIdentityNumber(input.governmentId, new Date());
      if (parsed.valid) changes.governmentId = parsed.normalised;
      else {
        const reason = parsed.error === 'empty' ? 'invalid_format' : parsed.error;
        errors.push(
          fieldError(
            'body.governmentId',
            'personal_identity_number_invalid',
            'Enter a valid Swedish personal identity number',
            { reason },
          ),
        );
      }
    }
    let address: { streetName: string; postalCode: string; city: string; country: string } | null | undefined;
    if (input.address === null) address = null;
    else if (input.address) {
      const country = input.address.country.toUpperCase();
      const postal = validatePostalCode(input.address.postalCode, country);
      if (!postal.valid)
        errors.push(fieldError('body.address.postalCode', 'postal_code_invalid', 'Enter a valid postal code'));
      const streetName = checkName('body.address.streetName', input.address.streetName, errors);
      const city = checkName('body.address.city', input.address.city, errors);
      address = { streetName, city, country, postalCode: postal.valid ? postal.normalised : '' };
    }
    if (errors.length) throw new ValidationError(errors);

    em.assign(user, changes);
    if (address === null) {
      await em.nativeDelete(UserAddress, { userId: user.id });
    } else if (address) {
      const existing = await em.findOne(UserAddress, { userId: user.id });
      // The address keeps its id when it changes: it is one resource of the user's.
      if (existing) em.assign(existing, address);
      else em.create(UserAddress, { ...address, userId: user.id, createdAt: new Date(), updatedAt: new Date() });
    }
    await em.flush();
    const fields = Object.keys(input).sort();
    if (fields.length) {
      await recordAuditEvent(em, {
        actorUserId: session.impersonatorId ?? session.userId,
        subjectUserId: session.userId,
        action: 'user.profile_updated',
        data: { fields },
        ip: request.ip,
      });
    }
  }

  async impersonationTarget(
    em: EntityManager,
    session: RequestSession,
    input: { userId?: string; email?: string },
  ): Promise<User> {
    if (session.impersonatorId) {
      throw new ConflictError('already_impersonating', 'Stop the current impersonation first');
    }
    if (!session.isAdmin) throw new ForbiddenError('forbidden', 'Only admins can impersonate users');
    if ((input.userId === undefined) === (input.email === undefined)) {
      throw new ValidationError([
        fieldError('body', 'user_id_or_email_required', 'Give exactly one of userId and email'),
      ]);
    }
    const field = input.userId !== undefined ? 'body.userId' : 'body.email';
    const target =
      input.userId !== undefined
        ? await em.findOne(User, { id: input.userId })
        : await this.findUserByEmail(em, input.email!);
    if (!target) throw new NotFoundError('not_found', 'No such user');
    if (target.id === session.userId)
      throw new ValidationError([fieldError(field, 'cannot_impersonate_self', 'You cannot impersonate yourself')]);
    if (target.isAdmin)
      throw new ValidationError([fieldError(field, 'cannot_impersonate_admin', 'Admins cannot be impersonated')]);
    if (target.disabledAt) throw new ConflictError('account_disabled', 'This account is disabled');
    return target;
  }
}

/** A percentage with at most two decimals, as the numeric(5,2) string the database keeps. */
function checkRate(field: string, value: number, errors: FieldError[]): string {
  const hundredths = Math.round(value * 100);
  if (Math.abs(hundredths - value * 100) > 1e-6) {
    errors.push(fieldError(field, 'invalid_precision', 'At most two decimals', { decimals: 2 }));
    return '';
  }
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
