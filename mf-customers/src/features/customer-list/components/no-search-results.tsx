import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { NoResults } from '@frilo/ui/list/paged-list';
import { NAMESPACE } from '../../../app/namespace.ts';
import { customerTypeKey } from '../../../lib/customer-types.ts';
import type { ListQuery } from '../state/list-query.ts';

/** The no-search-results message (docs/product/web-app.md#dialogs): what was looked for, and the way back to every customer. */
export function NoSearchResults({
  query,
  onClearSearch,
  onClearType,
  onClearAll,
}: {
  query: ListQuery;
  onClearSearch: () => void;
  onClearType: () => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const type = query.type ? t(customerTypeKey(query.type)) : '';
  const text = query.q
    ? query.type
      ? t('list.noResults.textSearchAndType', { q: query.q, type })
      : t('list.noResults.textSearch', { q: query.q })
    : t('list.noResults.textType', { type });
  return (
    <NoResults
      className="customers-empty-state"
      titleId="customers-no-results-title"
      title={t('list.noResults.title')}
      actions={
        query.q && query.type ? (
          <Button onClick={onClearAll}>{t('list.noResults.clearAll')}</Button>
        ) : query.q ? (
          <Button onClick={onClearSearch}>{t('list.noResults.clearSearch')}</Button>
        ) : (
          <Button onClick={onClearType}>{t('list.noResults.clearType')}</Button>
        )
      }
    >
      <p>{text}</p>
      <p className="customers-no-results__tip">{t('list.noResults.tip')}</p>
    </NoResults>
  );
}
