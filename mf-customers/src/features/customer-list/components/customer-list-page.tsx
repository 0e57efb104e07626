import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { useMessage } from '@frilo/ui/form/use-message';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { PagedList } from '@frilo/ui/list/paged-list';
import { usePagedList } from '@frilo/ui/list/use-paged-list';
import { PageHeader } from '@frilo/ui/page-header';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { Customer } from '../../../lib/customer-types.ts';
import { formMessage } from '../../../lib/messages.ts';
import { DeleteCustomerDialog } from '../../customer-delete/components/delete-customer-dialog.tsx';
import { listCustomers } from '../api/list-customers.ts';
import { customerList } from '../state/list-query.ts';
import { CustomerResults } from './customer-results.tsx';
import { CustomersEmptyState } from './customers-empty-state.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { NoSearchResults } from './no-search-results.tsx';

/** /dashboard/customers: search, filter, sort and page through the customers; delete one. */
export function CustomerListPage() {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const list = usePagedList(customerList, listCustomers);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <PagedList
        list={list}
        className="customer-list"
        resultsClassName="customer-list__results"
        header={(withActions) => (
          <PageHeader
            actions={
              withActions && (
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
        )}
        toolbar={<ListToolbar list={list} total={list.total} loading={list.loading} />}
        failedTitle={t('list.loadFailed.title')}
        failureText={(failure) => message(formMessage('list', failureCode(failure)))}
        pagerLabel={t('list.pagination.label')}
        emptyState={<CustomersEmptyState />}
        noResults={(answers) => (
          <NoSearchResults
            query={answers}
            onClearSearch={() => list.change({ q: '' })}
            onClearType={() => list.change({ type: null })}
            onClearAll={() => list.setQuery(customerList.defaults)}
          />
        )}
        rows={(customers, answers) => <CustomerResults customers={customers} sort={answers} onDelete={setDeleting} />}
      />
      <DeleteCustomerDialog
        customer={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          list.reload();
        }}
        returnFocusTo={() => heading.current}
      />
    </>
  );
}
