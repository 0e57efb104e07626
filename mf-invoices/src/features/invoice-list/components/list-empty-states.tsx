import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@frilo/ui/button';
import { EmptyState } from '@frilo/ui/empty-state';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { NoResults } from '@frilo/ui/list/paged-list';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { ListQuery } from '../state/list-query.ts';

/** A new user's list: what will be here, and one clear way to the first invoice. */
export function InvoicesEmptyState() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <EmptyState
      titleId="invoices-empty-title"
      title={t('list.empty.title')}
      icon={icons.invoice}
      actions={
        <Link to="/quotations/create" className={buttonClass({ variant: 'primary' })}>
          <Icon icon={icons.plus} size={18} />
          {t('list.empty.create')}
        </Link>
      }
    >
      <p>{t('list.empty.text')}</p>
    </EmptyState>
  );
}

/** The no-search-results message: what was looked for, and the way back to every invoice. */
export function NoSearchResults({
  query,
  onClearSearch,
  onClearAll,
}: {
  query: ListQuery;
  onClearSearch: () => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const filtered = Boolean(query.status || query.customerId || query.dateFrom || query.dateTo);
  const text = query.q
    ? filtered
      ? t('list.noResults.textSearchAndFilters', { q: query.q })
      : t('list.noResults.textSearch', { q: query.q })
    : t('list.noResults.textFilters');
  return (
    <NoResults
      titleId="invoices-no-results-title"
      title={t('list.noResults.title')}
      actions={
        <>
          {query.q && filtered && <Button onClick={onClearSearch}>{t('list.noResults.clearSearch')}</Button>}
          <Button onClick={onClearAll}>{t('list.noResults.clearAll')}</Button>
        </>
      }
    >
      <p>{text}</p>
      <p>{t('list.noResults.tip')}</p>
    </NoResults>
  );
}
