import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '../../../components/icon.tsx';
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
    <section className="customers-no-results" aria-labelledby="customers-no-results-title">
      <span className="customers-empty__icon" aria-hidden="true">
        <Icon name="search" size={26} />
      </span>
      <h2 id="customers-no-results-title">{t('list.noResults.title')}</h2>
      <p>{text}</p>
      <p className="customers-no-results__tip">{t('list.noResults.tip')}</p>
      <div className="customers-no-results__actions">
        {query.q && query.type ? (
          <button type="button" className="button" onClick={onClearAll}>
            {t('list.noResults.clearAll')}
          </button>
        ) : query.q ? (
          <button type="button" className="button" onClick={onClearSearch}>
            {t('list.noResults.clearSearch')}
          </button>
        ) : (
          <button type="button" className="button" onClick={onClearType}>
            {t('list.noResults.clearType')}
          </button>
        )}
      </div>
    </section>
  );
}
