import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeState } from '../i18n/locale-state.ts';
import { chooseLocale } from '../i18n/locale-choice.ts';
import { LOCALES } from '../i18n/locale.ts';
import { sessionState } from '../session/session-state.ts';

/** Two-button language switch (Svenska / English), each label in its own language; the choice is kept (decision 0019). */
export function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const locale = useAtomValue(localeState);
  const status = useAtomValue(sessionState);
  const session = status.status === 'authenticated' ? status.session : null;
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={locale === option}
          className={locale === option ? 'is-active' : undefined}
          onClick={() => void chooseLocale(option, session)}
        >
          {t(`language.${option}`)}
        </button>
      ))}
    </div>
  );
}
