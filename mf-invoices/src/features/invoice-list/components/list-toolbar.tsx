import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@frilo/ui/icon';
import { DateField } from '@frilo/ui/form/date-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { TextField } from '@frilo/ui/form/text-field';
import * as icons from '@frilo/ui/icons';
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

/** How long typing pauses before the list follows the search box. */
const SEARCH_DELAY_MS = 300;

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
  const [draft, setDraft] = useState(query.q);
  // The search the URL has; when it changes from outside (back/forward, "clear search"), the box follows it.
  const shown = useRef(query.q);
  useEffect(() => {
    if (query.q === shown.current) return;
    shown.current = query.q;
    setDraft(query.q);
  }, [query.q]);

  // The list state when the timer fires, not when it was set (a filter may have changed meanwhile).
  const latest = useRef({ query, setQuery });
  latest.current = { query, setQuery };
  const commit = (text: string) => {
    const q = text.trim().slice(0, MAX_SEARCH_LENGTH);
    const { query: current, setQuery: set } = latest.current;
    if (q === current.q) return;
    shown.current = q;
    set(changeListQuery(current, { q }), { replace: true });
  };

  useEffect(() => {
    if (draft.trim() === latest.current.query.q) return;
    const timer = setTimeout(() => commit(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only typing starts the timer.
  }, [draft]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit(draft);
  };

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
      <form role="search" className="invoice-list__search" onSubmit={onSubmit}>
        <TextField
          id="invoice-search"
          label={t('list.search.label')}
          type="search"
          icon={<Icon icon={icons.search} size={18} />}
          value={draft}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={t('list.search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          onChange={setDraft}
        />
      </form>
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
