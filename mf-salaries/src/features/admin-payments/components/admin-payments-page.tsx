import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Card } from '@frilo/ui/card';
import { CheckboxField } from '@frilo/ui/form/checkbox-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { TextField } from '@frilo/ui/form/text-field';
import { LoadingIndicator } from '@frilo/ui/loading';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PagerNav } from '@frilo/ui/pager';
import { formatSek as sek } from '@frilo/ui/money';
import { useLoad } from '../../../lib/use-load.ts';
import { AdminPage } from '../../admin-shared/components/admin-page.tsx';
import { FileUpload } from '../../admin-shared/components/file-upload.tsx';
import {
  importBgMax,
  listPayments,
  PAYMENTS_PAGE_SIZE,
  type BgMaxImport,
  type IncomingPayment,
  type PaymentQuery,
} from '../api/payments.ts';
import { MatchDialog } from './match-dialog.tsx';
import { PaymentsTable } from './payments-table.tsx';
import { RegisterPaymentForm } from './register-payment-form.tsx';

/** /admin/payments: a BgMax file in and what it matched, the payments waiting for an admin, payments by hand, all payments. */
export function AdminPaymentsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AdminPage title={t('admin.payments.title')} lead={t('admin.payments.lead')}>
      <AdminPayments />
    </AdminPage>
  );
}

function AdminPayments() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [imported, setImported] = useState<BgMaxImport | null>(null);
  const [matching, setMatching] = useState<IncomingPayment | null>(null);
  const [matched, setMatched] = useState<IncomingPayment | null>(null);
  const [unmatchedPage, setUnmatchedPage] = useState(1);
  const [query, setQuery] = useState<PaymentQuery>({ status: null, overpaid: false, q: '', page: 1 });
  const unmatchedQuery: PaymentQuery = { status: 'unmatched', overpaid: false, q: '', page: unmatchedPage };
  const unmatched = useLoad((signal) => listPayments(unmatchedQuery, signal), JSON.stringify(unmatchedQuery));
  const all = useLoad((signal) => listPayments(query, signal), JSON.stringify(query));
  const refresh = () => {
    unmatched.reload();
    all.reload();
  };

  return (
    <div className="salary-admin__sections">
      <Card labelledBy="bgmax-title">
        <h2 id="bgmax-title">{t('admin.payments.import.title')}</h2>
        <FileUpload
          label={t('admin.payments.import.label')}
          hint={t('admin.payments.import.hint')}
          accept=".txt,.bgmax,.bgm,text/plain"
          button={t('admin.payments.import.button')}
          scope="bgmax"
          onStart={() => setImported(null)}
          upload={importBgMax}
          onDone={(result) => {
            setImported(result);
            refresh();
          }}
        />
        {imported && (
          <div className="salary-admin__result" data-testid="bgmax-result">
            <Alert kind={imported.duplicate ? 'info' : 'success'}>
              <p>
                {t(imported.duplicate ? 'admin.payments.import.duplicate' : 'admin.payments.import.done', {
                  file: imported.fileName,
                  count: imported.counts.payments,
                  total: sek(imported.totalAmount, locale),
                })}
              </p>
              <p>
                {t('admin.payments.import.counts', {
                  paid: imported.counts.paid,
                  partly: imported.counts.partiallyPaid,
                  overpaid: imported.counts.overpaid,
                  unmatched: imported.counts.unmatched,
                  already: imported.counts.alreadyBooked,
                })}
              </p>
            </Alert>
            {imported.payments.length > 0 && (
              <PaymentsTable
                caption={t('admin.payments.import.caption')}
                payments={imported.payments}
                onMatch={setMatching}
              />
            )}
          </div>
        )}
      </Card>

      <Card labelledBy="unmatched-title">
        <h2 id="unmatched-title">{t('admin.payments.unmatched.title')}</h2>
        <p className="salary-muted">{t('admin.payments.unmatched.lead')}</p>
        {matched && (
          <Alert kind="success">
            <p>{t('admin.payments.unmatched.matched', { number: matched.invoice?.number ?? '–' })}</p>
          </Alert>
        )}
        {unmatched.failure && <LoadFailed failure={unmatched.failure} onRetry={unmatched.reload} />}
        {!unmatched.data && !unmatched.failure && <LoadingIndicator />}
        {unmatched.data &&
          (unmatched.data.items.length === 0 ? (
            <p>{t('admin.payments.unmatched.none')}</p>
          ) : (
            <>
              <PaymentsTable
                caption={t('admin.payments.unmatched.title')}
                payments={unmatched.data.items}
                onMatch={setMatching}
              />
              <PagerNav
                hideWhenOnePage
                page={unmatchedPage}
                pageSize={PAYMENTS_PAGE_SIZE}
                total={unmatched.data.page.total}
                onPage={setUnmatchedPage}
              />
            </>
          ))}
      </Card>

      <Card labelledBy="register-title">
        <h2 id="register-title">{t('admin.payments.register.title')}</h2>
        <p className="salary-muted">{t('admin.payments.register.lead')}</p>
        <RegisterPaymentForm onRegistered={refresh} />
      </Card>

      <Card labelledBy="all-payments-title">
        <h2 id="all-payments-title">{t('admin.payments.all.title')}</h2>
        <form
          className="salary-filters"
          role="search"
          aria-label={t('admin.payments.all.filters')}
          onSubmit={(e) => e.preventDefault()}
        >
          <TextField
            id="payments-q"
            type="search"
            label={t('admin.payments.all.search')}
            value={query.q}
            onChange={(q) => setQuery({ ...query, q, page: 1 })}
            maxLength={100}
          />
          <SelectField
            id="payments-status"
            label={t('admin.payments.all.status')}
            value={query.status ?? ''}
            onChange={(value) => setQuery({ ...query, status: (value || null) as PaymentQuery['status'], page: 1 })}
            options={[
              { value: '', label: t('admin.payments.all.anyStatus') },
              { value: 'matched', label: t('admin.payments.all.matched') },
              { value: 'unmatched', label: t('admin.payments.all.unmatchedOnly') },
            ]}
          />
          <CheckboxField
            id="payments-overpaid"
            label={t('admin.payments.all.overpaid')}
            checked={query.overpaid}
            onChange={(overpaid) => setQuery({ ...query, overpaid, page: 1 })}
          />
        </form>
        {all.failure && <LoadFailed failure={all.failure} onRetry={all.reload} />}
        {all.data &&
          (all.data.items.length === 0 ? (
            <p>{t('admin.payments.all.none')}</p>
          ) : (
            <div className={all.loading ? 'salary-results is-loading' : 'salary-results'} aria-busy={all.loading}>
              <PaymentsTable caption={t('admin.payments.all.title')} payments={all.data.items} onMatch={setMatching} />
              <PagerNav
                hideWhenOnePage
                page={query.page}
                pageSize={PAYMENTS_PAGE_SIZE}
                total={all.data.page.total}
                onPage={(page) => setQuery({ ...query, page })}
              />
            </div>
          ))}
      </Card>

      <MatchDialog
        payment={matching}
        onClose={() => setMatching(null)}
        onMatched={(payment) => {
          setMatching(null);
          setMatched(payment);
          refresh();
        }}
      />
    </div>
  );
}
