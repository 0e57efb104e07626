import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LegacyPage } from '../../navigation/components/legacy-page.tsx';

/** /dashboard/legacy/payouts */
export function LegacyPayouts() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <LegacyPage>
      <section className="coming-soon">
        <span className="badge">{t('comingSoon')}</span>
        <h2>{t('payouts.title')}</h2>
        <p>{t('payouts.text')}</p>
      </section>
    </LegacyPage>
  );
}
