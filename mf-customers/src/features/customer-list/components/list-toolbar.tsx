import { useTranslation } from 'react-i18next';
import { SearchBox } from '@frilo/ui/form/search-box';
import { SelectField } from '@frilo/ui/form/select-field';
import type { ListQueryState } from '@frilo/ui/list/use-list-query';
import { NAMESPACE } from '../../../app/namespace.ts';
import { CUSTOMER_TYPES, customerTypeKey, isCustomerType, type CustomerType } from '../../../lib/customer-types.ts';
import { customerList, SORT_OPTIONS, type SortField } from '../state/list-query.ts';

/** Search box, type filter, sort order and the number of customers found. */
export function ListToolbar({
  list: { query, change },
  total,
  loading,
}: {
  list: ListQueryState<{ type: CustomerType }, SortField>;
  total: number;
  loading: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const typeOptions = [
    { value: '', label: t('list.allTypes') },
    ...CUSTOMER_TYPES.map((type) => ({ value: type, label: t(customerTypeKey(type)) })),
  ];
  const sortOptions = SORT_OPTIONS.map((option) => ({ value: option.value, label: t(`list.sort.${option.value}`) }));

  return (
    <div className="customer-list__toolbar">
      <SearchBox
        id="customer-search"
        className="customer-list__search"
        fieldClassName="customer-list__search-field"
        label={t('list.search.label')}
        placeholder={t('list.search.placeholder')}
        value={query.q}
        maxLength={customerList.maxSearchLength}
        // One history entry per search, not per pause.
        onSearch={(q) => change({ q }, { replace: true })}
      />
      <SelectField
        id="customer-type-filter"
        className="customer-list__filter"
        label={t('list.typeFilter')}
        value={query.type ?? ''}
        options={typeOptions}
        onChange={(value) => change({ type: isCustomerType(value) ? value : null })}
      />
      <SelectField
        id="customer-sort"
        className="customer-list__filter"
        label={t('list.sortLabel')}
        value={customerList.sortOptionOf(query)}
        options={sortOptions}
        onChange={(value) => change(customerList.sortOf(value))}
      />
      <p className="customer-list__count" role="status">
        {loading ? t('list.searching') : t(`list.count`, { count: total })}
      </p>
    </div>
  );
}
