import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@frilo/ui/alert';
import { Button, buttonClass } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { LoadingIndicator } from '@frilo/ui/loading';
import { MessageCard } from '@frilo/ui/message-card';
import { PageHeader } from '@frilo/ui/page-header';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useCustomerOptions, useInvoicePage } from '../hooks/use-invoice-page.ts';
import { useListQuery } from '../hooks/use-list-query.ts';
import { withoutCursor } from '@frilo/ui/page-cursors';
import { changeListQuery, DEFAULT_QUERY, emptyKind, lastPage } from '../state/list-query.ts';
import { InvoiceResults } from './invoice-results.tsx';
import { InvoicesEmptyState, NoSearchResults } from './list-empty-states.tsx';
import { ListPagination } from './list-pagination.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import '../invoice-list.css';

/** /dashboard/invoices: search, filter, sort and page through the invoices; each opens its page. */
export function InvoiceList() {
  const { t } = useTranslation(NAMESPACE);
  const { query, setQuery } = useListQuery();
  const { page, answers, loading, failure, reload } = useInvoicePage(query);
  const customers = useCustomerOptions();

  // A page past the end (an old link): show the last page.
  const total = page?.page.total ?? 0;
  const pastTheEnd = !loading && page !== null && answers !== null && page.items.length === 0 && total > 0;
  useEffect(() => {
    if (pastTheEnd && answers) setQuery({ ...withoutCursor(answers), page: lastPage(total) }, { replace: true });
  }, [pastTheEnd, answers, total, setQuery]);

  const loadFailed = failure && (
    <p>{t(`list.loadFailed.${failureCode(failure) === 'network' ? 'network' : 'generic'}`)}</p>
  );

  const header = (showCreate = true) => (
    <PageHeader
      actions={
        showCreate && (
          <Link to="/quotations/create" className={buttonClass({ variant: 'primary' })}>
            <Icon icon={icons.plus} size={18} />
            {t('list.create')}
          </Link>
        )
      }
    >
      <h1>{t('list.title')}</h1>
      <p>{t('list.lead')}</p>
    </PageHeader>
  );

  if (page === null || answers === null) {
    return (
      <div className="invoice-list">
        {header()}
        {failure ? (
          <MessageCard
            role="alert"
            headingLevel={2}
            title={t('list.loadFailed.title')}
            actions={
              <Button variant="primary" onClick={reload}>
                {t('list.loadFailed.retry')}
              </Button>
            }
          >
            {loadFailed}
          </MessageCard>
        ) : (
          <LoadingIndicator />
        )}
      </div>
    );
  }

  const empty = page.items.length === 0 ? emptyKind(answers, total) : null;
  if (empty === 'new-user' && emptyKind(query, 0) === 'new-user') {
    return (
      <div className="invoice-list">
        {/* One clear call to action: the empty state's. */}
        {header(false)}
        <InvoicesEmptyState />
      </div>
    );
  }

  return (
    <div className="invoice-list">
      {header()}
      <ListToolbar query={query} setQuery={setQuery} customers={customers} total={total} loading={loading} />
      {failure && (
        <Alert>
          {loadFailed}
          <Button size="small" onClick={reload}>
            {t('list.loadFailed.retry')}
          </Button>
        </Alert>
      )}
      <div className={loading ? 'invoice-list__results is-loading' : 'invoice-list__results'} aria-busy={loading}>
        {empty === 'no-results' ? (
          <NoSearchResults
            query={answers}
            onClearSearch={() => setQuery(changeListQuery(query, { q: '' }))}
            onClearAll={() => setQuery(DEFAULT_QUERY)}
          />
        ) : (
          <InvoiceResults invoices={page.items} sort={answers} />
        )}
      </div>
      <ListPagination query={answers} page={page.page} />
    </div>
  );
}
