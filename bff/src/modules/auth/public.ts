// What other modules may use of the auth module (lint refuses imports of any other file in modules/auth).
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './entities.ts';
import { displayName } from './views.ts';

/** How a user is named to other people, e.g. a freelancer to a customer's contact (docs/product/accounts.md#display-name). */
export async function userDisplayName(em: EntityManager, userId: string): Promise<string> {
  const user = await em.findOneOrFail(User, { id: userId });
  return displayName({ email: user.email, firstName: user.firstName ?? null, lastName: user.lastName ?? null });
}

/** What a freelancer's salary is computed with: the settings of the profile, as stored. */
export interface SalarySettings {
  /** Percent strings as the profile stores them ("30.00"). */
  incomeTaxRate: string;
  pensionRate: string;
  /** The personal identity number, 12 digits, or null while the profile has none. */
  governmentId: string | null;
  payoutPreference: string;
}

export async function salarySettingsOf(em: EntityManager, userId: string): Promise<SalarySettings> {
  const user = await em.findOneOrFail(
    User,
    { id: userId },
    { fields: ['id', 'incomeTaxRate', 'pensionRate', 'governmentId', 'payoutPreference'] },
  );
  return {
    incomeTaxRate: user.incomeTaxRate,
    pensionRate: user.pensionRate,
    governmentId: user.governmentId ?? null,
    payoutPreference: user.payoutPreference,
  };
}

/** The id of the account with exactly this address, or null (demo data finds the demo accounts this way). */
export async function accountIdByEmail(em: EntityManager, email: string): Promise<string | null> {
  const user = await em.findOne(User, { email }, { fields: ['id'] });
  return user?.id ?? null;
}

/** A user's email address and display name, e.g. the freelancer an invoice's customer replies to. */
export async function userContact(em: EntityManager, userId: string): Promise<{ email: string; name: string }> {
  const user = await em.findOneOrFail(User, { id: userId });
  return {
    email: user.email,
    name: displayName({ email: user.email, firstName: user.firstName ?? null, lastName: user.lastName ?? null }),
  };
}
