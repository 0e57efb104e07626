import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@frilo/ui/empty-state';
import { LoadingIndicator } from '@frilo/ui/loading';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PagerNav } from '@frilo/ui/pager';
import { useLoad } from '../../../lib/use-load.ts';
import { SalaryPage } from '../../navigation/components/salary-page.tsx';
import { getBankDetails } from '../../bank-account/api/bank-account.ts';
import { SalaryAccountCard } from '../../bank-account/components/salary-account-card.tsx';
import { YearlyStatements } from '../../statements/components/yearly-statements.tsx';
import { getVacationPayBalance } from '../../vacation-pay/api/vacation-pay.ts';
import { VacationPayCard } from '../../vacation-pay/components/vacation-pay-card.tsx';
import { getPayoutSummary, listTransactions, type SalaryTransaction } from '../api/transactions.ts';
import { isFiltered, PAGE_SIZE, readQuery, writeQuery, type TransactionQuery } from '../state/transaction-query.ts';
import { PayoutSummaryCard } from './payout-summary-card.tsx';
import { TransactionDetailDialog } from './transaction-detail-dialog.tsx';
import { TransactionFilters } from './transaction-filters.tsx';
import { TransactionResults } from './transaction-results.tsx';

/** /dashboard/salaries/transactions: what can be paid out and when, the salary account, then every salary and payout. */
export function Transactions() {
  const { t } = useTranslation(NAMESPACE);
  const [search, setSearch] = useSearchParams();
  const query = readQuery(search);
  const setQuery = (next: TransactionQuery) => setSearch(writeQuery(next));
  const summary = useLoad((signal) => getPayoutSummary(signal), 'summary');
  const bank = useLoad((signal) => getBankDetails(signal), 'bank');
  const vacation = useLoad((signal) => getVacationPayBalance(signal), 'vacation-pay');
  const list = useLoad((signal) => listTransactions(query, signal), writeQuery(query).toString());
  const [open, setOpen] = useState<SalaryTransaction | null>(null);
  const [changes, setChanges] = useState(0);

  const page = list.data;
  return (
    <SalaryPage>
      <div className="salary-transactions">
        {summary.data ? (
          <PayoutSummaryCard
            summary={summary.data}
            onChanged={() => {
              summary.reload();
              vacation.reload();
              list.reload();
              setChanges((n) => n + 1);
            }}
          />
        ) : summary.failure ? (
          <LoadFailed failure={summary.failure} onRetry={summary.reload} />
        ) : null}
        {bank.data ? (
          <SalaryAccountCard details={bank.data} />
        ) : bank.failure ? (
          <LoadFailed failure={bank.failure} onRetry={bank.reload} />
        ) : null}
        {vacation.data && (
          <VacationPayCard
            balance={vacation.data}
            onChanged={() => {
              vacation.reload();
              summary.reload();
              list.reload();
              setChanges((n) => n + 1);
            }}
          />
        )}
        {vacation.failure && <LoadFailed failure={vacation.failure} onRetry={vacation.reload} />}
        <h2 className="salary-section-title">{t('list.title')}</h2>
        <TransactionFilters query={query} setQuery={setQuery} />
        {list.failure && <LoadFailed failure={list.failure} onRetry={list.reload} />}
        {!page && !list.failure && <LoadingIndicator />}
        {page && (
          <div aria-busy={list.loading} className={list.loading ? 'salary-results is-loading' : 'salary-results'}>
            {page.items.length === 0 ? (
              <EmptyState
                title={t(isFiltered(query) ? 'list.noMatches' : 'list.empty.title')}
                variant={isFiltered(query) ? 'answer' : 'invitation'}
              >
                <p>{t(isFiltered(query) ? 'list.noMatchesText' : 'list.empty.text')}</p>
              </EmptyState>
            ) : (
              <TransactionResults rows={page.items} onOpen={setOpen} />
            )}
            <PagerNav
              hideWhenOnePage
              page={query.page}
              pageSize={PAGE_SIZE}
              total={page.page.total}
              onPage={(n) => {
                setQuery({ ...query, page: n });
                window.scrollTo({ top: 0 });
              }}
            />
          </div>
        )}
        <YearlyStatements version={changes} />
      </div>
      <TransactionDetailDialog row={open} onClose={() => setOpen(null)} />
    </SalaryPage>
  );
}
