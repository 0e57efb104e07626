import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { GOVERNMENT_ID_INPUT } from './profile-form.tsx';
import { buttonClass } from '@frilo/ui/button';

/** docs/product/accounts.md#profile-and-salary-settings: without a personnummer no salary is paid and no invoice is sent. */
export function MissingGovernmentIdNotice() {
  const { t } = useTranslation(NAMESPACE);
  const goToField = () => {
    const input = document.getElementById(GOVERNMENT_ID_INPUT);
    input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    input?.focus({ preventScroll: true });
  };
  return (
    <aside className="profile-notice" aria-labelledby="missing-government-id-title">
      <svg className="profile-notice__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <div>
        <h2 className="profile-notice__title" id="missing-government-id-title">
          {t('profile.governmentId.missingTitle')}
        </h2>
        <p>{t('profile.governmentId.missingText')}</p>
        <button type="button" className={buttonClass({ size: 'small' })} onClick={goToField}>
          {t('profile.governmentId.missingAction')}
        </button>
      </div>
    </aside>
  );
}
