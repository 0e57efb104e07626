import { useTranslation } from 'react-i18next';
import { EmptyState } from '@frilo/ui/empty-state';
import { StatusBadge } from '@frilo/ui/status-badge';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LegacyPage } from '../../navigation/components/legacy-page.tsx';

/** /dashboard/legacy/payouts */
export function LegacyPayouts() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <LegacyPage>
      <EmptyState badge={<StatusBadge>{t('comingSoon')}</StatusBadge>} title={t('payouts.title')}>
        <p>{t('payouts.text')}</p>
      </EmptyState>
    </LegacyPage>
  );
}
