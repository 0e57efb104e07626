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
import { listLegacyPayouts, PAGE_SIZE, PAYOUT_SORTS, type PayoutSort } from '../api/list-legacy-payouts.ts';

const AMOUNTS = ['socialFees', 'taxMoney', 'netSalary', 'pensionTax', 'pensionDeposition'] as const;
type AmountKey = (typeof AMOUNTS)[number];

/** /dashboard/legacy/payouts: the old product's salary payouts, sortable and paged, with the totals of every year. */
export function LegacyPayouts() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const { query, setQuery } = useListQuery(PAYOUT_SORTS, 'createdDate');
  const { data, loading, failure, reload } = useApiData(
    (signal) => listLegacyPayouts(query, signal),
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
        <EmptyState title={t('payouts.empty.title')}>
          <p>{t('payouts.empty.text')}</p>
        </EmptyState>
      </LegacyPage>
    );
  }

  const sek = (minor: number) => formatMoney(minor, 'SEK', locale);
  const header = (column: PayoutSort) => (
    <SortButton
      label={t(`payouts.columns.${column}`)}
      active={query.sort === column}
      order={query.order}
      onSort={() => setQuery(sortBy(query, column))}
    />
  );
  const amountColumns = <Row extends Record<AmountKey, number>>(sortable: boolean) =>
    AMOUNTS.map((key) => ({
      key,
      header: sortable ? header(key) : t(`payouts.columns.${key}`),
      sort: sortable ? ariaSort(query, key) : undefined,
      className: 'legacy-number',
      cell: (row: Row) => sek(row[key]),
    }));
  const amountList = (row: Record<AmountKey, number>) => (
    <dl className="legacy-card">
      {AMOUNTS.map((key) => (
        <div key={key} className="legacy-card__row">
          <dt>{t(`payouts.columns.${key}`)}</dt>
          <dd>{sek(row[key])}</dd>
        </div>
      ))}
    </dl>
  );
  const transaction = (date: string | null) =>
    date ?? <StatusBadge tone="attention">{t('payouts.notPaidOut')}</StatusBadge>;

  return (
    <LegacyPage>
      <section className="legacy-section" aria-labelledby="legacy-years-heading">
        <h2 id="legacy-years-heading">{t('years.title')}</h2>
        <ResponsiveTable
          caption={t('years.title')}
          rows={data.years}
          rowKey={(year) => String(year.year)}
          cardsBelow="lg"
          columns={[
            { key: 'year', header: t('years.year'), cell: (year) => year.year },
            { key: 'count', header: t('years.count'), className: 'legacy-number', cell: (year) => year.count },
            ...amountColumns(false),
          ]}
          card={(year) => (
            <>
              <h3 className="legacy-card__title">
                {year.year} · {t('years.countValue', { count: year.count })}
              </h3>
              {amountList(year)}
            </>
          )}
        />
      </section>

      <section className="legacy-section" aria-labelledby="legacy-list-heading" aria-busy={loading}>
        <h2 id="legacy-list-heading">{t('payouts.listTitle')}</h2>
        <SortSelect
          sorts={PAYOUT_SORTS}
          query={query}
          onChange={setQuery}
          label={(column) => t(`payouts.columns.${column}`)}
          cardsBelow="xl"
        />
        <ResponsiveTable
          caption={t('payouts.listTitle')}
          rows={data.items}
          rowKey={(payout) => payout.id}
          cardsBelow="xl"
          columns={[
            {
              key: 'createdDate',
              header: header('createdDate'),
              sort: ariaSort(query, 'createdDate'),
              cell: (payout) => payout.createdDate,
            },
            {
              key: 'transactionDate',
              header: header('transactionDate'),
              sort: ariaSort(query, 'transactionDate'),
              cell: (payout) => transaction(payout.transactionDate),
            },
            ...amountColumns(true),
          ]}
          card={(payout) => (
            <>
              <h3 className="legacy-card__title">
                {t('payouts.columns.createdDate')} {payout.createdDate}
              </h3>
              <p className="legacy-muted">
                {t('payouts.columns.transactionDate')} {transaction(payout.transactionDate)}
              </p>
              {amountList(payout)}
            </>
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
