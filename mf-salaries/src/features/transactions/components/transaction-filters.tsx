import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { DateField } from '@frilo/ui/form/date-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { NAMESPACE } from '../../../app/namespace.ts';
import {
  changeQuery,
  DEFAULT_QUERY,
  isFiltered,
  KINDS,
  STATUSES,
  type Kind,
  type Status,
  type TransactionQuery,
} from '../state/transaction-query.ts';

export function TransactionFilters({
  query,
  setQuery,
}: {
  query: TransactionQuery;
  setQuery: (query: TransactionQuery) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <form className="salary-filters" role="search" aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()}>
      <SelectField
        id="filter-kind"
        label={t('filters.kind')}
        value={query.kind ?? ''}
        onChange={(value) => setQuery(changeQuery(query, { kind: (value || null) as Kind | null }))}
        options={[
          { value: '', label: t('filters.allKinds') },
          ...KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) })),
        ]}
      />
      <SelectField
        id="filter-status"
        label={t('filters.status')}
        value={query.status ?? ''}
        onChange={(value) => setQuery(changeQuery(query, { status: (value || null) as Status | null }))}
        options={[
          { value: '', label: t('filters.allStatuses') },
          ...STATUSES.map((status) => ({ value: status, label: t(`statusFilter.${status}`) })),
        ]}
      />
      <DateField
        id="filter-from"
        label={t('filters.from')}
        optional
        value={query.dateFrom ?? ''}
        max={query.dateTo ?? undefined}
        onChange={(value) => setQuery(changeQuery(query, { dateFrom: value || null }))}
      />
      <DateField
        id="filter-to"
        label={t('filters.to')}
        optional
        value={query.dateTo ?? ''}
        min={query.dateFrom ?? undefined}
        onChange={(value) => setQuery(changeQuery(query, { dateTo: value || null }))}
      />
      {isFiltered(query) && (
        <Button size="small" className="salary-filters__clear" onClick={() => setQuery(DEFAULT_QUERY)}>
          {t('filters.clear')}
        </Button>
      )}
    </form>
  );
}
