import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardClass } from '@frilo/ui/card';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatDay } from '../../../lib/invoice-display.ts';
import { formatMoney } from '@frilo/ui/money';
import type { InvoiceSummary } from '../../invoice-list/api/list-invoices.ts';
import { invoicePath, useInvoiceTitle } from '../../invoice-list/components/invoice-results.tsx';
import { InvoiceStatusBadge } from '../../invoice-list/components/invoice-status-badge.tsx';

/** The five most recently changed invoices, each opening its page, and the way to all of them. */
export function RecentInvoices({ invoices, drafts }: { invoices: InvoiceSummary[]; drafts: number }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const title = useInvoiceTitle();
  return (
    <section className={cardClass({ className: 'recent-invoices' })} aria-labelledby="widget-recent">
      <div className="recent-invoices__header">
        <h2 id="widget-recent">{t('dashboard.recent.title')}</h2>
        {invoices.length > 0 && <Link to="/dashboard/invoices">{t('dashboard.recent.all')}</Link>}
      </div>
      {invoices.length === 0 ? (
        <p>
          {t('dashboard.recent.none')} <Link to="/quotations/create">{t('dashboard.recent.create')}</Link>
        </p>
      ) : (
        <ul className="recent-invoices__list">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="recent-invoices__item">
              <div>
                <Link to={invoicePath(invoice)} className="recent-invoices__title">
                  {title(invoice)} · {invoice.recipient.name}
                </Link>
                <p className="recent-invoices__meta">{formatDay(invoice.invoiceDate, locale)}</p>
              </div>
              <div className="recent-invoices__side">
                <span className="recent-invoices__amount">
                  {formatMoney(invoice.totalInclVat, invoice.currency, locale)}
                </span>
                <InvoiceStatusBadge status={invoice.status} statusName={invoice.statusName} overdue={invoice.overdue} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {drafts > 0 && (
        <p className="recent-invoices__drafts">
          <Link to="/dashboard/invoices?status=drafted">{t(`dashboard.recent.drafts`, { count: drafts })}</Link>
        </p>
      )}
    </section>
  );
}
