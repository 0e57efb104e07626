import { useTranslation } from 'react-i18next';
import { DateField } from '@frilo/ui/form/date-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { SearchBox } from '@frilo/ui/form/search-box';
import { isoDay } from '@frilo/ui/list/list-query';
import type { ListQueryState } from '@frilo/ui/list/use-list-query';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { CustomerOption } from '../api/list-invoices.ts';
import { invoiceList, SORT_OPTIONS, STATUS_FILTERS, type SortField, type StatusFilter } from '../state/list-query.ts';

/** Search box, the status, customer and date filters, the sort order and the number of invoices found. */
export function ListToolbar({
  list: { query, change },
  customers,
  total,
  loading,
}: {
  list: ListQueryState<{ status: StatusFilter; customerId: string; dateFrom: string; dateTo: string }, SortField>;
  customers: CustomerOption[];
  total: number;
  loading: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const statusOptions = [
    { value: '', label: t('list.filters.allStatuses') },
    ...STATUS_FILTERS.map((status) => ({ value: status, label: t(`list.filters.status.${status}`) })),
  ];
  const customerOptions = [
    { value: '', label: t('list.filters.allCustomers') },
    ...customers.map((customer) => ({ value: customer.id, label: customer.name })),
  ];
  const sortOptions = SORT_OPTIONS.map((option) => ({ value: option.value, label: t(`list.sort.${option.value}`) }));

  return (
    <div className="invoice-list__toolbar">
      <SearchBox
        id="invoice-search"
        className="invoice-list__search"
        label={t('list.search.label')}
        placeholder={t('list.search.placeholder')}
        value={query.q}
        maxLength={invoiceList.maxSearchLength}
        // One history entry per search, not per pause.
        onSearch={(q) => change({ q }, { replace: true })}
      />
      <SelectField
        id="invoice-status-filter"
        label={t('list.filters.status.label')}
        value={query.status ?? ''}
        options={statusOptions}
        onChange={(value) => change({ status: value ? (value as StatusFilter) : null })}
      />
      {(customers.length > 0 || query.customerId) && (
        <SelectField
          id="invoice-customer-filter"
          label={t('list.filters.customer')}
          value={query.customerId ?? ''}
          options={customerOptions}
          onChange={(value) => change({ customerId: value || null })}
        />
      )}
      <DateField
        id="invoice-date-from"
        label={t('list.filters.dateFrom')}
        value={query.dateFrom ?? ''}
        onChange={(value) => change({ dateFrom: isoDay(value) }, { replace: true })}
      />
      <DateField
        id="invoice-date-to"
        label={t('list.filters.dateTo')}
        value={query.dateTo ?? ''}
        onChange={(value) => change({ dateTo: isoDay(value) }, { replace: true })}
      />
      <SelectField
        id="invoice-sort"
        label={t('list.sortLabel')}
        value={invoiceList.sortOptionOf(query)}
        options={sortOptions}
        onChange={(value) => change(invoiceList.sortOf(value))}
      />
      <p className="invoice-list__count" role="status">
        {loading ? t('list.searching') : t(`list.count`, { count: total })}
      </p>
    </div>
  );
}
