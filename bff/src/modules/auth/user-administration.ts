// Accounts as the back office sees and changes them (docs/product/back-office.md#accounts): search, one account's
// details, disabling and enabling, the admin right. The lock-out rules live here, next to the sessions they end.
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { User, UserAddress } from './entities.ts';
import { endUserSessions } from './sessions.ts';
import { displayName } from './views.ts';
import { containsPattern } from '../../platform/db/search.ts';

/** The expression the trigram index `app_user_search_index` covers; the search must use it as written. */
const SEARCH_TEXT = `(lower("email") || ' ' || lower(coalesce("first_name", '')) || ' ' || lower(coalesce("last_name", '')) || ' ' || coalesce("government_id", ''))`;
const MAX_SEARCH_WORDS = 5;

export interface UserSearch {
  q?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  admin?: boolean | undefined;
  page: number;
  pageSize: number;
  sort: 'createdAt' | 'email' | 'name';
  order: 'asc' | 'desc';
}

export interface AccountSummary {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string;
  governmentId: string | null;
  isAdmin: boolean;
  legacy: boolean;
  emailConfirmedAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
}

export interface AccountDetails extends AccountSummary {
  preferredLocale: string;
  phoneNumber: string | null;
  address: UserAddress | null;
  payoutPreference: string;
  incomeTaxRate: string;
  pensionRate: string;
  activeSessions: number;
}

/** How lists name an account. */
export interface AccountRef {
  id: string;
  email: string;
  displayName: string;
}

/** Who acts in the back office, for the checks and the audit log. */
export interface AdminActor {
  userId: string;
  ip: string | null;
}

interface SummaryRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  government_id: string | null;
  is_admin: boolean;
  legacy: boolean;
  email_confirmed_at: Date | null;
  disabled_at: Date | null;
  created_at: Date;
  total: number;
}

const SORT_COLUMNS = {
  createdAt: `"created_at"`,
  email: `lower("email")`,
  name: `lower(coalesce("last_name", '')), lower(coalesce("first_name", ''))`,
} as const;

function summaryOf(
  user: Pick<User, 'id' | 'email' | 'governmentId' | 'isAdmin' | 'legacy' | 'createdAt'> & {
    firstName?: string | null | undefined;
    lastName?: string | null | undefined;
    emailConfirmedAt?: Date | null | undefined;
    disabledAt?: Date | null | undefined;
  },
): AccountSummary {
  const names = { email: user.email, firstName: user.firstName ?? null, lastName: user.lastName ?? null };
  return {
    id: user.id,
    ...names,
    displayName: displayName(names),
    governmentId: user.governmentId ?? null,
    isAdmin: user.isAdmin,
    legacy: user.legacy,
    emailConfirmedAt: user.emailConfirmedAt ?? null,
    disabledAt: user.disabledAt ?? null,
    createdAt: user.createdAt,
  };
}

