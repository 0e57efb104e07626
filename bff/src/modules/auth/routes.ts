// The auth module's operations: HTTP (cookies, statuses, the session of the request) around its services.
import type { Next } from 'koa';
import type { AppContext, AppServices } from '../../platform/http/context.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import { ConflictError, UnauthenticatedError } from '../../platform/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { requireConfirmedSession, requireSession } from '../../platform/http/guards.ts';
import { User } from './entities.ts';
import type { RequestInfo } from './account-checks.ts';
import type { CredentialsService } from './credentials-service.ts';
import type { EmailChangeService } from './email-change-service.ts';
import type { ImpersonationService } from './impersonation-service.ts';
import type { ProfileService } from './profile-service.ts';
import type { SignUpService } from './sign-up-service.ts';
import {
  ADMIN_SESSION_COOKIE,
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  dismissNotice,
  dismissedNotices,
  endSessionById,
  endSessionByToken,
  findSession,
  rotateSession,
  setSessionCookie,
  touchSession,
  type SessionRow,
} from './sessions.ts';
import { looksLikeToken } from './tokens.ts';
import { profileView, sessionView, sessionViewFromRow } from './views.ts';

const requestInfo = (ctx: AppContext): RequestInfo => ({ ip: ctx.ip, userAgent: ctx.get('user-agent') || null });

/** The session row the middleware read, so getSession answers without a second query. */
const sessionRows = new WeakMap<AppContext, SessionRow>();

/**
 * Sets `ctx.state.session` from the `user_auth_token` cookie with one indexed query; clears a cookie
 * whose session has ended. `last_seen_at` is written at most once a minute.
 */
export function sessionMiddleware() {
  return async (ctx: AppContext, next: Next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token !== undefined) {
      const row = looksLikeToken(token) ? await findSession(ctx.state.em, token) : undefined;
      if (row) {
        ctx.state.session = {
          sessionId: row.id,
          userId: row.user_id,
          impersonatorId: row.impersonator_id,
          isAdmin: row.is_admin,
          emailConfirmed: row.email_confirmed_at !== null,
        };
        sessionRows.set(ctx, row);
        if (row.stale) await touchSession(ctx.state.em, row.id);
      } else {
        clearSessionCookie(ctx, SESSION_COOKIE, ctx.secure);
      }
    }
    await next();
  };
}

/** The auth module's services, one per seam of its rules. */
export interface AuthServices {
  signUp: SignUpService;
  credentials: CredentialsService;
  emailChange: EmailChangeService;
  profile: ProfileService;
  impersonation: ImpersonationService;
}

