import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { PagedList } from '@frilo/ui/list/paged-list';
import { usePagedList } from '@frilo/ui/list/use-paged-list';
import { PageHeader } from '@frilo/ui/page-header';
import { NAMESPACE } from '../../../app/namespace.ts';
import { listInvoices } from '../api/list-invoices.ts';
import { useCustomerOptions } from '../hooks/use-customer-options.ts';
import { invoiceList } from '../state/list-query.ts';
import { InvoiceResults } from './invoice-results.tsx';
import { InvoicesEmptyState, NoSearchResults } from './list-empty-states.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import '../invoice-list.css';

/** /dashboard/invoices: search, filter, sort and page through the invoices; each opens its page. */
export function InvoiceList() {
  const { t } = useTranslation(NAMESPACE);
  const list = usePagedList(invoiceList, listInvoices);
  const customers = useCustomerOptions();

  return (
    <PagedList
      list={list}
      className="invoice-list"
      resultsClassName="invoice-list__results"
      header={(withActions) => (
        <PageHeader
          actions={
            withActions && (
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
      )}
      toolbar={<ListToolbar list={list} customers={customers} total={list.total} loading={list.loading} />}
      failedTitle={t('list.loadFailed.title')}
      failureText={(failure) => t(`list.loadFailed.${failureCode(failure) === 'network' ? 'network' : 'generic'}`)}
      emptyState={<InvoicesEmptyState />}
      noResults={(answers) => (
        <NoSearchResults
          query={answers}
          onClearSearch={() => list.change({ q: '' })}
          onClearAll={() => list.setQuery(invoiceList.defaults)}
        />
      )}
      rows={(invoices, answers) => <InvoiceResults invoices={invoices} sort={answers} />}
    />
  );
}
