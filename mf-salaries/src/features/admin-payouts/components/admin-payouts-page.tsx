import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button, buttonClass } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { failureCode } from '@frilo/ui/form/api-result';
import { DateField } from '@frilo/ui/form/date-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { LoadingIndicator } from '@frilo/ui/loading';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PagerNav } from '@frilo/ui/pager';
import { day, moment, swedishToday } from '../../../lib/format.ts';
import { formatSek as sek } from '@frilo/ui/money';
import { useLoad } from '../../../lib/use-load.ts';
import { AdminPage } from '../../admin-shared/components/admin-page.tsx';
import { FileUpload } from '../../admin-shared/components/file-upload.tsx';
import {
  batchFileUrl,
  BATCHES_PAGE_SIZE,
  createPayoutBatch,
  importPaymentStatusReport,
  listPayoutBatches,
  listUpcomingPayouts,
  type PaymentStatusReportResult,
  type PayoutBatch,
  type PayoutBatchResult,
} from '../api/payouts.ts';
import { BatchPayoutsDialog } from './batch-payouts-dialog.tsx';
import { PayoutHoldsCard } from './payout-holds-card.tsx';
import { UpcomingPayoutsCard } from './upcoming-payouts-card.tsx';
import { VacationPayOwedCard } from './vacation-pay-owed-card.tsx';

/**
 * /admin/payouts: the payouts held after a salary account change, what the coming bank days will pay, the saved vacation
 * pay owed, the payout files (one per bank day), making one now, downloading them with each payment and its freelancer,
 * the bank's answer in.
 */
export function AdminPayoutsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AdminPage title={t('admin.payouts.title')} lead={t('admin.payouts.lead')}>
      <AdminPayouts />
    </AdminPage>
  );
}

