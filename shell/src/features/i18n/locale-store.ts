// Reads and writes the locale choice in the browser: `?hl=`, the user_locale cookie and localStorage.
import i18next from 'i18next';
import { SHELL_EVENTS } from '@frilo/openapi/shell-contract';
import { LOCALE_KEY, localeCookie, readCookie, readPageLocale, withoutHl, type Locale } from './locale.ts';

export function initialLocale(): Locale {
  const query = new URLSearchParams(window.location.search).get('hl');
  const locale = readPageLocale();
  if (query !== null) {
    rememberLocale(locale);
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

function safeStorageGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
