import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '@frilo/ui/icon';
import { SelectField } from '@frilo/ui/form/select-field';
import { CUSTOMER_TYPES, customerTypeKey, isCustomerType } from '../../../lib/customer-types.ts';
import {
  changeListQuery,
  MAX_SEARCH_LENGTH,
  SORT_OPTIONS,
  sortOf,
  sortOptionOf,
  type ListQuery,
} from '../state/list-query.ts';
import { TextField } from '@frilo/ui/form/text-field';
import * as icons from '@frilo/ui/icons';

/** How long typing pauses before the list follows the search box. */
const SEARCH_DELAY_MS = 300;

/** Search box, type filter, sort order and the number of customers found. */
export function ListToolbar({
  query,
  setQuery,
  total,
  loading,
}: {
  query: ListQuery;
  setQuery: (next: ListQuery, options?: { replace?: boolean }) => void;
  total: number;
  loading: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [draft, setDraft] = useState(query.q);
  // The search the URL has; when it changes from outside (back/forward), the box follows it.
  const shown = useRef(query.q);
  useEffect(() => {
    if (query.q === shown.current) return;
    shown.current = query.q;
    setDraft(query.q);
  }, [query.q]);

  // The list state when the timer fires, not when it was set (the type may have changed meanwhile).
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

  const typeOptions = [
    { value: '', label: t('list.allTypes') },
    ...CUSTOMER_TYPES.map((type) => ({ value: type, label: t(customerTypeKey(type)) })),
  ];
  const sortOptions = SORT_OPTIONS.map((option) => ({ value: option.value, label: t(`list.sort.${option.value}`) }));

  return (
    <div className="customer-list__toolbar">
      <form role="search" className="customer-list__search" onSubmit={onSubmit}>
        <TextField
          id="customer-search"
          className="customer-list__search-field"
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
        id="customer-type-filter"
        className="customer-list__filter"
        label={t('list.typeFilter')}
        value={query.type ?? ''}
        options={typeOptions}
        onChange={(value) => setQuery(changeListQuery(query, { type: isCustomerType(value) ? value : null }))}
      />
      <SelectField
        id="customer-sort"
        className="customer-list__filter"
        label={t('list.sortLabel')}
        value={sortOptionOf(query)}
        options={sortOptions}
        onChange={(value) => setQuery(changeListQuery(query, sortOf(value)))}
      />
      <p className="customer-list__count" role="status">
        {loading ? t('list.searching') : t(`list.count`, { count: total })}
      </p>
    </div>
  );
}
