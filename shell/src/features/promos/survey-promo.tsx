import { useTranslation } from 'react-i18next';
import { config } from '../../app/config.ts';
import { Icon } from '@frilo/ui/icon';
import { iconButtonClass } from '@frilo/ui/button';
import * as icons from '@frilo/ui/icons';

/** The 2.0 survey promo (docs/product/web-app.md#the-frame); when it shows: dismissals.ts. */
export function SurveyPromo({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <aside className="promo" aria-label={t('promo.survey.label')}>
      <button
        type="button"
        className={iconButtonClass('small', 'promo__close')}
        aria-label={t('promo.dismiss')}
        onClick={onDismiss}
      >
        <Icon icon={icons.close} size={16} />
      </button>
      <span className="promo__badge">
        <Icon icon={icons.sparkle} size={16} />
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
