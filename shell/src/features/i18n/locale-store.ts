// Reads and writes the locale choice in the browser: `?hl=`, the user_locale cookie and localStorage.
import i18next from 'i18next';
import { SHELL_EVENTS } from '@frilo/openapi/shell-contract';
import {
  asLocale,
  LOCALE_KEY,
  localeCookie,
  readCookie,
  readPageLocale,
  UNSAVED_LOCALE_KEY,
  withoutHl,
  type Locale,
} from './locale.ts';

export function initialLocale(): Locale {
  const query = new URLSearchParams(window.location.search).get('hl');
  const locale = readPageLocale();
  if (query !== null) {
    rememberLocale(locale);
    // `?hl=` is an explicit choice: it goes to the profile once the session is known (decision 0019).
    if (asLocale(query)) markUnsaved(locale);
    const url = window.location.pathname + withoutHl(window.location.search) + window.location.hash;
    window.history.replaceState(window.history.state, '', url);
  }
  return locale;
}

export function rememberLocale(locale: Locale): void {
  document.cookie = localeCookie(locale, window.location.protocol === 'https:');
  try {
    window.localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode or full storage: the cookie still carries the choice.
  }
}

/** Switches everything: i18next (so every remote re-renders), storage, <html lang>, the event. */
export async function applyLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  window.dispatchEvent(new CustomEvent(SHELL_EVENTS.localeChanged, { detail: { locale } }));
}

export function hasStoredLocale(): boolean {
  return readCookie(document.cookie, LOCALE_KEY) !== null || safeStorageGet(LOCALE_KEY) !== null;
}

/** Notes an explicit choice that a profile does not hold yet. */
export function markUnsaved(locale: Locale): void {
  try {
    window.localStorage.setItem(UNSAVED_LOCALE_KEY, locale);
  } catch {
    // Storage unavailable: the choice still holds on this device through the cookie.
  }
}

export function readUnsaved(): Locale | null {
  return asLocale(safeStorageGet(UNSAVED_LOCALE_KEY));
}

/** Forgets the unsaved choice once the profile holds `saved` (unless another choice came meanwhile); null: in any case. */
export function forgetUnsaved(saved: Locale | null): void {
  try {
    const unsaved = window.localStorage.getItem(UNSAVED_LOCALE_KEY);
    if (saved === null || unsaved === saved) window.localStorage.removeItem(UNSAVED_LOCALE_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

function safeStorageGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
