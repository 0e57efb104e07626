// The shell <-> remote contract, version 1 (documented in docs/shell-remote-contract.md). It lives in the contract
// workspace because remotes may import only npm packages and this workspace, never the shell or each
// other: one definition of the event names, parcel props and the helpers that dispatch them.
import type { components } from '../generated/api.ts';

/**
 * The version of this contract. Every remote declares the version it was built against in its `mf-manifest.json`
 * (`metaData.shellContractVersion`, written by the build: tools/rspack/federated-config.ts), and the shell reads it
 * before it runs any of the remote's code: a version it does not support shows the area's "needs updating" state
 * instead of the remote (docs/shell-remote-contract.md, "Versions"). Raise it only for a breaking change.
 */
export const CONTRACT_VERSION = 1;

/** Where a remote's manifest declares its contract version: `metaData[MANIFEST_CONTRACT_KEY]`. */
export const MANIFEST_CONTRACT_KEY = 'shellContractVersion';

export const SHELL_EVENTS = {
  /** shell → all: the session changed (login, logout, profile edit). detail: { session: Session | null } */
  sessionChanged: 'frilo:session-changed',
  /** remote → shell: "I changed the session (logged in, edited the profile); re-read it". no detail */
  sessionInvalidated: 'frilo:session-invalidated',
  /** shell → all: the language changed. detail: { locale: 'sv' | 'en' } */
  localeChanged: 'frilo:locale-changed',
  /** remote → shell: switch the language (e.g. after a profile change). detail: { locale } */
  setLocale: 'frilo:set-locale',
  /** remote → shell: show a notification top right. detail: { kind, message } (message already translated) */
  notify: 'frilo:notify',
  /** remote → shell: record an analytics event. detail: { name, properties? } */
  track: 'frilo:track',
  /** remote → shell: log out (full logout; the shell clears storage and goes to /login). no detail */
  logout: 'frilo:logout',
  /** remote → shell: one of my chunks failed to load (the shell reloads once, then shows the error). detail: { remote, message } */
  chunkFailed: 'frilo:chunk-failed',
} as const;

export type NotificationKind = 'success' | 'error' | 'info';
export type NotifyDetail = { kind: NotificationKind; message: string };
export type TrackDetail = { name: string; properties?: Record<string, string | number | boolean | null> };
export type LocaleDetail = { locale: Locale };
export type ChunkFailedDetail = { remote: string; message: string };

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
export function notify(kind: NotificationKind, message: string): void {
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
