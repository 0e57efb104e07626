// What the API shows of users and sessions, shaped as the contract declares.
import type { components } from '@frilo/openapi/types/api';
import { isLocale } from '../../platform/i18n/translations.ts';
import type { User, UserAddress } from './entities.ts';
import type { SessionRow } from './sessions.ts';

export type UserView = components['schemas']['User'];
export type SessionView = components['schemas']['Session'];
export type ProfileView = components['schemas']['Profile'];
type AdminView = components['schemas']['ImpersonatorDetails'];
type NoticeId = components['schemas']['NoticeId'];

const NOTICES: ReadonlySet<string> = new Set<NoticeId>(['brand_rename', 'survey_2']);
/** Only the notices the contract knows (a retired notice's rows may outlive it). */
const notices = (values: readonly string[]) => values.filter((value): value is NoticeId => NOTICES.has(value));

/** firstName plus lastName, or the email when there is no first name (docs/product/accounts.md#display-name). */
export function displayName(user: { email: string; firstName: string | null; lastName: string | null }): string {
  const first = user.firstName?.trim();
  if (!first) return user.email;
  const last = user.lastName?.trim();
  return last ? `${first} ${last}` : first;
}

const locale = (value: string) => (isLocale(value) ? value : 'sv');
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function userView(user: User): UserView {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    displayName: displayName({ email: user.email, firstName: user.firstName ?? null, lastName: user.lastName ?? null }),
    preferredLocale: locale(user.preferredLocale),
    emailConfirmedAt: iso(user.emailConfirmedAt ?? null),
    legacy: user.legacy,
    isAdmin: user.isAdmin,
    hasPhoneNumber: Boolean(user.phoneNumber),
    hasGovernmentId: Boolean(user.governmentId),
  };
}

export function sessionViewFromRow(row: SessionRow): SessionView {
  const user = { email: row.email, firstName: row.first_name, lastName: row.last_name };
  const view: SessionView = {
    user: {
      id: row.user_id,
      ...user,
      displayName: displayName(user),
      preferredLocale: locale(row.preferred_locale),
      emailConfirmedAt: iso(row.email_confirmed_at),
      legacy: row.legacy,
      isAdmin: row.is_admin,
      hasPhoneNumber: row.has_phone_number,
      hasGovernmentId: row.has_government_id,
    },
    isImpersonating: row.impersonator_id !== null,
    expiresAt: new Date(row.expires_at).toISOString(),
    dismissedNotices: notices(row.dismissed_notices),
  };
  if (row.impersonator_id && row.admin_email) {
    const admin = { email: row.admin_email, firstName: row.admin_first_name, lastName: row.admin_last_name };
    view.admin = { id: row.impersonator_id, ...admin, displayName: displayName(admin) } satisfies AdminView;
  }
  return view;
}

export function sessionView(user: User, expiresAt: Date, dismissed: readonly string[], admin?: User): SessionView {
  return {
    user: userView(user),
    isImpersonating: Boolean(admin),
    expiresAt: expiresAt.toISOString(),
    dismissedNotices: notices(dismissed),
    ...(admin
      ? {
          admin: {
            id: admin.id,
            email: admin.email,
            firstName: admin.firstName ?? null,
            lastName: admin.lastName ?? null,
            displayName: displayName({
              email: admin.email,
              firstName: admin.firstName ?? null,
              lastName: admin.lastName ?? null,
            }),
          },
        }
      : {}),
  };
}

/** Rates are numeric(5,2) strings in the database ("4.50") and numbers with at most two decimals in JSON. */
export const rateToJson = (value: string) => Number(value);

export function profileView(user: User, address: UserAddress | null, pendingEmail: string | null): ProfileView {
  const { isAdmin: _isAdmin, hasPhoneNumber: _p, hasGovernmentId: _g, ...base } = userView(user);
  return {
    ...base,
    phoneNumber: user.phoneNumber ?? null,
    address: address
      ? {
          id: address.id,
          streetName: address.streetName,
          postalCode: address.postalCode,
          city: address.city,
          country: address.country,
        }
      : null,
    alternateEmail: user.alternateEmail ?? null,
    incomeTaxRate: rateToJson(user.incomeTaxRate),
    pensionRate: rateToJson(user.pensionRate),
    payoutPreference: user.payoutPreference === 'payout_immediate' ? 'payout_immediate' : 'payout_monthly',
    saveVacationPay: user.saveVacationPay,
    reminderInterval: user.reminderInterval ?? null,
    reminderFee: user.reminderFee,
    governmentId: user.governmentId ?? null,
    pendingEmail,
  };
}
