// The frame of a paged list screen, the same for every list: its header, then while the first page loads a
// loading state (or why it failed, with a retry); for a new user the invitation alone; otherwise the toolbar, a
// failure to load the next page above the one still shown, the rows or the no-results answer, and the pager.
// The list brings its texts, its toolbar, its rows and its two empty states (`EmptyState`, `NoResults`).
import type { ReactNode } from 'react';
import { Alert } from '../alert/alert.tsx';
import { Button } from '../button/button.tsx';
import { cx } from '../class-names.ts';
import { EmptyState } from '../empty-state/empty-state.tsx';
import { failureCode, type ApiFailure } from '../form/api-result.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import { search } from '../icon/icons.ts';
import { LoadingIndicator } from '../loading/loading-indicator.tsx';
import { MessageCard } from '../message-card/message-card.tsx';
import { ListPager } from './list-pager.tsx';
import type { FilterValues, ListQuery } from './list-query.ts';
import type { PagedListState } from './use-paged-list.ts';
import styles from './list.module.css';

export function PagedList<T, F extends FilterValues, S extends string>({
  list,
  className,
  header,
  toolbar,
  emptyState,
  noResults,
  rows,
  resultsClassName,
  failedTitle,
  failureText,
  pagerLabel,
}: {
  list: PagedListState<T, F, S>;
  /** The screen's outer element. */
  className?: string;
  /** The page header; `withActions` is false on a new user's list, whose one call to action is the invitation's. */
  header: (withActions: boolean) => ReactNode;
  toolbar: ReactNode;
  /** A new user's list: what would be here and the way to the first one. */
  emptyState: ReactNode;
  /** A search or filter that found nothing, for the query the (empty) page answers. */
  noResults: (answers: ListQuery<F, S>) => ReactNode;
  rows: (items: T[], answers: ListQuery<F, S>) => ReactNode;
  /** On the element around the rows (which dims while the next page loads). */
  resultsClassName?: string;
  /** "Your customers could not be loaded" (the kit's "This could not be loaded" by default). */
  failedTitle?: string;
  /** Why a page did not arrive (the kit's wording of a dead network or another failure by default). */
  failureText?: (failure: ApiFailure) => ReactNode;
  pagerLabel?: string;
}) {
  const text = useUiText();
  const { view, answered, failure, loading, reload, definition } = list;
  const why = (failed: ApiFailure) =>
    failureText
      ? failureText(failed)
      : text(failureCode(failed) === 'network' ? 'loadFailed.network' : 'loadFailed.generic');

  if (view === 'pending' || !answered) {
    return (
      <div className={className}>
        {header(true)}
        {failure ? (
          <MessageCard
            role="alert"
            headingLevel={2}
            title={failedTitle ?? text('loadFailed.title')}
            actions={
              <Button variant="primary" onClick={reload}>
                {text('loadFailed.retry')}
              </Button>
            }
          >
            <p>{why(failure)}</p>
          </MessageCard>
        ) : (
          <LoadingIndicator />
        )}
      </div>
    );
  }

  if (view === 'new-user') {
    return (
      <div className={className}>
        {header(false)}
        {emptyState}
      </div>
    );
  }

  const { result, answers } = answered;
  return (
    <div className={className}>
      {header(true)}
      {toolbar}
      {failure && (
        <Alert>
          <p>{why(failure)}</p>
          <Button size="small" onClick={reload}>
            {text('loadFailed.retry')}
          </Button>
        </Alert>
      )}
      <div className={cx(styles.results, loading && styles.loading, resultsClassName)} aria-busy={loading}>
        {view === 'no-results' ? noResults(answers) : rows(result.items, answers)}
      </div>
      <ListPager
        definition={definition}
        answers={answers}
        page={result.page}
        {...(pagerLabel ? { label: pagerLabel } : {})}
      />
    </div>
  );
}

/**
 * A search or filter that found nothing (docs/product/web-app.md#dialogs): what was looked for, a tip, and the ways
 * back (clear the search, show everything).
 */
export function NoResults({
  title,
  titleId,
  children,
  actions,
  className,
}: {
  title: ReactNode;
  titleId?: string;
  /** What was looked for, and a tip. */
  children: ReactNode;
  actions: ReactNode;
  className?: string;
}) {
  return (
    <EmptyState
      variant="answer"
      icon={search}
      iconSize={26}
      title={title}
      actions={actions}
      {...(titleId ? { titleId } : {})}
      {...(className ? { className } : {})}
    >
      {children}
    </EmptyState>
  );
}
