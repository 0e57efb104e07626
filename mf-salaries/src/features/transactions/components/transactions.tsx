import { useTranslation } from 'react-i18next';
import { EmptyState } from '@frilo/ui/empty-state';
import { StatusBadge } from '@frilo/ui/status-badge';
import { NAMESPACE } from '../../../app/namespace.ts';
import { SalaryPage } from '../../navigation/components/salary-page.tsx';

/** /dashboard/salaries/transactions */
export function Transactions() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <SalaryPage>
      <EmptyState badge={<StatusBadge>{t('comingSoon')}</StatusBadge>} title={t('transactions.title')}>
        <p>{t('transactions.text')}</p>
      </EmptyState>
    </SalaryPage>
  );
}
