import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '@frilo/openapi/shell-contract';
import { Button, buttonClass } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { formatMoney } from '@frilo/ui/money';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { PageHeader } from '@frilo/ui/page-header';
import { PendingData } from '@frilo/ui/pending-data';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';
import { when } from '../../admin-shared/when.ts';
import { approvalPdfUrl, getApprovalInvoice } from '../api/approvals.ts';
import { ReviewDialog, type Review } from './review-dialog.tsx';

/** /admin/approvals/:invoiceId: everything the review needs, the PDF the customer would get, and the decision. */
export function ApprovalInvoicePage() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const navigate = useNavigate();
  const { invoiceId = '' } = useParams();
  const loaded = useApiData((signal) => getApprovalInvoice(invoiceId, signal), invoiceId);
  const [review, setReview] = useState<Review | null>(null);
  const back = (
    <Link to="/admin/approvals" className="invoices-admin__back">
      <Icon icon={icons.arrowLeft} size={16} />
      {t('admin.approvals.back')}
    </Link>
  );
  const invoice = loaded.data;
  if (!invoice) {
    return (
      <div className="invoices-admin">
        {back}
        <PendingData failure={loaded.failure} onRetry={loaded.reload} />
      </div>
    );
  }
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  const recipient = invoice.recipient;
  const done = (decided: Review) => {
    setReview(null);
    notify('success', t(`admin.review.${decided}.done`));
    navigate('/admin/approvals');
  };

  return (
    <div className="invoices-admin">
      {back}
      <PageHeader
        actions={
          <>
            <a href={approvalPdfUrl(invoice.invoiceId)} target="_blank" rel="noopener" className={buttonClass({})}>
              <Icon icon={icons.invoice} size={18} />
              {t('admin.approvals.pdf')}
            </a>
            <Button onClick={() => setReview('requestChanges')}>{t('admin.review.requestChanges.button')}</Button>
            <Button variant="primary" onClick={() => setReview('approve')}>
              <Icon icon={icons.check} size={18} />
              {t('admin.review.approve.button')}
            </Button>
          </>
        }
      >
        <h1>{t('admin.approvals.invoiceTitle', { recipient: recipient.name })}</h1>
        <p>
          {t('admin.approvals.by')}{' '}
          <Link to={`/admin/users/${invoice.freelancer.id}`}>{invoice.freelancer.displayName}</Link> ·{' '}
          {invoice.freelancer.email}
        </p>
      </PageHeader>

      <div className="invoices-admin__grid">
        <Card labelledBy="approval-summary">
          <h2 id="approval-summary">{t('admin.approvals.summary')}</h2>
          <dl className="invoices-admin__fields">
            <div>
              <dt>{t('admin.approvals.fields.recipient')}</dt>
              <dd>
                {recipient.name}
                {recipient.governmentId && <> · {recipient.governmentId}</>}
                {recipient.email && <div className="invoices-admin__muted">{recipient.email}</div>}
              </dd>
            </div>
            <div>
              <dt>{t('admin.approvals.fields.dates')}</dt>
              <dd>
                {invoice.invoiceDate} → {invoice.dueDate} (
                {t('admin.approvals.days', { count: invoice.paymentTermsDays })})
              </dd>
            </div>
            {invoice.reference && (
              <div>
                <dt>{t('admin.approvals.fields.reference')}</dt>
                <dd>{invoice.reference}</dd>
              </div>
            )}
            {invoice.campaignCode && (
              <div>
                <dt>{t('admin.approvals.fields.campaignCode')}</dt>
                <dd>{invoice.campaignCode}</dd>
              </div>
            )}
            <div>
              <dt>{t('admin.approvals.fields.totalExclVat')}</dt>
              <dd>{money(invoice.totalExclVat)}</dd>
            </div>
            <div>
              <dt>{t('admin.approvals.fields.totalVat')}</dt>
              <dd>{money(invoice.totalVat)}</dd>
            </div>
            <div>
              <dt>{t('admin.approvals.fields.totalInclVat')}</dt>
              <dd>
                <strong>{money(invoice.totalInclVat)}</strong>
              </dd>
            </div>
          </dl>
        </Card>
        <Card labelledBy="approval-history">
          <h2 id="approval-history">{t('admin.approvals.history')}</h2>
          <ol className="invoices-admin__history">
            {invoice.history.map((entry, index) => (
              <li key={index}>
                <strong>{entry.event}</strong> · {when(entry.at)}
                {entry.actor && <> · {entry.actor.displayName}</>}
                {entry.reason && <p className="invoices-admin__comment">“{entry.reason}”</p>}
              </li>
            ))}
          </ol>
        </Card>
      </div>

      <section className="invoices-admin__section" aria-labelledby="approval-rows">
        <h2 id="approval-rows">{t('admin.approvals.rows')}</h2>
        <ResponsiveTable
          caption={t('admin.approvals.rows')}
          rows={invoice.rows.map((row, index) => ({ ...row, index }))}
          rowKey={(row) => String(row.index)}
          columns={[
            { key: 'description', header: t('admin.approvals.columns.description'), cell: (row) => row.description },
            {
              key: 'quantity',
              header: t('admin.approvals.columns.quantity'),
              className: 'invoices-admin__number',
              cell: (row) => `${row.quantity} ${row.unit}`,
            },
            {
              key: 'unitPrice',
              header: t('admin.approvals.columns.unitPrice'),
              className: 'invoices-admin__number',
              cell: (row) => money(row.unitPrice),
            },
            {
              key: 'vat',
              header: t('admin.approvals.columns.vat'),
              className: 'invoices-admin__number',
              cell: (row) => `${row.vatPercentage} %`,
            },
            {
              key: 'net',
              header: t('admin.approvals.columns.net'),
              className: 'invoices-admin__number',
              cell: (row) => money(row.netAmount),
            },
          ]}
          card={(row) => (
            <>
              <p className="invoices-admin__card-title">{row.description}</p>
              <p className="invoices-admin__muted">
                {row.quantity} {row.unit} × {money(row.unitPrice)} · {row.vatPercentage} %
              </p>
              <p>{money(row.netAmount)}</p>
            </>
          )}
        />
        {invoice.expenses.length > 0 && (
          <>
            <h2>{t('admin.approvals.expenses')}</h2>
            <ul className="invoices-admin__list">
              {invoice.expenses.map((expense, index) => (
                <li key={index}>
                  {t(`admin.approvals.expenseTypes.${expense.type}`)}: {expense.description} ·{' '}
                  {money(expense.netAmount)}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <ReviewDialog invoice={invoice} review={review} onClose={() => setReview(null)} onDone={done} />
    </div>
  );
}
