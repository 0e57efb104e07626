import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@frilo/ui/empty-state';
import { formatMoney } from '@frilo/ui/money';
import { PageHeader } from '@frilo/ui/page-header';
import { PendingData } from '@frilo/ui/pending-data';
import { PagerNav } from '@frilo/ui/pager';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { StatusBadge } from '@frilo/ui/status-badge';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';
import { when } from '../../admin-shared/when.ts';
import { listApprovalQueue, QUEUE_PAGE_SIZE, type ApprovalQueueItem } from '../api/approvals.ts';

/** /admin/approvals: the invoices a review rule holds back (−1), oldest first. */
export function ApprovalQueuePage() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [page, setPage] = useState(1);
  const queue = useApiData((signal) => listApprovalQueue(page, signal), String(page));
  const open = (item: ApprovalQueueItem) => `/admin/approvals/${item.invoiceId}`;
  const earlier = (item: ApprovalQueueItem) =>
    item.earlierRequests > 0 ? (
      <StatusBadge tone="attention">{t('admin.approvals.earlier', { count: item.earlierRequests })}</StatusBadge>
    ) : null;

  return (
    <div className="invoices-admin">
      <PageHeader>
        <h1>{t('admin.approvals.title')}</h1>
        <p>{t('admin.approvals.lead')}</p>
      </PageHeader>
      {!queue.data ? (
        <PendingData failure={queue.failure} onRetry={queue.reload} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState variant="answer" title={t('admin.approvals.empty')}>
          <p>{t('admin.approvals.emptyText')}</p>
        </EmptyState>
      ) : (
        <div aria-busy={queue.loading}>
          <ResponsiveTable
            // Its columns fit beside the sidebar from 1200 px; below, cards (at 1100 px the table scrolled by 28 px).
            cardsBelow="xl"
            caption={t('admin.approvals.title')}
            rows={queue.data.items}
            rowKey={(item) => item.invoiceId}
            columns={[
              {
                key: 'submittedAt',
                header: t('admin.approvals.columns.submittedAt'),
                cell: (item) => when(item.submittedAt),
              },
              {
                key: 'freelancer',
                header: t('admin.approvals.columns.freelancer'),
                cell: (item) => (
                  <>
                    <Link to={open(item)}>{item.freelancer.displayName}</Link>
                    <div className="invoices-admin__muted">{item.freelancer.email}</div>
                  </>
                ),
              },
              { key: 'recipient', header: t('admin.approvals.columns.recipient'), cell: (item) => item.recipientName },
              {
                key: 'total',
                header: t('admin.approvals.columns.total'),
                className: 'invoices-admin__number',
                cell: (item) => formatMoney(item.totalExclVat, item.currency, locale),
              },
              { key: 'earlier', header: t('admin.approvals.columns.earlier'), cell: earlier },
            ]}
            card={(item) => (
              <>
                <h2 className="invoices-admin__card-title">
                  <Link to={open(item)}>{item.freelancer.displayName}</Link>
                </h2>
                <p>{item.recipientName}</p>
                <p className="invoices-admin__muted">
                  {when(item.submittedAt)} · {formatMoney(item.totalExclVat, item.currency, locale)}
                </p>
                {earlier(item)}
              </>
            )}
          />
          <PagerNav page={page} pageSize={QUEUE_PAGE_SIZE} total={queue.data.page.total} onPage={setPage} />
        </div>
      )}
    </div>
  );
}
