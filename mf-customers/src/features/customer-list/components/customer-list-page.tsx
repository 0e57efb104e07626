import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../../app/loading.tsx';
import { NAMESPACE } from '../../../app/namespace.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Icon } from '../../../components/icon.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { useMessage } from '../../../hooks/use-message.ts';
import { failureCode } from '../../../lib/api-result.ts';
import type { Customer } from '../../../lib/customer-types.ts';
import { formMessage } from '../../../lib/messages.ts';
import { DeleteCustomerDialog } from '../../customer-delete/components/delete-customer-dialog.tsx';
import { useCustomerPage } from '../hooks/use-customer-page.ts';
import { useListQuery } from '../hooks/use-list-query.ts';
import { changeListQuery, DEFAULT_QUERY, emptyKind, lastPage } from '../state/list-query.ts';
import { CustomerCards } from './customer-cards.tsx';
import { CustomerTable } from './customer-table.tsx';
import { CustomersEmptyState } from './customers-empty-state.tsx';
import { ListPagination } from './list-pagination.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { NoSearchResults } from './no-search-results.tsx';

/**
 * A table from the lg breakpoint; below it cards (docs/product/web-app.md#breakpoints: mobile is md; between md and lg the
 * sidebar leaves too little room for five columns).
 */
const WIDE = '(min-width: 992px)';

/** /dashboard/customers: search, filter, sort and page through the customers; delete one. */
export function CustomerListPage() {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const { query, setQuery } = useListQuery();
  const { page, answers, loading, failure, reload } = useCustomerPage(query);
  const wide = useMediaQuery(WIDE);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A page past the end (the last customer of the last page was deleted, an old link): show the last page.
  const total = page?.page.total ?? 0;
  const pastTheEnd = !loading && page !== null && answers !== null && page.items.length === 0 && total > 0;
  useEffect(() => {
    if (pastTheEnd && answers) setQuery({ ...answers, page: lastPage(total) }, { replace: true });
  }, [pastTheEnd, answers, total, setQuery]);

  const header = (showCreate = true) => (
    <header className="page-header">
      <div>
        <h1 ref={heading} tabIndex={-1}>
          {t('list.title')}
        </h1>
        <p>{t('list.lead')}</p>
      </div>
      {showCreate && (
        <Link to="/dashboard/customers/create" className="button button--primary">
          <Icon name="plus" size={18} />
          {t('list.create')}
        </Link>
      )}
    </header>
  );

  if (page === null || answers === null) {
    return (
      <div className="customer-list">
        {header()}
        {failure ? (
          <section className="message-card" role="alert">
            <h2>{t('list.loadFailed.title')}</h2>
            <p>{message(formMessage('list', failureCode(failure)))}</p>
            <button type="button" className="button button--primary" onClick={reload}>
              {t('list.loadFailed.retry')}
            </button>
          </section>
        ) : (
          <Loading />
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
        <FormAlert>
          <p>{message(formMessage('list', failureCode(failure)))}</p>
          <button type="button" className="button button--small" onClick={reload}>
            {t('list.loadFailed.retry')}
          </button>
        </FormAlert>
      )}
      <div className={loading ? 'customer-list__results is-loading' : 'customer-list__results'} aria-busy={loading}>
        {empty === 'no-results' ? (
          <NoSearchResults
            query={answers}
            onClearSearch={() => setQuery(changeListQuery(query, { q: '' }))}
            onClearType={() => setQuery(changeListQuery(query, { type: null }))}
            onClearAll={() => setQuery(DEFAULT_QUERY)}
          />
        ) : wide ? (
          <CustomerTable customers={page.items} sort={answers} onDelete={setDeleting} />
        ) : (
          <CustomerCards customers={page.items} onDelete={setDeleting} />
        )}
      </div>
      <ListPagination query={answers} total={total} />
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
