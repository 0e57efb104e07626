import { atom } from 'jotai';
import { DEFAULT_LOCALE, type Locale } from './locale.ts';

/** The language the shell shows; changed only through useSetLocale (cookie, storage, i18next, event). */
export const localeState = atom<Locale>(DEFAULT_LOCALE);
