import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { buttonClass } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { DateField } from '@frilo/ui/form/date-field';
import { LoadingIndicator } from '@frilo/ui/loading';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { StatusBadge } from '@frilo/ui/status-badge';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { formatSek as sek } from '@frilo/ui/money';
import { swedishToday } from '../../../lib/format.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { fileUrls, getReconciliation } from '../api/reports.ts';
import { ReportsFrame } from './reports-frame.tsx';

/** /admin/reports/bookkeeping: the SIE 4 file of a period, and the period's reconciliation beside it. */
export function BookkeepingPage() {
  return (
    <ReportsFrame>
      <Bookkeeping />
    </ReportsFrame>
  );
}

function Bookkeeping() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const today = swedishToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(lastDayOfMonth(today));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const recon = useLoad((signal) => getReconciliation(from, to, signal), valid ? `${from}/${to}` : 'invalid');
  const data = valid ? recon.data : null;

  return (
    <>
      <Card labelledBy="sie-title">
        <h2 id="sie-title">{t('admin.reports.books.title')}</h2>
        <p className="salary-muted">{t('admin.reports.books.lead')}</p>
        <form className="salary-filters salary-report__period" onSubmit={(e) => e.preventDefault()}>
          <DateField id="sie-from" label={t('admin.reports.books.from')} value={from} onChange={setFrom} />
          <DateField id="sie-to" label={t('admin.reports.books.to')} value={to} onChange={setTo} />
        </form>
        {valid ? (
          <div className="salary-actions">
            <a
              href={fileUrls.bookkeeping(from, to)}
              download
              className={buttonClass({ variant: 'primary', size: 'small' })}
            >
              {t('admin.reports.books.download')}
            </a>
          </div>
        ) : (
          <Alert kind="warning">
            <p>{t('admin.reports.books.invalid')}</p>
          </Alert>
        )}
      </Card>

      <Card labelledBy="recon-title">
        <h2 id="recon-title">{t('admin.reports.recon.title')}</h2>
        <p className="salary-muted">{t('admin.reports.recon.lead')}</p>
        {valid && recon.failure && <LoadFailed failure={recon.failure} onRetry={recon.reload} />}
        {valid && !data && !recon.failure && <LoadingIndicator />}
        {data && (
          <div className={recon.loading ? 'salary-results is-loading' : 'salary-results'} aria-busy={recon.loading}>
            <p data-testid="recon-summary">
              <StatusBadge tone={data.ok ? 'success' : 'danger'}>
                {data.ok ? t('admin.reports.recon.ok') : t('admin.reports.recon.notOk')}
              </StatusBadge>{' '}
              {t('admin.reports.recon.vouchers', { count: data.vouchers.count })}
            </p>
            <ResponsiveTable
              caption={t('admin.reports.recon.checks')}
              rows={data.checks}
              rowKey={(c) => c.id}
              cardsBelow="md"
              columns={[
                {
                  key: 'check',
                  header: t('admin.reports.recon.columns.check'),
                  cell: (c) => t(`admin.reports.recon.check.${c.id}`, { defaultValue: c.id }),
                },
                {
                  key: 'left',
                  header: t('admin.reports.recon.columns.left'),
                  className: 'salary-amount',
                  cell: (c) => (c.id === 'vouchers_balance' ? String(c.left) : sek(c.left, locale)),
                },
                {
                  key: 'right',
                  header: t('admin.reports.recon.columns.right'),
                  className: 'salary-amount',
                  cell: (c) => (c.id === 'vouchers_balance' ? String(c.right) : sek(c.right, locale)),
                },
                {
                  key: 'ok',
                  header: t('admin.reports.recon.columns.ok'),
                  cell: (c) => (
                    <StatusBadge tone={c.ok ? 'success' : 'danger'}>
                      {c.ok ? t('admin.reports.recon.checkOk') : t('admin.reports.recon.checkOff')}
                    </StatusBadge>
                  ),
                },
              ]}
              card={(c) => (
                <>
                  <div className="salary-card__top">
                    <h3 className="salary-card__title">
                      {t(`admin.reports.recon.check.${c.id}`, { defaultValue: c.id })}
                    </h3>
                    <StatusBadge tone={c.ok ? 'success' : 'danger'}>
                      {c.ok ? t('admin.reports.recon.checkOk') : t('admin.reports.recon.checkOff')}
                    </StatusBadge>
                  </div>
                  <p className="salary-muted">
                    {c.id === 'vouchers_balance'
                      ? `${c.left} = ${c.right}`
                      : `${sek(c.left, locale)} = ${sek(c.right, locale)}`}
                  </p>
                </>
              )}
            />
          </div>
        )}
      </Card>
    </>
  );
}

/** The month's last day of a day `YYYY-MM-DD`. */
function lastDayOfMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${day.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}
