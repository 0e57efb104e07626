// The profile: the account's details, its postal address and the salary settings.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@frilo/openapi/types/api';
import { parsePersonalIdentityNumber } from '../../domain/personal-identity-number.ts';
import { validatePostalCode } from '../../domain/postal-code.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { ValidationError, fieldError, type FieldError } from '../../platform/errors.ts';
import type { RequestSession } from '../../platform/http/context.ts';
import { checkEmail, checkName, sameAddress, type RequestInfo } from './account-checks.ts';
import { AuthToken, User, UserAddress } from './entities.ts';
import { normalisePhoneNumber } from './phone-number.ts';

export type ProfileUpdate = components['schemas']['ProfileUpdate'];

export class ProfileService {
  /** The account, its address and a pending new login address (the profile's view is made of these). */
  async read(em: EntityManager, userId: string) {
    const user = await em.findOneOrFail(User, { id: userId });
    const address = await em.findOne(UserAddress, { userId });
    const pending = await em.findOne(
      AuthToken,
      { userId, purpose: 'email_change', consumedAt: null, expiresAt: { $gt: new Date() } },
      { orderBy: { createdAt: 'desc' } },
    );
    return { user, address, pendingEmail: pending?.email ?? null };
  }

  /**
   * Every changed field of the one profile form, the address and the audit line land together or
   * not at all: a refused or failed save never leaves half a profile stored.
   */
  async update(outer: EntityManager, session: RequestSession, input: ProfileUpdate, request: RequestInfo) {
    await outer.transactional((em) => this.#update(em, session, input, request));
  }

  async #update(em: EntityManager, session: RequestSession, input: ProfileUpdate, request: RequestInfo) {
    const user = await em.findOneOrFail(User, { id: session.userId });
    const errors: FieldError[] = [];
    const changes: Partial<User> = {};
    if (input.firstName !== undefined) changes.firstName = checkName('body.firstName', input.firstName, errors);
    if (input.lastName !== undefined) changes.lastName = checkName('body.lastName', input.lastName, errors);
    if (input.preferredLocale !== undefined) changes.preferredLocale = input.preferredLocale;
    if (input.payoutPreference !== undefined) changes.payoutPreference = input.payoutPreference;
    if (input.saveVacationPay !== undefined) changes.saveVacationPay = input.saveVacationPay;
    if (input.reminderInterval !== undefined) changes.reminderInterval = input.reminderInterval;
    if (input.reminderFee !== undefined) changes.reminderFee = input.reminderFee;
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
