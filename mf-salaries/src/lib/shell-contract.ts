// mf-salaries's copy of the shell contract, version 1 (documented in shell/README.md). Remotes may
// not import the shell's source, so the event names are repeated here; the shell's
// contract.test.ts fails when this copy drifts from the shell's.
import type { components } from '@frilo/openapi/client';

export const CONTRACT_VERSION = 1;

export const SHELL_EVENTS = {
  sessionChanged: 'frilo:session-changed',
  sessionInvalidated: 'frilo:session-invalidated',
  localeChanged: 'frilo:locale-changed',
  setLocale: 'frilo:set-locale',
  notify: 'frilo:notify',
  track: 'frilo:track',
  logout: 'frilo:logout',
  chunkFailed: 'frilo:chunk-failed',
} as const;

export type Session = components['schemas']['Session'];
export type Locale = 'sv' | 'en';

/** The parcel props the shell passes to every remote (kept up to date through parcel updates). */
export type ShellProps = {
  contractVersion: 1;
  remote: string;
  /** null when logged out. */
  session: Session | null;
  locale: Locale;
  brand: string;
};

function emit(name: string, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** A notification top right; `message` is already translated. */
export function notify(kind: 'success' | 'error' | 'info', message: string): void {
  emit(SHELL_EVENTS.notify, { kind, message });
}

/** After a login, logout or profile change: the shell re-reads the session, then goes to `navigateTo`. */
export function invalidateSession(navigateTo?: string): void {
  emit(SHELL_EVENTS.sessionInvalidated, navigateTo ? { navigateTo } : null);
}

export function setLocale(locale: Locale): void {
  emit(SHELL_EVENTS.setLocale, { locale });
}

export function track(name: string, properties?: Record<string, string | number | boolean | null>): void {
  emit(SHELL_EVENTS.track, properties ? { name, properties } : { name });
}

export function requestLogout(): void {
  emit(SHELL_EVENTS.logout);
}

/** A lazy chunk of this remote failed: the shell reloads the page once, then shows its error. */
export function reportChunkFailure(remote: string, error: unknown): void {
  emit(SHELL_EVENTS.chunkFailed, { remote, message: error instanceof Error ? error.message : String(error) });
}

/**
 * Navigate anywhere in the app: every router (the shell's and each remote's) hears it because the
 * shell has single-spa patch pushState to fire popstate. Inside this remote, use react-router's
 * navigate() instead; both end up in the same window history.
 */
export function navigateTo(url: string): void {
  window.history.pushState(window.history.state, '', url);
}

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [^ ]+ failed/i.test(error.message))
  );
}
