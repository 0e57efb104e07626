// Which language to show (docs/product/web-app.md#languages): sv by default, en as fallback, switched by ?hl= or the
// profile's preferredLocale and then kept in the `user_locale` cookie and localStorage key.

export type Locale = 'sv' | 'en';
export const LOCALES: readonly Locale[] = ['sv', 'en'];
export const DEFAULT_LOCALE: Locale = 'sv';
export const FALLBACK_LOCALE: Locale = 'en';
export const LOCALE_KEY = 'user_locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function asLocale(value: string | null | undefined): Locale | null {
  const short = value?.trim().toLowerCase().slice(0, 2);
  return short === 'sv' || short === 'en' ? short : null;
}

export type LocaleSources = {
  /** `?hl=` of the current URL: an explicit switch, wins over everything. */
  query?: string | null;
  cookie?: string | null;
  stored?: string | null;
  /** The logged-in user's preferredLocale; used when no choice is stored on this device. */
  profile?: string | null;
};

export function resolveLocale(sources: LocaleSources): Locale {
  return (
    asLocale(sources.query) ??
    asLocale(sources.cookie) ??
    asLocale(sources.stored) ??
    asLocale(sources.profile) ??
    DEFAULT_LOCALE
  );
}

/** The languages i18next loads for a locale: the locale, then the fallback. */
export function localeLanguages(locale: Locale): Locale[] {
  return locale === FALLBACK_LOCALE ? [locale] : [locale, FALLBACK_LOCALE];
}

/** The locale this page starts in (`?hl=`, cookie, localStorage), read without changing anything. */
export function readPageLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LOCALE_KEY);
  } catch {
    // Storage unavailable: the cookie still carries the choice.
  }
  return resolveLocale({
    query: new URLSearchParams(window.location.search).get('hl'),
    cookie: readCookie(document.cookie, LOCALE_KEY),
    stored,
  });
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_KEY}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The URL without `hl`, so the address stays clean once the choice is stored. */
export function withoutHl(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has('hl')) return search;
  params.delete('hl');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * An explicit choice (the switcher, `?hl=`) that is not in a profile yet (decision 0019): kept in localStorage, so
 * logging out forgets it along with the rest of the account's storage.
 */
export const UNSAVED_LOCALE_KEY = 'user_locale_unsaved';

/** Where an explicit choice goes: the profile at once, the profile at the next login, or this device only. */
export type ChoiceTarget = 'profile' | 'next-login' | 'device';

/** An admin acting as a user changes only the admin's view, never the user's profile (as with notices). */
export function choiceTarget(session: { isImpersonating: boolean } | null): ChoiceTarget {
  if (!session) return 'next-login';
  return session.isImpersonating ? 'device' : 'profile';
}

export type SessionLocaleInput = {
  /** The session user's preferredLocale. */
  profile: string | null | undefined;
  /** An explicit choice of this device not saved to a profile yet. */
  unsaved: string | null | undefined;
  /** A user just logged in, another took over or the profile's language changed; false on a page load. */
  loggedIn: boolean;
  /** This device already shows a language it stored (cookie or localStorage). */
  stored: boolean;
  impersonating: boolean;
};

export type SessionLocalePlan = {
  /** The language to switch to, null to leave it as it is. */
  show: Locale | null;
  /** The language to write to the profile, null for none. */
  save: Locale | null;
  /** The unsaved choice is already the profile's: forget it. */
  forgetUnsaved: boolean;
};

/**
 * What the language does when the session becomes known (decision 0019): an explicit choice made on this device wins
 * and goes to the profile, so login never switches it back; otherwise a login takes the profile's language, and a
 * page load keeps what the device stored.
 */
export function planSessionLocale(input: SessionLocaleInput): SessionLocalePlan {
  const profile = asLocale(input.profile);
  const unsaved = asLocale(input.unsaved);
  if (input.impersonating) return { show: input.loggedIn ? profile : null, save: null, forgetUnsaved: false };
  if (unsaved) {
    const inProfile = unsaved === profile;
    return { show: unsaved, save: inProfile ? null : unsaved, forgetUnsaved: inProfile };
  }
  if (input.loggedIn || !input.stored) return { show: profile, save: null, forgetUnsaved: false };
  return { show: null, save: null, forgetUnsaved: false };
}
