import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { SalaryPage } from '../../navigation/components/salary-page.tsx';

/** /dashboard/salaries/transactions */
export function Transactions() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <SalaryPage>
      <section className="coming-soon">
        <span className="badge">{t('comingSoon')}</span>
        <h2>{t('transactions.title')}</h2>
        <p>{t('transactions.text')}</p>
      </section>
    </SalaryPage>
  );
}
