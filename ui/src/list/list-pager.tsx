// Previous and next of a list whose state is in its URL: links (so back, reload and "open in a new tab" work), by
// the API's cursor where it gave one, and where you are ("21–40 of 45 · page 2 of 3"). Nothing when one page holds
// everything. (`PagerNav` is the same for a list that keeps its page in its own state.)
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../button/button.tsx';
import { Icon } from '../icon/icon.tsx';
import { chevronLeft, chevronRight } from '../icon/icons.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import { pageRange } from '../table/pager.ts';
import type { FilterValues, ListDefinition, ListQuery } from './list-query.ts';
import { neighbourSearches, type PageInfo } from './list-view.ts';
import styles from '../table/pager.module.css';

export function ListPager<F extends FilterValues, S extends string>({
  definition,
  answers,
  page: answer,
  label,
}: {
  definition: ListDefinition<F, S>;
  /** The query the page shown answers. */
  answers: ListQuery<F, S>;
  page: PageInfo;
  /** The navigation's name for screen readers (the kit's "Pages" by default). */
  label?: string;
}) {
  const text = useUiText();
  const { pathname } = useLocation();
  const { page, last, previous, next } = neighbourSearches(definition, answers, answer);
  if (last <= 1) return null;
  const { from, until } = pageRange(page, definition.pageSize, answer.total);
  // The new page starts at its top, not where the old one was scrolled to.
  const toTop = () => window.scrollTo({ top: 0 });
  return (
    <nav className={styles.pager} aria-label={label ?? text('pager.label')}>
      {previous === null ? (
        <span className={styles.gap} />
      ) : (
        <Link to={{ pathname, search: previous }} className={buttonClass({ size: 'small' })} rel="prev" onClick={toTop}>
          <Icon icon={chevronLeft} size={16} />
          {text('pager.previous')}
        </Link>
      )}
      <p className={styles.range}>
        {text('pager.range', { from, until, total: answer.total })}
        <span className={styles.pageOf}> · {text('pager.page', { page, last })}</span>
      </p>
      {next === null ? (
        <span className={styles.gap} />
      ) : (
        <Link to={{ pathname, search: next }} className={buttonClass({ size: 'small' })} rel="next" onClick={toTop}>
          {text('pager.next')}
          <Icon icon={chevronRight} size={16} />
        </Link>
      )}
    </nav>
  );
}