function AdminPayouts() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [page, setPage] = useState(1);
  const batches = useLoad((signal) => listPayoutBatches(page, signal), String(page));
  const upcoming = useLoad((signal) => listUpcomingPayouts(signal), 'upcoming');
  const [version, setVersion] = useState(0);
  const [opened, setOpened] = useState<PayoutBatch | null>(null);
  const [date, setDate] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<PayoutBatchResult | null>(null);
  const [createFailure, setCreateFailure] = useState<string | null>(null);
  const [report, setReport] = useState<PaymentStatusReportResult | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    const result = await createPayoutBatch(date || null);
    setCreating(false);
    if (result.ok) {
      setCreated(result.data);
      setCreateFailure(null);
      batches.reload();
      upcoming.reload();
      setVersion((n) => n + 1);
    } else {
      setCreated(null);
      setCreateFailure(failureCode(result));
    }
  };

  const statuses = (batch: PayoutBatch) =>
    t('admin.payouts.statuses', {
      initiated: batch.statuses.initiated,
      completed: batch.statuses.completed_transaction,
      denied: batch.statuses.failed_after_complete,
    });
  const download = (batch: PayoutBatch) => (
    <>
      <Button size="small" onClick={() => setOpened(batch)}>
        {t('admin.payouts.showPayouts')}
        <span className="visually-hidden"> {day(batch.executionDate, locale)}</span>
      </Button>
      <a href={batchFileUrl(batch.id)} download className={buttonClass({ size: 'small' })}>
        {t('admin.payouts.download')}
        <span className="visually-hidden"> {day(batch.executionDate, locale)}</span>
      </a>
    </>
  );
  const nothing = (result: PayoutBatchResult) =>
    result.next
      ? t('admin.payouts.create.nothingNext', {
          date: day(result.next.date, locale),
          count: result.next.freelancerCount,
          total: sek(result.next.amount, locale),
        })
      : t('admin.payouts.create.nothing');

  return (
    <div className="salary-admin__sections">
      <PayoutHoldsCard />
      <UpcomingPayoutsCard upcoming={upcoming} />
      <Card labelledBy="create-batch-title">
        <h2 id="create-batch-title">{t('admin.payouts.create.title')}</h2>
        <p className="salary-muted">{t('admin.payouts.create.lead')}</p>
        {createFailure && (
          <Alert>
            <p>
              {t([
                `admin.payouts.create.errors.${createFailure}`,
                `errors.form.${createFailure}`,
                'errors.form.generic',
              ])}
            </p>
          </Alert>
        )}
        {created && (
          <Alert kind={created.batch ? 'success' : 'info'}>
            <p>
              {created.batch
                ? t(created.created ? 'admin.payouts.create.done' : 'admin.payouts.create.existing', {
                    date: day(created.batch.executionDate, locale),
                    count: created.batch.numberOfTransactions,
                    total: sek(created.batch.controlSum, locale),
                  })
                : nothing(created)}
            </p>
            {created.failed.length > 0 && <p>{t('admin.payouts.create.failed', { count: created.failed.length })}</p>}
          </Alert>
        )}
        <form className="salary-inline-form" onSubmit={(event) => void create(event)} noValidate>
          <DateField
            id="batch-date"
            label={t('admin.payouts.create.date')}
            hint={t('admin.payouts.create.dateHint')}
            optional
            min={swedishToday()}
            value={date}
            onChange={setDate}
          />
          <SubmitButton sending={creating}>{t('admin.payouts.create.button')}</SubmitButton>
        </form>
      </Card>

      <Card labelledBy="report-title">
        <h2 id="report-title">{t('admin.payouts.report.title')}</h2>
        <FileUpload
          label={t('admin.payouts.report.label')}
          hint={t('admin.payouts.report.hint')}
          accept=".xml,application/xml,text/xml"
          button={t('admin.payouts.report.button')}
          scope="statusReport"
          onStart={() => setReport(null)}
          upload={importPaymentStatusReport}
          onDone={(result) => {
            setReport(result);
            batches.reload();
          }}
        />
        {report && (
          <Alert kind={report.duplicate ? 'info' : 'success'}>
            <p>
              {t(report.duplicate ? 'admin.payouts.report.duplicate' : 'admin.payouts.report.done', {
                completed: report.completed,
                denied: report.denied,
                pending: report.pending,
              })}
            </p>
            {report.unknownEndToEndIds.length > 0 && (
              <p>{t('admin.payouts.report.unknown', { ids: report.unknownEndToEndIds.join(', ') })}</p>
            )}
          </Alert>
        )}
      </Card>

      <Card labelledBy="batches-title">
        <h2 id="batches-title">{t('admin.payouts.list.title')}</h2>
        {batches.failure && <LoadFailed failure={batches.failure} onRetry={batches.reload} />}
        {!batches.data && !batches.failure && <LoadingIndicator />}
        {batches.data &&
          (batches.data.items.length === 0 ? (
            <p>{t('admin.payouts.list.none')}</p>
          ) : (
            <>
              <ResponsiveTable
                caption={t('admin.payouts.list.title')}
                rows={batches.data.items}
                rowKey={(batch) => batch.id}
                cardsBelow="lg"
                columns={[
                  { key: 'date', header: t('admin.payouts.columns.date'), cell: (b) => day(b.executionDate, locale) },
                  {
                    key: 'file',
                    header: t('admin.payouts.columns.file'),
                    cell: (b) => (
                      <>
                        <div className="salary-mono">{b.messageId}</div>
                        <div className="salary-muted">
                          {t('admin.payouts.createdBy', {
                            moment: moment(b.createdAt, locale),
                            by: b.createdBy ? t('admin.payouts.byAdmin') : t('admin.payouts.byJob'),
                          })}
                        </div>
                      </>
                    ),
                  },
                  { key: 'count', header: t('admin.payouts.columns.count'), cell: (b) => b.numberOfTransactions },
                  {
                    key: 'sum',
                    header: t('admin.payouts.columns.sum'),
                    className: 'salary-amount',
                    cell: (b) => sek(b.controlSum, locale),
                  },
                  { key: 'statuses', header: t('admin.payouts.columns.statuses'), cell: statuses },
                  {
                    key: 'actions',
                    header: t('admin.payouts.columns.actions'),
                    headerHidden: true,
                    actions: true,
                    cell: download,
                  },
                ]}
                card={(b) => (
                  <>
                    <div className="salary-card__top">
                      <h3 className="salary-card__title">{day(b.executionDate, locale)}</h3>
                      <span>{sek(b.controlSum, locale)}</span>
                    </div>
                    <p className="salary-mono">{b.messageId}</p>
                    <p>
                      {t('admin.payouts.cardCount', { count: b.numberOfTransactions })} · {statuses(b)}
                    </p>
                    <div className="salary-card__actions">{download(b)}</div>
                  </>
                )}
              />
              <PagerNav
                hideWhenOnePage
                page={page}
                pageSize={BATCHES_PAGE_SIZE}
                total={batches.data.page.total}
                onPage={setPage}
              />
            </>
          ))}
      </Card>
      <VacationPayOwedCard version={version} />
      <BatchPayoutsDialog batch={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
