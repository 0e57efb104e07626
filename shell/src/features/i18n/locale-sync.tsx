// Mirrors i18next's language into the shell's atom and answers remotes' `frilo:set-locale`.
import i18next from 'i18next';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { SHELL_EVENTS } from '@frilo/openapi/shell-contract';
import { localeState } from './locale-state.ts';
import { applyLocale, forgetUnsaved } from './locale-store.ts';
import { asLocale } from './locale.ts';

export function LocaleSync() {
  const setLocale = useSetAtom(localeState);

  useEffect(() => {
    const onLanguage = (language: string) => {
      const locale = asLocale(language);
      if (locale) setLocale(locale);
    };
    onLanguage(i18next.language);
    i18next.on('languageChanged', onLanguage);
    const onSetLocale = (event: Event) => {
      const locale = asLocale((event as CustomEvent<{ locale?: string } | null>).detail?.locale);
      if (!locale) return;
      // A remote sets the language from elsewhere (the profile form that just saved it, a recipient's invoice
      // language): an older choice of this device must not overwrite it at the next session change.
      forgetUnsaved(null);
      void applyLocale(locale);
    };
    window.addEventListener(SHELL_EVENTS.setLocale, onSetLocale);
    return () => {
      i18next.off('languageChanged', onLanguage);
      window.removeEventListener(SHELL_EVENTS.setLocale, onSetLocale);
    };
  }, [setLocale]);

  return null;
}
