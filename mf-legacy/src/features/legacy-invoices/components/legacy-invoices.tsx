import { useTranslation } from 'react-i18next';
import { EmptyState } from '@frilo/ui/empty-state';
import { useShell } from '@frilo/ui/shell-context';
import { StatusBadge } from '@frilo/ui/status-badge';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LegacyPage } from '../../navigation/components/legacy-page.tsx';

/** /dashboard/legacy/invoices */
export function LegacyInvoices() {
  const { t } = useTranslation(NAMESPACE);
  const { brand } = useShell();
  return (
    <LegacyPage>
      <EmptyState badge={<StatusBadge>{t('comingSoon')}</StatusBadge>} title={t('invoices.title')}>
        <p>{t('invoices.text', { brand })}</p>
      </EmptyState>
    </LegacyPage>
  );
}
