// What other modules may use of the auth module (lint refuses imports of any other file in modules/auth).
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRow } from '../../platform/db/sql.ts';
import { User } from './entities.ts';
import { endUserSessions } from './sessions.ts';
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
  /** "Spara semesterersättning". */
  saveVacationPay: boolean;
}

export async function salarySettingsOf(em: EntityManager, userId: string): Promise<SalarySettings> {
  // Plain SQL: every invoice read and write asks this (its problems, its estimate); the ORM's partial load of the user
  // costs several times the query. numeric arrives as its decimal string ("30.00"), as the entity holds it.
  const user = await preparedRow<SalarySettings>(
    em,
    `select "income_tax_rate" as "incomeTaxRate", "pension_rate" as "pensionRate", "government_id" as "governmentId",
       "payout_preference" as "payoutPreference", "save_vacation_pay" as "saveVacationPay" from "app_user" where "id" = ?`,
    [userId],
  );
  if (!user) throw new Error(`No user ${userId}`);
  return user;
}

/** The profile's defaults for a new invoice: payment reminders every 7 or 14 days (null: none), and a reminder fee. */
export async function invoiceDefaultsOf(
  em: EntityManager,
  userId: string,
): Promise<{ reminderInterval: 7 | 14 | null; reminderFee: boolean }> {
  const user = await preparedRow<{ reminderInterval: 7 | 14 | null; reminderFee: boolean }>(
    em,
    `select "reminder_interval" as "reminderInterval", "reminder_fee" as "reminderFee" from "app_user" where "id" = ?`,
    [userId],
  );
  if (!user) throw new Error(`No user ${userId}`);
  return user;
}

/** A freelancer as the employer reports them: name, email and personal identity number (12 digits, or null). */
export interface EmployeeDetails {
  id: string;
  email: string;
  displayName: string;
  governmentId: string | null;
}

/** The employees named, by id (the operator's reports: the employer declaration names each person). */
export async function employeeDetails(em: EntityManager, ids: Iterable<string>): Promise<Map<string, EmployeeDetails>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, EmployeeDetails>();
  if (unique.length === 0) return out;
  const users = await em.find(
    User,
    { id: { $in: unique } },
    { fields: ['id', 'email', 'firstName', 'lastName', 'governmentId'] },
  );
  for (const user of users) {
    out.set(user.id, {
      id: user.id,
      email: user.email,
      displayName: displayName({
        email: user.email,
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
      }),
      governmentId: user.governmentId ?? null,
    });
  }
  return out;
}

/** The id of the account with exactly this address, or null (demo data finds the demo accounts this way). */
export async function accountIdByEmail(em: EntityManager, email: string): Promise<string | null> {
  const user = await em.findOne(User, { email }, { fields: ['id'] });
  return user?.id ?? null;
}

export {
  UserAdministration,
  type AccountDetails,
  type AccountRef,
  type AccountSummary,
  type AdminActor,
  type UserSearch,
} from './user-administration.ts';

/** Whether the account sees the old product's records (docs/product/legacy.md). */
export async function hasLegacyFlag(em: EntityManager, userId: string): Promise<boolean> {
  const user = await em.findOne(User, { id: userId }, { fields: ['id', 'legacy'] });
  return user?.legacy ?? false;
}

/**
 * Account ids by email address (any case; keyed in lower case) and by personal identity number (12 digits, every
 * account holding it), for
 * records that name their account either way (the legacy import).
 */
export async function accountsByIdentifiers(
  em: EntityManager,
  emails: readonly string[],
  governmentIds: readonly string[],
): Promise<{ byEmail: Map<string, string>; byGovernmentId: Map<string, string[]> }> {
  const byEmail = new Map<string, string>();
  // Several accounts may hold one number (nothing forbids it yet): the caller treats that as ambiguous.
  const byGovernmentId = new Map<string, string[]>();
  const lower = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  const ids = [...new Set(governmentIds)];
  // One JSON parameter per list: a file of old records may name more accounts than a statement takes parameters.
  const run = <T extends object>(sql: string, values: string[]) =>
    values.length
      ? em.getConnection().execute<T[]>(sql, [JSON.stringify(values)], 'all', em.getTransactionContext())
      : Promise.resolve([] as T[]);
  const withEmail = await run<{ id: string; email: string }>(
    `select "id", lower("email") as "email" from "app_user"
     where lower("email") in (select jsonb_array_elements_text(?::jsonb))`,
    lower,
  );
  const withNumber = await run<{ id: string; government_id: string }>(
    `select "id", "government_id" from "app_user" where "government_id" in (select jsonb_array_elements_text(?::jsonb))`,
    ids,
  );
  for (const row of withEmail) byEmail.set(row.email, row.id);
  for (const row of withNumber)
    byGovernmentId.set(row.government_id, [...(byGovernmentId.get(row.government_id) ?? []), row.id]);
  return { byEmail, byGovernmentId };
}

/** Gives these accounts the legacy flag (in the caller's transaction). */
export async function grantLegacyFlag(em: EntityManager, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  await em.getConnection().execute(
    `update "app_user" set "legacy" = true, "updated_at" = now()
       where not "legacy" and "id" in (select (jsonb_array_elements_text(?::jsonb))::uuid)`,
    [JSON.stringify(userIds)],
    'run',
    em.getTransactionContext(),
  );
}

/** Where and how to email an account's owner: the address, the first name for the greeting, the language. */
export async function emailRecipientOf(
  em: EntityManager,
  userId: string,
): Promise<{ email: string; firstName: string | null; preferredLocale: string }> {
  const user = await em.findOneOrFail(
    User,
    { id: userId },
    { fields: ['id', 'email', 'firstName', 'preferredLocale'] },
  );
  return { email: user.email, firstName: user.firstName ?? null, preferredLocale: user.preferredLocale };
}

/** A user's email address and display name, e.g. the freelancer an invoice's customer replies to. */
export async function userContact(em: EntityManager, userId: string): Promise<{ email: string; name: string }> {
  // Plain SQL: every send asks this; the ORM's load of the whole user costs several times the query.
  const user = await preparedRow<{ email: string; firstName: string | null; lastName: string | null }>(
    em,
    `select "email", "first_name" as "firstName", "last_name" as "lastName" from "app_user" where "id" = ?`,
    [userId],
  );
  if (!user) throw new Error(`No user ${userId}`);
  return { email: user.email, name: displayName(user) };
}

/** Secrets for emailed single-use links, as the auth module makes them: 256 random bits, stored only as a SHA-256. */
export { hashToken, looksLikeToken, newToken } from './tokens.ts';

/**
 * Ends every session of the account, and every impersonation of it or by it (in the caller's transaction): what its
 * owner's "it wasn't me" does, since whoever made the change was logged in as them.
 */
export function endAllSessionsOf(em: EntityManager, userId: string): Promise<void> {
  return endUserSessions(em, userId);
}
