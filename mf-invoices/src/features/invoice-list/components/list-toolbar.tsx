import { useTranslation } from 'react-i18next';
import { DateField } from '@frilo/ui/form/date-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { SearchBox } from '@frilo/ui/form/search-box';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { CustomerOption } from '../api/list-invoices.ts';
import {
  changeListQuery,
  isoDay,
  MAX_SEARCH_LENGTH,
  SORT_OPTIONS,
  sortOf,
  sortOptionOf,
  STATUS_FILTERS,
  type ListQuery,
  type StatusFilter,
} from '../state/list-query.ts';

/** Search box, the status, customer and date filters, the sort order and the number of invoices found. */
export function ListToolbar({
  query,
  setQuery,
  customers,
  total,
  loading,
}: {
  query: ListQuery;
  setQuery: (next: ListQuery, options?: { replace?: boolean }) => void;
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
        maxLength={MAX_SEARCH_LENGTH}
        // One history entry per search, not per pause.
        onSearch={(q) => setQuery(changeListQuery(query, { q }), { replace: true })}
      />
      <SelectField
        id="invoice-status-filter"
        label={t('list.filters.status.label')}
        value={query.status ?? ''}
        options={statusOptions}
        onChange={(value) => setQuery(changeListQuery(query, { status: value ? (value as StatusFilter) : null }))}
      />
      {(customers.length > 0 || query.customerId) && (
        <SelectField
          id="invoice-customer-filter"
          label={t('list.filters.customer')}
          value={query.customerId ?? ''}
          options={customerOptions}
          onChange={(value) => setQuery(changeListQuery(query, { customerId: value || null }))}
        />
      )}
      <DateField
        id="invoice-date-from"
        label={t('list.filters.dateFrom')}
        value={query.dateFrom ?? ''}
        onChange={(value) => setQuery(changeListQuery(query, { dateFrom: isoDay(value) }), { replace: true })}
      />
      <DateField
        id="invoice-date-to"
        label={t('list.filters.dateTo')}
        value={query.dateTo ?? ''}
        onChange={(value) => setQuery(changeListQuery(query, { dateTo: isoDay(value) }), { replace: true })}
      />
      <SelectField
        id="invoice-sort"
        label={t('list.sortLabel')}
        value={sortOptionOf(query)}
        options={sortOptions}
        onChange={(value) => setQuery(changeListQuery(query, sortOf(value)))}
      />
      <p className="invoice-list__count" role="status">
        {loading ? t('list.searching') : t(`list.count`, { count: total })}
      </p>
    </div>
  );
}
