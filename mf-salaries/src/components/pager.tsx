import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { NAMESPACE } from '../app/namespace.ts';

/** Previous / next for a paged list, with where you are. Nothing when everything fits one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const until = Math.min(page * pageSize, total);
  return (
    <nav className="salary-pager" aria-label={t('pager.label')}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <p>{t('pager.range', { from, until, total })}</p>
      <Button size="small" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
