import { useTranslation } from 'react-i18next';
import { EmptyState } from '@frilo/ui/empty-state';
import { StatusBadge } from '@frilo/ui/status-badge';
import { NAMESPACE } from '../../../app/namespace.ts';
import { SalaryPage } from '../../navigation/components/salary-page.tsx';

/** /dashboard/salaries/estimate */
export function Estimate() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <SalaryPage>
      <EmptyState badge={<StatusBadge>{t('comingSoon')}</StatusBadge>} title={t('estimate.title')}>
        <p>{t('estimate.text')}</p>
      </EmptyState>
    </SalaryPage>
  );
}