/** The words of a search: lower case; a word of digits and dashes (a personal identity number) as its digits. */
export function searchWords(q: string | undefined): string[] {
  const words = (q ?? '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (/^[\d+-]+$/.test(word) && /\d/.test(word) ? word.replace(/\D/g, '') : word));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

const notFound = () => new NotFoundError('not_found', 'No such account');

export class UserAdministration {
  /** One page of accounts matching the search, and how many match. */
  async search(em: EntityManager, query: UserSearch): Promise<{ items: AccountSummary[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    for (const word of searchWords(query.q)) {
      where.push(`${SEARCH_TEXT} like ?`);
      params.push(containsPattern(word));
    }
    if (query.status === 'active') where.push(`"disabled_at" is null`);
    if (query.status === 'disabled') where.push(`"disabled_at" is not null`);
    if (query.admin !== undefined) where.push(query.admin ? `"is_admin"` : `not "is_admin"`);
    const direction = query.order === 'asc' ? 'asc' : 'desc';
    const order = SORT_COLUMNS[query.sort]
      .split(', ')
      .map((column) => `${column} ${direction}`)
      .join(', ');
    const rows = await sqlRows<SummaryRow>(
      em,
      `select "id", "email", "first_name", "last_name", "government_id", "is_admin", "legacy", "email_confirmed_at",
         "disabled_at", "created_at", count(*) over ()::int as "total"
       from "app_user" ${where.length ? `where ${where.join(' and ')}` : ''}
       order by ${order}, "id" ${direction} limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    // A page past the last has no rows to carry the count.
    const total =
      rows[0]?.total ??
      (query.page > 1
        ? ((
            await sqlRow<{ n: number }>(
              em,
              `select count(*)::int as "n" from "app_user" ${where.length ? `where ${where.join(' and ')}` : ''}`,
              params,
            )
          )?.n ?? 0)
        : 0);
    return {
      total,
      items: rows.map((row) =>
        summaryOf({
          id: row.id,
          email: row.email,
          firstName: row.first_name,
          lastName: row.last_name,
          governmentId: row.government_id,
          isAdmin: row.is_admin,
          legacy: row.legacy,
          // Plain SQL gives timestamps as text.
          emailConfirmedAt: row.email_confirmed_at === null ? null : new Date(row.email_confirmed_at),
          disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at),
          createdAt: new Date(row.created_at),
        }),
      ),
    };
  }

  /** One account's details. `viewer` given: the look is written to the audit log (it shows the personal identity number). */
  async details(em: EntityManager, userId: string, viewer?: AdminActor): Promise<AccountDetails> {
    const user = await em.findOne(User, { id: userId });
    if (!user) throw notFound();
    const [address, sessions] = await Promise.all([
      em.findOne(UserAddress, { userId }),
      sqlRow<{ n: number }>(
        em,
        `select count(*)::int as "n" from "auth_session" where "user_id" = ? and "expires_at" > now()`,
        [userId],
      ),
    ]);
    if (viewer) {
      await recordAuditEvent(em, {
        actorUserId: viewer.userId,
        subjectUserId: userId,
        action: 'user.viewed',
        ip: viewer.ip,
      });
    }
    return {
      ...summaryOf(user),
      preferredLocale: user.preferredLocale,
      phoneNumber: user.phoneNumber ?? null,
      address: address ?? null,
      payoutPreference: user.payoutPreference,
      incomeTaxRate: user.incomeTaxRate,
      pensionRate: user.pensionRate,
      activeSessions: sessions?.n ?? 0,
    };
  }

  /** Disables the account and ends its sessions, its impersonations and the ones it started, at once. */
  async disable(em: EntityManager, actor: AdminActor, userId: string, reason: string | null): Promise<void> {
    await this.#change(em, actor, userId, async (tx, target, remainingAdmins) => {
      if (target.id === actor.userId) throw ownAccount();
      if (target.disabledAt) return;
      if (target.isAdmin && remainingAdmins === 0) throw lastAdmin();
      await sqlRows(tx, `update "app_user" set "disabled_at" = now(), "updated_at" = now() where "id" = ?`, [userId]);
      await endUserSessions(tx, userId);
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: userId,
        action: 'user.disabled',
        data: reason ? { reason } : {},
        ip: actor.ip,
      });
    });
  }

  async enable(em: EntityManager, actor: AdminActor, userId: string): Promise<void> {
    await this.#change(em, actor, userId, async (tx, target) => {
      if (!target.disabledAt) return;
      await sqlRows(tx, `update "app_user" set "disabled_at" = null, "updated_at" = now() where "id" = ?`, [userId]);
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: userId,
        action: 'user.enabled',
        ip: actor.ip,
      });
    });
  }

  async grantAdmin(em: EntityManager, actor: AdminActor, userId: string): Promise<void> {
    await this.#change(em, actor, userId, async (tx, target) => {
      if (target.isAdmin) return;
      if (target.disabledAt) throw new ConflictError('account_disabled', 'A disabled account cannot become an admin');
      if (!target.emailConfirmedAt) {
        throw new ConflictError(
          'email_not_confirmed',
          'An account must confirm its email address before it can become an admin',
        );
      }
      await sqlRows(tx, `update "app_user" set "is_admin" = true, "updated_at" = now() where "id" = ?`, [userId]);
      // Admins cannot be impersonated: whoever acts as this account now stops.
      await sqlRows(tx, `delete from "auth_session" where "user_id" = ? and "impersonator_id" is not null`, [userId]);
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: userId,
        action: 'user.admin_granted',
        ip: actor.ip,
      });
    });
  }

  async revokeAdmin(em: EntityManager, actor: AdminActor, userId: string): Promise<void> {
    await this.#change(em, actor, userId, async (tx, target, remainingAdmins) => {
      if (target.id === actor.userId) throw ownAccount();
      if (!target.isAdmin) return;
      if (!target.disabledAt && remainingAdmins === 0) throw lastAdmin();
      await sqlRows(tx, `update "app_user" set "is_admin" = false, "updated_at" = now() where "id" = ?`, [userId]);
      await recordAuditEvent(tx, {
        actorUserId: actor.userId,
        subjectUserId: userId,
        action: 'user.admin_revoked',
        ip: actor.ip,
      });
    });
  }

  /**
   * Runs a change of an account in a transaction that first locks every enabled admin's row (in id order, so two such
   * changes queue instead of deadlocking), then checks that the actor is still an enabled admin and counts the enabled
   * admins other than the target. Two admins revoking each other at once: the second finds it is no longer an admin.
   */
  async #change(
    em: EntityManager,
    actor: AdminActor,
    userId: string,
    change: (tx: EntityManager, target: LockedAccount, remainingAdmins: number) => Promise<void>,
  ): Promise<void> {
    await em.transactional(async (tx) => {
      const admins = await sqlRows<{ id: string }>(
        tx,
        `select "id" from "app_user" where "is_admin" and "disabled_at" is null order by "id" for update`,
      );
      if (!admins.some((admin) => admin.id === actor.userId)) {
        throw new ForbiddenError('forbidden', 'Only an admin acting as themselves may do this');
      }
      const target = await sqlRow<{
        id: string;
        is_admin: boolean;
        disabled_at: Date | null;
        email_confirmed_at: Date | null;
      }>(tx, `select "id", "is_admin", "disabled_at", "email_confirmed_at" from "app_user" where "id" = ? for update`, [
        userId,
      ]);
      if (!target) throw notFound();
      const remainingAdmins = admins.filter((admin) => admin.id !== userId).length;
      await change(
        tx,
        {
          id: target.id,
          isAdmin: target.is_admin,
          disabledAt: target.disabled_at,
          emailConfirmedAt: target.email_confirmed_at,
        },
        remainingAdmins,
      );
    });
  }

  /** How lists name these accounts (unknown ids are left out). */
  async refs(em: EntityManager, ids: Iterable<string>): Promise<Map<string, AccountRef>> {
    const unique = [...new Set(ids)];
    const refs = new Map<string, AccountRef>();
    if (unique.length === 0) return refs;
    const users = await em.find(User, { id: { $in: unique } }, { fields: ['id', 'email', 'firstName', 'lastName'] });
    for (const user of users) {
      const names = { email: user.email, firstName: user.firstName ?? null, lastName: user.lastName ?? null };
      refs.set(user.id, { id: user.id, email: user.email, displayName: displayName(names) });
    }
    return refs;
  }
}

interface LockedAccount {
  id: string;
  isAdmin: boolean;
  disabledAt: Date | null;
  emailConfirmedAt: Date | null;
}

const ownAccount = () =>
  new ConflictError(
    'own_account',
    'Admins cannot disable themselves or revoke their own admin right; ask another admin',
  );
const lastAdmin = () => new ConflictError('last_admin', 'The product must keep at least one enabled admin');
