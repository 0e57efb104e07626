import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../app/config.ts';
import { Icon } from '../layout/icons.tsx';
import { browserStorage as storage, dismiss, isDismissed, SURVEY_PROMO_KEY } from './dismissals.ts';

/** The 2.0 survey promo (docs/product/web-app.md#the-frame), until the user closes it. */
export function SurveyPromo() {
  const { t } = useTranslation('shell');
  const [hidden, setHidden] = useState(() => isDismissed(storage(), SURVEY_PROMO_KEY));
  if (hidden) return null;
  return (
    <aside className="promo" aria-label={t('promo.survey.label')}>
      <button
        type="button"
        className="icon-button promo__close"
        aria-label={t('promo.dismiss')}
        onClick={() => {
          dismiss(storage(), SURVEY_PROMO_KEY);
          setHidden(true);
        }}
      >
        <Icon name="close" size={16} />
      </button>
      <span className="promo__badge">
        <Icon name="sparkle" size={16} />
        {t('promo.survey.badge', { brand: config.brand })}
      </span>
      <p className="promo__title">{t('promo.survey.title', { brand: config.brand })}</p>
      <p className="promo__text">{t('promo.survey.text')}</p>
      <a className="promo__link" href={config.surveyUrl} target="_blank" rel="noreferrer">
        {t('promo.survey.cta')}
      </a>
    </aside>
  );
}
