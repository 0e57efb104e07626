import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { SalaryPage } from '../../navigation/components/salary-page.tsx';

/** /dashboard/salaries/estimate */
export function Estimate() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <SalaryPage>
      <section className="coming-soon">
        <span className="badge">{t('comingSoon')}</span>
        <h2>{t('estimate.title')}</h2>
        <p>{t('estimate.text')}</p>
      </section>
    </SalaryPage>
  );
}
