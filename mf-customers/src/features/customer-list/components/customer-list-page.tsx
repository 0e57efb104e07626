import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingIndicator } from '@frilo/ui/loading';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Alert } from '@frilo/ui/alert';
import { Icon } from '@frilo/ui/icon';
import { useMessage } from '@frilo/ui/form/use-message';
import { failureCode } from '@frilo/ui/form/api-result';
import type { Customer } from '../../../lib/customer-types.ts';
import { formMessage } from '../../../lib/messages.ts';
import { DeleteCustomerDialog } from '../../customer-delete/components/delete-customer-dialog.tsx';
import { useCustomerPage } from '../hooks/use-customer-page.ts';
import { useListQuery } from '../hooks/use-list-query.ts';
import { withoutCursor } from '@frilo/ui/page-cursors';
import { changeListQuery, DEFAULT_QUERY, emptyKind, lastPage } from '../state/list-query.ts';
import { CustomerResults } from './customer-results.tsx';
import { CustomersEmptyState } from './customers-empty-state.tsx';
import { ListPagination } from './list-pagination.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { NoSearchResults } from './no-search-results.tsx';
import { Button, buttonClass } from '@frilo/ui/button';
import { MessageCard } from '@frilo/ui/message-card';
import { PageHeader } from '@frilo/ui/page-header';
import * as icons from '@frilo/ui/icons';

/** /dashboard/customers: search, filter, sort and page through the customers; delete one. */
export function CustomerListPage() {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const { query, setQuery } = useListQuery();
  const { page, answers, loading, failure, reload } = useCustomerPage(query);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A page past the end (the last customer of the last page was deleted, an old link): show the last page.
  const total = page?.page.total ?? 0;
  const pastTheEnd = !loading && page !== null && answers !== null && page.items.length === 0 && total > 0;
  useEffect(() => {
    if (pastTheEnd && answers) setQuery({ ...withoutCursor(answers), page: lastPage(total) }, { replace: true });
  }, [pastTheEnd, answers, total, setQuery]);

  const header = (showCreate = true) => (
    <PageHeader
      actions={
        showCreate && (
          <Link to="/dashboard/customers/create" className={buttonClass({ variant: 'primary' })}>
            <Icon icon={icons.plus} size={18} />
            {t('list.create')}
          </Link>
        )
      }
    >
      <h1 ref={heading} tabIndex={-1}>
        {t('list.title')}
      </h1>
      <p>{t('list.lead')}</p>
    </PageHeader>
  );

  if (page === null || answers === null) {
    return (
      <div className="customer-list">
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
            <p>{message(formMessage('list', failureCode(failure)))}</p>
          </MessageCard>
        ) : (
          <LoadingIndicator />
        )}
      </div>
    );
  }

  const empty = page.items.length === 0 ? emptyKind(answers, total) : null;
  if (empty === 'new-user' && !query.q && !query.type) {
    return (
      <div className="customer-list">
        {/* One clear call to action: the empty state's. */}
        {header(false)}
        <CustomersEmptyState />
      </div>
    );
  }

  return (
    <div className="customer-list">
      {header()}
      <ListToolbar query={query} setQuery={setQuery} total={total} loading={loading} />
      {failure && (
        <Alert>
          <p>{message(formMessage('list', failureCode(failure)))}</p>
          <Button size="small" onClick={reload}>
            {t('list.loadFailed.retry')}
          </Button>
        </Alert>
      )}
      <div className={loading ? 'customer-list__results is-loading' : 'customer-list__results'} aria-busy={loading}>
        {empty === 'no-results' ? (
          <NoSearchResults
            query={answers}
            onClearSearch={() => setQuery(changeListQuery(query, { q: '' }))}
            onClearType={() => setQuery(changeListQuery(query, { type: null }))}
            onClearAll={() => setQuery(DEFAULT_QUERY)}
          />
        ) : (
          <CustomerResults customers={page.items} sort={answers} onDelete={setDeleting} />
        )}
      </div>
      <ListPagination query={answers} page={page.page} />
      <DeleteCustomerDialog
        customer={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          reload();
        }}
        returnFocusTo={() => heading.current}
      />
    </div>
  );
}
