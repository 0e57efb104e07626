import { useTranslation } from 'react-i18next';
import { belowBreakpoint, type Breakpoint } from '@frilo/ui/breakpoints';
import { SelectField } from '@frilo/ui/form/select-field';
import { useMediaQuery } from '@frilo/ui/use-media-query';
import { NAMESPACE } from '../../app/namespace.ts';
import type { ListQuery } from './list-query.ts';

/** Where the list shows cards (no column headers to click), the sort is a choice above it. */
export function SortSelect<S extends string>({
  sorts,
  query,
  onChange,
  label,
  cardsBelow,
}: {
  sorts: readonly S[];
  query: ListQuery<S>;
  onChange: (query: ListQuery<S>) => void;
  label: (column: S) => string;
  cardsBelow: Breakpoint;
}) {
  const { t } = useTranslation(NAMESPACE);
  const narrow = useMediaQuery(belowBreakpoint(cardsBelow));
  if (!narrow) return null;
  return (
    <SelectField
      id="legacy-sort"
      className="legacy-sort"
      label={t('sort.label')}
      value={`${query.sort}:${query.order}`}
      onChange={(value) => {
        const [sort, order] = value.split(':') as [S, 'asc' | 'desc'];
        onChange({ sort, order, page: 1 });
      }}
      options={sorts.flatMap((column) => [
        { value: `${column}:desc`, label: t('sort.desc', { column: label(column) }) },
        { value: `${column}:asc`, label: t('sort.asc', { column: label(column) }) },
      ])}
    />
  );
}
