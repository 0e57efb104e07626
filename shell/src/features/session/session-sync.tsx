// Keeps the shell's session in step with the BFF and announces every change to the remotes.
import { useAtom } from 'jotai';
import { startTransition, useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SHELL_EVENTS } from '@frilo/openapi/shell-contract';
import { saveLocaleToProfile } from '../i18n/locale-choice.ts';
import { applyLocale, forgetUnsaved, hasStoredLocale, readUnsaved } from '../i18n/locale-store.ts';
import { planSessionLocale } from '../i18n/locale.ts';
import { safeRedirectTarget } from '../routing/guard.ts';
import { clearStorageOnLogout } from './clear-storage.ts';
import { fetchSession, logoutRequest, stopImpersonationRequest } from './session-api.ts';
import { sessionState } from './session-state.ts';
import type { Session, SessionStatus } from './session-types.ts';

export function toStatus(session: Session | null): SessionStatus {
  return session ? { status: 'authenticated', session } : { status: 'anonymous' };
}

function sessionOf(status: SessionStatus): Session | null {
  return status.status === 'authenticated' ? status.session : null;
}

/** Session actions for the shell's own buttons (logout, stop impersonating). */
export function useSessionActions() {
  const [, setStatus] = useAtom(sessionState);
  const navigate = useNavigate();

  const refresh = useCallback(
    async (navigateTo?: string) => {
      try {
        const session = await fetchSession();
        // One transition for both, so the guard never sees the new session at the old URL
        // (react-router applies location changes as transitions).
        startTransition(() => {
          setStatus(toStatus(session));
          if (navigateTo) void navigate(safeRedirectTarget(navigateTo));
        });
        return session;
      } catch (error) {
        setStatus({ status: 'error', message: error instanceof Error ? error.message : String(error) });
        return null;
      }
    },
    [navigate, setStatus],
  );

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // The server session may already be gone; the browser side is cleared regardless.
    }
    try {
      clearStorageOnLogout(window.localStorage);
    } catch {
      // Storage unavailable: nothing to clear.
    }
    startTransition(() => {
      setStatus({ status: 'anonymous' });
      void navigate('/login');
    });
  }, [navigate, setStatus]);

  /** Restores the admin's own session; when the admin's session is gone too, logs out fully. */
  const stopImpersonation = useCallback(async () => {
    try {
      const admin = await stopImpersonationRequest();
      if (!admin) return logout();
      startTransition(() => {
        setStatus(toStatus(admin));
        void navigate('/dashboard/home');
      });
    } catch {
      await logout();
    }
  }, [logout, navigate, setStatus]);

  return { refresh, logout, stopImpersonation };
}

/** Mounted once: answers remotes' requests and broadcasts session changes. */
export function SessionSync() {
  const [status] = useAtom(sessionState);
  const { refresh, logout } = useSessionActions();
  const previous = useRef<SessionStatus>(status);

  useEffect(() => {
    const onInvalidated = (event: Event) => {
      const detail = (event as CustomEvent<{ navigateTo?: unknown } | null>).detail;
      void refresh(typeof detail?.navigateTo === 'string' ? detail.navigateTo : undefined);
    };
    const onLogout = () => void logout();
    window.addEventListener(SHELL_EVENTS.sessionInvalidated, onInvalidated);
    window.addEventListener(SHELL_EVENTS.logout, onLogout);
    return () => {
      window.removeEventListener(SHELL_EVENTS.sessionInvalidated, onInvalidated);
      window.removeEventListener(SHELL_EVENTS.logout, onLogout);
    };
  }, [refresh, logout]);

  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    const session = sessionOf(status);
    if (before !== status) {
      window.dispatchEvent(new CustomEvent(SHELL_EVENTS.sessionChanged, { detail: { session } }));
    }
    if (!session) return;
    // Decision 0019: a choice made on this device wins and goes to the profile; otherwise logging in (or another
    // user taking over) switches to the profile's language, and a page load keeps what the device stored.
    const earlier = sessionOf(before);
    const firstRender = before === status;
    const plan = planSessionLocale({
      profile: session.user.preferredLocale,
      unsaved: readUnsaved(),
      loggedIn:
        !firstRender &&
        (earlier === null ||
          earlier.user.id !== session.user.id ||
          earlier.user.preferredLocale !== session.user.preferredLocale),
      stored: hasStoredLocale(),
      impersonating: session.isImpersonating,
    });
    if (plan.show) void applyLocale(plan.show);
    if (plan.save) saveLocaleToProfile(plan.save);
    if (plan.forgetUnsaved && plan.show) forgetUnsaved(plan.show);
  }, [status]);

  return null;
}
