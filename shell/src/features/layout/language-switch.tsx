import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeState } from '../i18n/locale-state.ts';
import { applyLocale } from '../i18n/locale-store.ts';
import { LOCALES } from '../i18n/locale.ts';

/** Two-button language switch (Svenska / English), each label in its own language. */
export function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const locale = useAtomValue(localeState);
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={locale === option}
          className={locale === option ? 'is-active' : undefined}
          onClick={() => void applyLocale(option)}
        >
          {t(`language.${option}`)}
        </button>
      ))}
    </div>
  );
}
