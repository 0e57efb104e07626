// The shell ↔ remote contract (version 1). Remotes keep their own copy of these names in
// src/lib/shell-contract.ts (they may not import the shell); shell/README.md documents it and
// contract.test.ts fails when a copy drifts.

export const CONTRACT_VERSION = 1;

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
export type LocaleDetail = { locale: 'sv' | 'en' };
export type ChunkFailedDetail = { remote: string; message: string };
