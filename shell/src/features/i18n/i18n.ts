// Sets up the one i18next instance every remote shares (a federation singleton). Each remote
// only adds its own namespace; the shell owns the language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fetchBackend } from './fetch-backend.ts';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from './locale.ts';

export const SHELL_NAMESPACE = 'shell';

export async function initI18n(locale: Locale): Promise<typeof i18next> {
  await i18next
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      ns: [SHELL_NAMESPACE],
      defaultNS: SHELL_NAMESPACE,
      fallbackNS: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true, bindI18n: 'languageChanged loaded', bindI18nStore: 'added' },
    });
  document.documentElement.lang = i18next.language || DEFAULT_LOCALE;
  return i18next;
}