export function authHandlers(services: AppServices, auth: AuthServices): ModuleHandlers<'auth'> {
  const secure = services.config.env === 'production';

  /** This browser now holds `session`: its cookie, and the CSRF token bound to it (see csrfProtection). */
  function enterSession(ctx: AppContext, session: { id: string; token: string; expiresAt: Date }): void {
    setSessionCookie(ctx, SESSION_COOKIE, session.token, session.expiresAt, secure);
    ctx.state.boundSessionId = session.id;
  }

  /** Ends the sessions this browser holds (its own and a parked admin session) and clears their cookies. */
  async function endBrowserSessions(ctx: AppContext): Promise<void> {
    for (const name of [SESSION_COOKIE, ADMIN_SESSION_COOKIE]) {
      const token = ctx.cookies.get(name);
      if (token === undefined) continue;
      if (looksLikeToken(token)) await endSessionByToken(ctx.state.em, token);
      clearSessionCookie(ctx, name, secure);
    }
    ctx.state.boundSessionId = null;
  }

  /** Every session of `userId` has ended; when this browser held one, its cookies go too. */
  function forgetEndedSessions(ctx: AppContext, userId: string): void {
    const session = ctx.state.session;
    if (session?.userId !== userId && session?.impersonatorId !== userId) return;
    for (const name of [SESSION_COOKIE, ADMIN_SESSION_COOKIE]) {
      if (ctx.cookies.get(name) !== undefined) clearSessionCookie(ctx, name, secure);
    }
    ctx.state.boundSessionId = null;
  }

  return {
    async signUp({ body, ctx }) {
      return { status: 201, body: await auth.signUp.create(ctx.state.em, body, requestInfo(ctx)) };
    },

    async confirmEmail({ body, ctx }) {
      return { status: 200, body: await auth.signUp.confirmEmail(ctx.state.em, body.id, body.token, requestInfo(ctx)) };
    },

    async resendConfirmation({ ctx }) {
      await auth.signUp.resendConfirmation(ctx.state.em, requireSession(ctx));
      return { status: 202, body: undefined };
    },

    async resendConfirmationByEmail({ body, ctx }) {
      await auth.signUp.resendConfirmationByEmail(ctx.state.em, body.email, requestInfo(ctx));
      return { status: 202, body: undefined };
    },

    async dismissNotice({ params, ctx }) {
      const current = requireSession(ctx);
      // An admin acting as someone closes the notice for their own look only: the user has not seen it.
      if (!current.impersonatorId) await dismissNotice(ctx.state.em, current.userId, params.notice);
      return { status: 204, body: undefined };
    },

    async login({ body, ctx }) {
      const { user, session: created } = await auth.credentials.login(ctx.state.em, body, requestInfo(ctx));
      // A new login replaces whatever this browser held (no session fixation, no parked admin session).
      await endBrowserSessions(ctx);
      enterSession(ctx, created);
      return { status: 200, body: sessionView(user, created.expiresAt, await dismissedNotices(ctx.state.em, user.id)) };
    },

    async logout({ ctx }) {
      const current = ctx.state.session;
      if (current?.impersonatorId) {
        await recordAuditEvent(ctx.state.em, {
          actorUserId: current.impersonatorId,
          subjectUserId: current.userId,
          action: 'impersonation.stop',
          data: { via: 'logout' },
          ip: ctx.ip,
        });
      }
      await endBrowserSessions(ctx);
      return { status: 204, body: undefined };
    },

    getSession({ ctx }) {
      const row = sessionRows.get(ctx);
      if (!row) throw new UnauthenticatedError();
      return { status: 200, body: sessionViewFromRow(row) };
    },

    async forgotPassword({ body, ctx }) {
      await auth.credentials.forgotPassword(ctx.state.em, body.email, requestInfo(ctx));
      return { status: 202, body: undefined };
    },

    async resetPassword({ body, ctx }) {
      const result = await auth.credentials.resetPassword(ctx.state.em, body, requestInfo(ctx));
      return { status: 200, body: result };
    },

    async changePassword({ body, ctx }) {
      const rotated = await auth.credentials.changePassword(ctx.state.em, requireSession(ctx), body, requestInfo(ctx));
      if (rotated) enterSession(ctx, rotated);
      return { status: 204, body: undefined };
    },

    async requestEmailChange({ body, ctx }) {
      return {
        status: 202,
        body: await auth.emailChange.request(ctx.state.em, requireSession(ctx), body, requestInfo(ctx)),
      };
    },

    async confirmEmailChange({ body, ctx }) {
      const { userId, ...result } = await auth.emailChange.confirm(ctx.state.em, body.token, requestInfo(ctx));
      forgetEndedSessions(ctx, userId);
      return { status: 200, body: result };
    },

    async cancelEmailChange({ body, ctx }) {
      const { userId, email } = await auth.emailChange.cancel(ctx.state.em, body.token, requestInfo(ctx));
      forgetEndedSessions(ctx, userId);
      return { status: 200, body: { email } };
    },

    async getProfile({ ctx }) {
      const { user, address, pendingEmail } = await auth.profile.read(ctx.state.em, requireSession(ctx).userId);
      return { status: 200, body: profileView(user, address, pendingEmail) };
    },

    async updateProfile({ body, ctx }) {
      const current = requireConfirmedSession(ctx);
      await auth.profile.update(ctx.state.em, current, body, requestInfo(ctx));
      const { user, address, pendingEmail } = await auth.profile.read(ctx.state.em, current.userId);
      return { status: 200, body: profileView(user, address, pendingEmail) };
    },

    async startImpersonation({ body, ctx }) {
      const admin = requireSession(ctx);
      const em = ctx.state.em;
      const target = await auth.impersonation.target(em, admin, body);
      const adminToken = ctx.cookies.get(SESSION_COOKIE)!;
      const adminExpiresAt = new Date(sessionRows.get(ctx)!.expires_at);
      const created = await createSession(em, {
        userId: target.id,
        impersonatorId: admin.userId,
        ...requestInfo(ctx),
        notAfter: adminExpiresAt,
      });
      await recordAuditEvent(em, {
        actorUserId: admin.userId,
        subjectUserId: target.id,
        action: 'impersonation.start',
        data: { sessionId: created.id },
        ip: ctx.ip,
      });
      // The admin's own session waits in its own cookie until the impersonation stops.
      setSessionCookie(ctx, ADMIN_SESSION_COOKIE, adminToken, adminExpiresAt, secure);
      enterSession(ctx, created);
      const adminUser = await em.findOneOrFail(User, { id: admin.userId });
      return {
        status: 200,
        body: sessionView(target, created.expiresAt, await dismissedNotices(em, target.id), adminUser),
      };
    },

    async stopImpersonation({ ctx }) {
      const current = requireSession(ctx);
      const em = ctx.state.em;
      if (!current.impersonatorId) {
        throw new ConflictError('not_impersonating', 'This session is not an impersonation');
      }
      await endSessionById(em, current.sessionId);
      await recordAuditEvent(em, {
        actorUserId: current.impersonatorId,
        subjectUserId: current.userId,
        action: 'impersonation.stop',
        ip: ctx.ip,
      });
      const adminToken = ctx.cookies.get(ADMIN_SESSION_COOKIE);
      clearSessionCookie(ctx, ADMIN_SESSION_COOKIE, secure);
      const adminRow = looksLikeToken(adminToken) ? await findSession(em, adminToken) : undefined;
      // The admin comes back under a new token: the parked one has been in a cookie through the impersonation.
      const rotated =
        adminRow && adminRow.user_id === current.impersonatorId && !adminRow.impersonator_id && adminRow.is_admin
          ? await rotateSession(em, adminRow.id, requestInfo(ctx))
          : undefined;
      if (adminRow && rotated) {
        enterSession(ctx, rotated);
        return { status: 200, body: sessionViewFromRow({ ...adminRow, expires_at: rotated.expiresAt }) };
      }
      // The admin's session ended meanwhile: log out fully.
      clearSessionCookie(ctx, SESSION_COOKIE, secure);
      ctx.state.boundSessionId = null;
      return { status: 204, body: undefined };
    },
  };
}
