import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { LoadingIndicator } from '@frilo/ui/loading';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { formatSek as sek } from '@frilo/ui/money';
import { swedishToday } from '../../../lib/format.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { fileUrls, getEcSalesList } from '../api/reports.ts';
import { Figure } from './reports-frame.tsx';
import { PeriodSelect } from './period-select.tsx';
import { ReportsFrame } from './reports-frame.tsx';

/** /admin/reports/ec-sales-list: per EU customer VAT number, the services sold with reverse charge; the file. */
export function EcSalesListPage() {
  return (
    <ReportsFrame>
      <EcSalesListReport />
    </ReportsFrame>
  );
}

function EcSalesListReport() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [period, setPeriod] = useState(swedishToday().slice(0, 7));
  const report = useLoad((signal) => getEcSalesList(period, signal), period);
  const data = report.data;
  return (
    <Card labelledBy="ec-title">
      <h2 id="ec-title">{t('admin.reports.ec.title')}</h2>
      <p className="salary-muted">{t('admin.reports.ec.lead')}</p>
      <form className="salary-filters salary-report__period" onSubmit={(e) => e.preventDefault()}>
        <PeriodSelect id="ec-period" value={period} onChange={setPeriod} />
      </form>
      {report.failure && <LoadFailed failure={report.failure} onRetry={report.reload} />}
      {!data && !report.failure && <LoadingIndicator />}
      {data && (
        <div className={report.loading ? 'salary-results is-loading' : 'salary-results'} aria-busy={report.loading}>
          <dl className="salary-report__figures">
            <Figure label={t('admin.reports.ec.total')} value={sek(data.total, locale)} testId="ec-total" />
            <Figure label={t('admin.reports.ec.box39')} value={sek(data.box39, locale)} />
          </dl>
          <div className="salary-actions">
            <a href={fileUrls.ecSalesList(data.period)} download className={buttonClass({ size: 'small' })}>
              {t('admin.reports.ec.download')}
            </a>
          </div>
          {data.lines.length === 0 ? (
            <p>{t('admin.reports.ec.none')}</p>
          ) : (
            <ResponsiveTable
              caption={t('admin.reports.ec.lines')}
              rows={data.lines}
              rowKey={(l) => l.vatNumber}
              cardsBelow="sm"
              columns={[
                { key: 'vat', header: t('admin.reports.ec.columns.vatNumber'), cell: (l) => l.vatNumber },
                { key: 'buyer', header: t('admin.reports.ec.columns.buyer'), cell: (l) => l.buyerName },
                {
                  key: 'services',
                  header: t('admin.reports.ec.columns.services'),
                  className: 'salary-amount',
                  cell: (l) => sek(l.services, locale),
                },
                {
                  key: 'documents',
                  header: t('admin.reports.ec.columns.documents'),
                  cell: (l) => l.documents.join(', '),
                },
              ]}
              card={(l) => (
                <>
                  <div className="salary-card__top">
                    <h3 className="salary-card__title">{l.vatNumber}</h3>
                    <span className="salary-card__amount">{sek(l.services, locale)}</span>
                  </div>
                  <p className="salary-muted">
                    {l.buyerName} · {l.documents.join(', ')}
                  </p>
                </>
              )}
            />
          )}
        </div>
      )}
    </Card>
  );
}
