import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@frilo/ui/button';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { components } from '@frilo/openapi/client';
import { neighbourPage } from '@frilo/ui/page-cursors';
import { lastPage, listQueryToSearch, PAGE_SIZE, type ListQuery } from '../state/list-query.ts';

type PageInfo = components['schemas']['Page'];

/** Previous and next as links (so they are URLs: back, reload, open in a new tab), and where you are. */
export function ListPagination({ query, page: answer }: { query: ListQuery; page: PageInfo }) {
  const total = answer.total;
  const { t } = useTranslation(NAMESPACE);
  const last = lastPage(total);
  if (last <= 1) return null;
  const page = Math.min(query.page, last);
  // The neighbours by the API's cursors (found on the index however far down), by number where it gave none.
  const to = (n: number) => ({
    pathname: '/dashboard/invoices',
    search: listQueryToSearch(neighbourPage({ ...query, page }, n, answer)),
  });
  const from = (page - 1) * PAGE_SIZE + 1;
  const until = Math.min(page * PAGE_SIZE, total);
  // The new page starts at its top, not where the old one was scrolled to.
  const toTop = () => window.scrollTo({ top: 0 });
  const step = (n: number, rel: 'prev' | 'next') => {
    const content =
      rel === 'prev' ? (
        <>
          <Icon icon={icons.chevronLeft} size={16} />
          {t('list.pagination.previous')}
        </>
      ) : (
        <>
          {t('list.pagination.next')}
          <Icon icon={icons.chevronRight} size={16} />
        </>
      );
    return n >= 1 && n <= last ? (
      <Link to={to(n)} className={buttonClass({ size: 'small' })} rel={rel} onClick={toTop}>
        {content}
      </Link>
    ) : (
      // No "unavailable" button: the kit's greyed look fails colour contrast (axe), and there is nothing to press.
      <span className="invoice-list__page-gap" />
    );
  };
  return (
    <nav className="invoice-list__pagination" aria-label={t('list.pagination.label')}>
      {step(page - 1, 'prev')}
      <p className="invoice-list__range">{t('list.pagination.range', { from, until, total, page, last })}</p>
      {step(page + 1, 'next')}
    </nav>
  );
}
