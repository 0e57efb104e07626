// Previous / next for a paged list, with where you are ("21–40 of 45"). The list keeps its page in its own state
// or URL; this only asks for another one.
import { Button } from '../button/button.tsx';
import { Icon } from '../icon/icon.tsx';
import { chevronLeft, chevronRight } from '../icon/icons.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import { pageRange } from './pager.ts';
import styles from './pager.module.css';

export function PagerNav({
  page,
  pageSize,
  total,
  onPage,
  hideWhenOnePage = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Nothing when one page holds everything (where the list says its count elsewhere). */
  hideWhenOnePage?: boolean;
}) {
  const text = useUiText();
  const { from, until, last } = pageRange(page, pageSize, total);
  if (total === 0 || (hideWhenOnePage && last <= 1)) return null;
  const current = Math.min(page, last);
  return (
    <nav className={styles.pager} aria-label={text('pager.label')}>
      <Button size="small" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        <Icon icon={chevronLeft} size={16} />
        {text('pager.previous')}
      </Button>
      <p className={styles.range} aria-live="polite">
        {text('pager.range', { from, until, total })}
      </p>
      <Button size="small" disabled={current >= last} onClick={() => onPage(current + 1)}>
        {text('pager.next')}
        <Icon icon={chevronRight} size={16} />
      </Button>
    </nav>
  );
}

/** A column header that sorts the list by its column (click again to turn the order around). */
export function SortButton({
  label,
  active,
  order,
  onSort,
}: {
  label: string;
  active: boolean;
  order: 'asc' | 'desc';
  onSort: () => void;
}) {
  const arrow = active ? (order === 'asc' ? '↑' : '↓') : '↕';
  return (
    <button type="button" className={styles.sort} onClick={onSort}>
      {label}
      <span aria-hidden="true" className={active ? styles.arrowActive : styles.arrow}>
        {arrow}
      </span>
    </button>
  );
}
