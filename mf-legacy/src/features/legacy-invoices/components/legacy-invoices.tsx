import { useTranslation } from 'react-i18next';
import { EmptyState } from '@frilo/ui/empty-state';
import { PagerNav, SortButton } from '@frilo/ui/pager';
import { PendingData } from '@frilo/ui/pending-data';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { StatusBadge } from '@frilo/ui/status-badge';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatMoney } from '@frilo/ui/money';
import { ariaSort, sortBy } from '../../legacy-list/list-query.ts';
import { SortSelect } from '../../legacy-list/sort-select.tsx';
import { useListQuery } from '../../legacy-list/use-list-query.ts';
import { LegacyPage } from '../../navigation/components/legacy-page.tsx';
import {
  INVOICE_SORTS,
  listLegacyInvoices,
  PAGE_SIZE,
  type InvoiceSort,
  type LegacyInvoice,
} from '../api/list-legacy-invoices.ts';

/** The invoice table's seven columns fit beside the sidebar from 1200 px (at 992 they scrolled by up to 107 px). */
const INVOICE_CARDS_BELOW = 'xl';

/** /dashboard/legacy/invoices: the old product's invoices, sortable and paged, with the totals of every year. */
export function LegacyInvoices() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const { query, setQuery } = useListQuery(INVOICE_SORTS, 'invoiceDate');
  const { data, loading, failure, reload } = useApiData(
    (signal) => listLegacyInvoices(query, signal),
    `${query.sort}:${query.order}:${query.page}`,
  );

  if (!data) {
    return (
      <LegacyPage>
        <PendingData failure={failure} onRetry={reload} />
      </LegacyPage>
    );
  }
  if (data.page.total === 0) {
    return (
      <LegacyPage>
        <EmptyState title={t('invoices.empty.title')}>
          <p>{t('invoices.empty.text')}</p>
        </EmptyState>
      </LegacyPage>
    );
  }

  const header = (column: InvoiceSort) => (
    <SortButton
      label={t(`invoices.columns.${column}`)}
      active={query.sort === column}
      order={query.order}
      onSort={() => setQuery(sortBy(query, column))}
    />
  );
  const paid = (invoice: LegacyInvoice) =>
    invoice.paid ? (
      <StatusBadge tone="success">{t('invoices.paid')}</StatusBadge>
    ) : (
      <StatusBadge tone="attention">{t('invoices.unpaid')}</StatusBadge>
    );
  const total = (invoice: LegacyInvoice) => formatMoney(invoice.total, invoice.currency, locale);

  return (
    <LegacyPage>
      <section className="legacy-section" aria-labelledby="legacy-years-heading">
        <h2 id="legacy-years-heading">{t('years.title')}</h2>
        <ResponsiveTable
          caption={t('years.title')}
          rows={data.years}
          rowKey={(year) => `${year.year}-${year.currency}`}
          cardsBelow="md"
          columns={[
            { key: 'year', header: t('years.year'), cell: (year) => year.year },
            { key: 'count', header: t('years.count'), className: 'legacy-number', cell: (year) => year.count },
            {
              key: 'total',
              header: t('years.total'),
              className: 'legacy-number',
              cell: (year) => formatMoney(year.total, year.currency, locale),
            },
            {
              key: 'paid',
              header: t('years.paid'),
              className: 'legacy-number',
              cell: (year) =>
                t('years.paidValue', {
                  count: year.paidCount,
                  amount: formatMoney(year.paidTotal, year.currency, locale),
                }),
            },
          ]}
          card={(year) => (
            <dl className="legacy-card">
              <dt>{t('years.year')}</dt>
              <dd>
                <strong>{year.year}</strong> · {t('years.countValue', { count: year.count })}
              </dd>
              <dt>{t('years.total')}</dt>
              <dd>{formatMoney(year.total, year.currency, locale)}</dd>
              <dt>{t('years.paid')}</dt>
              <dd>
                {t('years.paidValue', {
                  count: year.paidCount,
                  amount: formatMoney(year.paidTotal, year.currency, locale),
                })}
              </dd>
            </dl>
          )}
        />
      </section>

      <section className="legacy-section" aria-labelledby="legacy-list-heading" aria-busy={loading}>
        <h2 id="legacy-list-heading">{t('invoices.listTitle')}</h2>
        <SortSelect
          sorts={INVOICE_SORTS}
          query={query}
          onChange={setQuery}
          label={(column) => t(`invoices.columns.${column}`)}
          cardsBelow={INVOICE_CARDS_BELOW}
        />
        <ResponsiveTable
          caption={t('invoices.listTitle')}
          rows={data.items}
          rowKey={(invoice) => invoice.id}
          cardsBelow={INVOICE_CARDS_BELOW}
          columns={[
            {
              key: 'number',
              header: header('number'),
              sort: ariaSort(query, 'number'),
              cell: (invoice) => invoice.number,
            },
            {
              key: 'recipient',
              header: header('recipient'),
              sort: ariaSort(query, 'recipient'),
              cell: (invoice) => invoice.recipient,
            },
            { key: 'paid', header: header('paid'), sort: ariaSort(query, 'paid'), cell: paid },
            {
              key: 'invoiceDate',
              header: header('invoiceDate'),
              sort: ariaSort(query, 'invoiceDate'),
              cell: (invoice) => invoice.invoiceDate,
            },
            {
              key: 'dueDate',
              header: header('dueDate'),
              sort: ariaSort(query, 'dueDate'),
              cell: (invoice) => invoice.dueDate,
            },
            {
              key: 'total',
              header: header('total'),
              sort: ariaSort(query, 'total'),
              className: 'legacy-number',
              cell: total,
            },
          ]}
          card={(invoice) => (
            <div className="legacy-invoice-card">
              <div className="legacy-invoice-card__top">
                <h3>{invoice.number}</h3>
                {paid(invoice)}
              </div>
              <p>{invoice.recipient}</p>
              <p className="legacy-muted">
                {t('invoices.columns.invoiceDate')} {invoice.invoiceDate} · {t('invoices.columns.dueDate')}{' '}
                {invoice.dueDate}
              </p>
              <p className="legacy-invoice-card__total">{total(invoice)}</p>
            </div>
          )}
        />
        <PagerNav
          page={query.page}
          pageSize={PAGE_SIZE}
          total={data.page.total}
          onPage={(page) => setQuery({ ...query, page })}
        />
      </section>
    </LegacyPage>
  );
}
