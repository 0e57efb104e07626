import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { buttonClass } from '@frilo/ui/button';
import { EmptyState } from '@frilo/ui/empty-state';
import { PageHeader } from '@frilo/ui/page-header';
import { StatusBadge } from '@frilo/ui/status-badge';

/** /dashboard/invoices: the list arrives with the invoice API; until then, what it will hold. */
export function InvoiceList() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div>
      <PageHeader
        actions={
          <Link to="/quotations/create" className={buttonClass({ variant: 'primary' })}>
            {t('dashboard.createInvoice')}
          </Link>
        }
      >
        <h1>{t('list.title')}</h1>
        <p>{t('list.lead')}</p>
      </PageHeader>
      <EmptyState badge={<StatusBadge>{t('comingSoon')}</StatusBadge>} title={t('list.emptyTitle')}>
        <p>{t('list.emptyText')}</p>
      </EmptyState>
    </div>
  );
}
