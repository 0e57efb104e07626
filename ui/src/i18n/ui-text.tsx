// The kit's texts. A kit component asks for a key (`loading`, `crash.title`, `form.optional`...);
// the app's own i18next namespace answers first, so a remote can word it its own way ("Customers
// could not be shown"), and the kit's texts (src/locales, bundled with the kit, both languages)
// answer otherwise. The kit registers no i18next namespace of its own: two kit versions on one
// page would overwrite each other's texts.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CORE_TEXTS, kitText, type KitTexts, type UiLocale } from './kit-text.ts';

export type { UiLocale };

type UiSettings = { namespace: string; locale: UiLocale };

const UiContext = createContext<UiSettings>({ namespace: 'ui', locale: 'sv' });

/** Tells the kit's components which i18next namespace is the app's and which language is shown. */
export function UiProvider({ namespace, locale, children }: UiSettings & { children: ReactNode }) {
  return <UiContext value={{ namespace, locale }}>{children}</UiContext>;
}

export function useUiLocale(): UiLocale {
  return useContext(UiContext).locale;
}

export type UiText = (key: string, values?: Record<string, unknown>) => string;

/** The app's own `t` (its namespace), for kit pieces that show the app's texts. */
export function useAppTranslation() {
  return useTranslation(useContext(UiContext).namespace);
}

/** `text('form.optional')`: the app's wording of a kit text, or the kit's own (from `texts`). */
export function useUiText(texts: KitTexts = CORE_TEXTS): UiText {
  const { namespace, locale } = useContext(UiContext);
  const { t } = useTranslation(namespace);
  return useCallback(
    (key: string, values: Record<string, unknown> = {}) =>
      t(key, { ...values, defaultValue: kitText(locale, key, values, texts) }),
    [t, locale, texts],
  );
}
