// Server-side sessions: an opaque token in an httpOnly cookie, its SHA-256 in `auth_session`.
// The lookup runs on every request, so it is one indexed query that also brings what getSession returns.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppContext } from '../../platform/http/context.ts';
import { preparedRows, sqlRow, sqlRows } from '../../platform/db/sql.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'user_auth_token';
export const ADMIN_SESSION_COOKIE = 'admin_auth_token';
/** A session (and an admin's parked one) lasts 14350 seconds from login (docs/product/accounts.md#sessions). */
export const SESSION_TTL_SECONDS = 14_350;
/** `last_seen_at` is written at most this often per session. */
const TOUCH_AFTER_SECONDS = 60;

/**
 * The session, its user and (while impersonating) the admin, for a token hash. Sessions of disabled
 * users, and impersonations by admins who lost their rights, do not count.
 */
export const SESSION_LOOKUP_SQL = `select s.id, s.user_id, s.impersonator_id, s.expires_at,
  s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}) as stale,
  u.email, u.first_name, u.last_name, u.preferred_locale, u.email_confirmed_at, u.legacy, u.is_admin,
  u.phone_number is not null as has_phone_number, u.government_id is not null as has_government_id,
  a.email as admin_email, a.first_name as admin_first_name, a.last_name as admin_last_name,
  array(select d.notice from dismissed_notice d where d.user_id = s.user_id order by d.notice) as dismissed_notices
from auth_session s
join app_user u on u.id = s.user_id
left join app_user a on a.id = s.impersonator_id
where s.token_hash = ? and s.expires_at > now() and u.disabled_at is null
  and (s.impersonator_id is null or (a.is_admin and a.disabled_at is null))`;

export interface SessionRow {
  id: string;
  user_id: string;
  impersonator_id: string | null;
  expires_at: Date;
  stale: boolean;
  email: string;
  first_name: string | null;
  last_name: string | null;
  preferred_locale: string;
  email_confirmed_at: Date | null;
  legacy: boolean;
  is_admin: boolean;
  has_phone_number: boolean;
  has_government_id: boolean;
  admin_email: string | null;
  admin_first_name: string | null;
  admin_last_name: string | null;
  dismissed_notices: string[];
}

export async function findSession(em: EntityManager, token: string): Promise<SessionRow | undefined> {
  // Every request asks this: prepared, so PostgreSQL plans it once per connection.
  const [row] = await preparedRows<SessionRow>(em, SESSION_LOOKUP_SQL, [hashToken(token)]);
  return row;
}

export async function touchSession(em: EntityManager, sessionId: string): Promise<void> {
  await sqlRows(em, `update auth_session set last_seen_at = now() where id = ?`, [sessionId]);
}

export interface NewSession {
  token: string;
  id: string;
  expiresAt: Date;
}

export async function createSession(
  em: EntityManager,
  input: {
    userId: string;
    impersonatorId?: string | null;
    ip: string | null;
    userAgent: string | null;
    /** An impersonation ends no later than the admin's own session. */
    notAfter?: Date;
  },
): Promise<NewSession> {
  const token = newToken();
  const row = await sqlRow<{ id: string; expires_at: Date }>(
    em,
    `insert into auth_session (token_hash, user_id, impersonator_id, expires_at, ip, user_agent)
     values (?, ?, ?, least(now() + make_interval(secs => ?), ?::timestamptz), ?, ?) returning id, expires_at`,
    [
      hashToken(token),
      input.userId,
      input.impersonatorId ?? null,
      SESSION_TTL_SECONDS,
      input.notAfter?.toISOString() ?? null,
      input.ip,
      input.userAgent?.slice(0, 300) ?? null,
    ],
  );
  if (!row) throw new Error('The session was not stored');
  // Opportunistic clean-up keeps the tables small without a scheduled job: this user's ended
  // sessions every time, everyone's now and then (and email tokens long past their use).
  await sqlRows(em, `delete from auth_session where user_id = ? and expires_at < now()`, [input.userId]);
  if (Math.random() < 0.01) {
    await sqlRows(em, `delete from auth_session where expires_at < now()`);
    await sqlRows(em, `delete from auth_token where expires_at < now() - interval '30 days'`);
  }
  return { token, id: row.id, expiresAt: new Date(row.expires_at) };
}

export async function endSessionByToken(em: EntityManager, token: string): Promise<void> {
  await sqlRows(em, `delete from auth_session where token_hash = ?`, [hashToken(token)]);
}

export async function endSessionById(em: EntityManager, sessionId: string): Promise<void> {
  await sqlRows(em, `delete from auth_session where id = ?`, [sessionId]);
}

/**
 * Ends every session of the user, the impersonations of the user and the impersonations the user (an admin)
 * started, except `keepSessionId`.
 */
export async function endUserSessions(em: EntityManager, userId: string, keepSessionId?: string): Promise<void> {
  await sqlRows(em, `delete from auth_session where (user_id = ? or impersonator_id = ?) and id <> ?`, [
    userId,
    userId,
    keepSessionId ?? '00000000-0000-0000-0000-000000000000',
  ]);
}

/**
 * Replaces a session by a new one with a new token (and id) for the same user, impersonator and end: what a
 * change of password or privileges does, so a token seen before the change is worth nothing after it.
 * Undefined when the session has ended meanwhile.
 */
export async function rotateSession(
  em: EntityManager,
  sessionId: string,
  request: { ip: string | null; userAgent: string | null },
): Promise<NewSession | undefined> {
  const token = newToken();
  const row = await sqlRow<{ id: string; expires_at: Date }>(
    em,
    `with old as (delete from auth_session where id = ? and expires_at > now()
                  returning user_id, impersonator_id, expires_at)
     insert into auth_session (token_hash, user_id, impersonator_id, expires_at, ip, user_agent)
     select ?, user_id, impersonator_id, expires_at, ?, ? from old returning id, expires_at`,
    [sessionId, hashToken(token), request.ip, request.userAgent?.slice(0, 300) ?? null],
  );
  return row ? { token, id: row.id, expiresAt: new Date(row.expires_at) } : undefined;
}

export function setSessionCookie(ctx: AppContext, name: string, token: string, expiresAt: Date, secure: boolean): void {
  const maxAge = Math.max(0, Math.min(expiresAt.getTime() - Date.now(), SESSION_TTL_SECONDS * 1000));
  ctx.cookies.set(name, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge, overwrite: true });
}

export function clearSessionCookie(ctx: AppContext, name: string, secure: boolean): void {
  ctx.cookies.set(name, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: new Date(0),
    overwrite: true,
  });
}

/** The notices `userId` has closed (the session lookup reads the same rows). */
export async function dismissedNotices(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await sqlRows<{ notice: string }>(
    em,
    `select notice from dismissed_notice where user_id = ? order by notice`,
    [userId],
  );
  return rows.map((row) => row.notice);
}

/** Remembers that `userId` closed `notice`; closing it again changes nothing. */
export async function dismissNotice(em: EntityManager, userId: string, notice: string): Promise<void> {
  await sqlRows(em, `insert into dismissed_notice (user_id, notice) values (?, ?) on conflict do nothing`, [
    userId,
    notice,
  ]);
}
