import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '@frilo/ui/icon';
import type { components } from '@frilo/openapi/client';
import { neighbourPage } from '@frilo/ui/page-cursors';
import { lastPage, listQueryToSearch, PAGE_SIZE, type ListQuery } from '../state/list-query.ts';

type PageInfo = components['schemas']['Page'];
import { buttonClass } from '@frilo/ui/button';
import * as icons from '@frilo/ui/icons';

/** Previous and next as links (so they are URLs: back, reload, open in a new tab), and where you are. */
export function ListPagination({ query, page: answer }: { query: ListQuery; page: PageInfo }) {
  const total = answer.total;
  const { t } = useTranslation(NAMESPACE);
  const last = lastPage(total);
  if (last <= 1) return null;
  const page = Math.min(query.page, last);
  // The neighbours by the API's cursors (found on the index however far down), by number where it gave none.
  const to = (n: number) => ({
    pathname: '/dashboard/customers',
    search: listQueryToSearch(neighbourPage({ ...query, page }, n, answer)),
  });
  const from = (page - 1) * PAGE_SIZE + 1;
  const until = Math.min(page * PAGE_SIZE, total);
  // The new page starts at its top, not where the old one was scrolled to.
  const toTop = () => window.scrollTo({ top: 0 });
  return (
    <nav className="customer-list__pagination" aria-label={t('list.pagination.label')}>
      {page > 1 ? (
        <Link to={to(page - 1)} className={buttonClass({ size: 'small' })} rel="prev" onClick={toTop}>
          <Icon icon={icons.chevronLeft} size={16} />
          {t('list.pagination.previous')}
        </Link>
      ) : (
        <span className={buttonClass({ size: 'small', unavailable: true })} aria-hidden="true">
          <Icon icon={icons.chevronLeft} size={16} />
          {t('list.pagination.previous')}
        </span>
      )}
      <p className="customer-list__range">
        {t('list.pagination.range', { from, until, total })}
        <span className="customer-list__page"> · {t('list.pagination.page', { page, last })}</span>
      </p>
      {page < last ? (
        <Link to={to(page + 1)} className={buttonClass({ size: 'small' })} rel="next" onClick={toTop}>
          {t('list.pagination.next')}
          <Icon icon={icons.chevronRight} size={16} />
        </Link>
      ) : (
        <span className={buttonClass({ size: 'small', unavailable: true })} aria-hidden="true">
          {t('list.pagination.next')}
          <Icon icon={icons.chevronRight} size={16} />
        </span>
      )}
    </nav>
  );
}
