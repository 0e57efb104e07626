import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@frilo/ui/button';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatDay, type DisplayLocale } from '../../../lib/invoice-display.ts';
import { formatMoney } from '@frilo/ui/money';
import { documentUrl } from '../../invoice-detail/api/invoice-detail.ts';
import type { InvoiceSummary } from '../api/list-invoices.ts';
import type { ListQuery } from '../state/list-query.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** A day for the table: day and month held together by a no-break space, so a narrow column breaks before the year. */
function tableDay(day: string, locale: DisplayLocale): string {
  return formatDay(day, locale).replace(' ', '\u00a0');
}

export const invoicePath = (invoice: Pick<InvoiceSummary, 'id'>) => `/dashboard/invoices/${invoice.id}`;

/** The invoice's name in a list: its number once sent, "Draft" before. */
export function useInvoiceTitle() {
  const { t } = useTranslation(NAMESPACE);
  return (invoice: Pick<InvoiceSummary, 'number'>) =>
    invoice.number === null ? t('list.unnumbered') : t('list.numbered', { number: invoice.number });
}

/**
 * The invoices: a table from the lg breakpoint, cards below it (docs/product/web-app.md#breakpoints). Every amount
 * in the invoice's own currency: amounts in different currencies are never added up.
 */
export function InvoiceResults({
  invoices,
  sort,
}: {
  invoices: InvoiceSummary[];
  sort: Pick<ListQuery, 'sort' | 'order'>;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const title = useInvoiceTitle();
  const sorted = (field: ListQuery['sort']) =>
    sort.sort === field ? (sort.order === 'asc' ? ('ascending' as const) : ('descending' as const)) : undefined;
  // A numbered invoice has left: its PDF can be downloaded straight from the list.
  const pdf = (invoice: InvoiceSummary, iconOnly: boolean) =>
    invoice.number !== null && (
      <a
        href={documentUrl(invoice.id, 'pdf', 'invoice')}
        download
        className={buttonClass({ size: 'small', iconOnly })}
        title={iconOnly ? t('list.downloadPdf') : undefined}
      >
        <Icon icon={icons.invoice} size={16} />
        <span className={iconOnly ? 'visually-hidden' : undefined}>{t('list.downloadPdf')}</span>
        <span className="visually-hidden"> {title(invoice)}</span>
      </a>
    );
  const badge = (invoice: InvoiceSummary) => (
    <InvoiceStatusBadge status={invoice.status} statusName={invoice.statusName} overdue={invoice.overdue} />
  );
  return (
    <ResponsiveTable
      caption={t('list.tableCaption')}
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      cardsBelow="xl"
      tight
      className="invoice-results"
      columns={[
        {
          key: 'number',
          header: t('list.columns.number'),
          sort: sorted('number'),
          cell: (invoice) => (
            <>
              <Link to={invoicePath(invoice)} className="invoice-table__link">
                {title(invoice)}
              </Link>
              {invoice.reference && <div className="invoice-table__muted">{invoice.reference}</div>}
            </>
          ),
        },
        { key: 'customer', header: t('list.columns.customer'), cell: (invoice) => invoice.recipient.name },
        {
          key: 'invoiceDate',
          header: t('list.columns.invoiceDate'),
          sort: sorted('invoiceDate'),
          className: 'invoice-table__day',
          cell: (invoice) => tableDay(invoice.invoiceDate, locale),
        },
        {
          key: 'dueDate',
          header: t('list.columns.dueDate'),
          sort: sorted('dueDate'),
          className: 'invoice-table__day',
          cell: (invoice) => tableDay(invoice.dueDate, locale),
        },
        {
          key: 'total',
          header: t('list.columns.total'),
          className: 'invoice-table__amount',
          cell: (invoice) => formatMoney(invoice.totalInclVat, invoice.currency, locale),
        },
        { key: 'status', header: t('list.columns.status'), className: 'invoice-table__status', cell: badge },
        {
          key: 'actions',
          header: t('list.columns.actions'),
          headerHidden: true,
          actions: true,
          cell: (invoice) => pdf(invoice, true),
        },
      ]}
      card={(invoice) => (
        <>
          <div className="invoice-card__top">
            <h2 className="invoice-card__title">
              <Link to={invoicePath(invoice)}>{title(invoice)}</Link>
            </h2>
            <span className="invoice-card__amount">{formatMoney(invoice.totalInclVat, invoice.currency, locale)}</span>
          </div>
          <p className="invoice-card__customer">{invoice.recipient.name}</p>
          <p className="invoice-card__meta">
            {t('list.cardDates', {
              invoiceDate: formatDay(invoice.invoiceDate, locale),
              dueDate: formatDay(invoice.dueDate, locale),
            })}
            {invoice.reference && <> · {invoice.reference}</>}
          </p>
          <div className="invoice-card__bottom">
            {badge(invoice)}
            {pdf(invoice, false)}
          </div>
        </>
      )}
    />
  );
}
