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
import { day, swedishToday, wholeSek } from '../../../lib/format.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { fileUrls, getVatReturn, type VatReturn } from '../api/reports.ts';
import { PeriodSelect } from './period-select.tsx';
import { ReportsFrame } from './reports-frame.tsx';

const BOXES = ['05', '10', '11', '12', '36', '39', '40', '41', '42', '48', '49'] as const;

/** /admin/reports/vat-return: the boxes of a month or quarter from the invoices sent, the CSV. */
export function VatReturnPage() {
  return (
    <ReportsFrame>
      <VatReturnReport />
    </ReportsFrame>
  );
}

function VatReturnReport() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [period, setPeriod] = useState(swedishToday().slice(0, 7));
  const report = useLoad((signal) => getVatReturn(period, signal), period);
  const data = report.data;
  const rows = data ? BOXES.map((box) => ({ box, ore: data.boxes[box], kronor: data.kronor[box] })) : [];

  return (
    <Card labelledBy="vat-title">
      <h2 id="vat-title">{t('admin.reports.vat.title')}</h2>
      <p className="salary-muted">{t('admin.reports.vat.lead')}</p>
      <form className="salary-filters salary-report__period" onSubmit={(e) => e.preventDefault()}>
        <PeriodSelect id="vat-period" value={period} onChange={setPeriod} />
      </form>
      {report.failure && <LoadFailed failure={report.failure} onRetry={report.reload} />}
      {!data && !report.failure && <LoadingIndicator />}
      {data && (
        <div className={report.loading ? 'salary-results is-loading' : 'salary-results'} aria-busy={report.loading}>
          <p className="salary-muted">
            {t('admin.reports.vat.range', {
              from: day(data.from, locale),
              to: day(data.to, locale),
              setting: t(`admin.reports.vat.settings.${data.setting}`),
            })}
          </p>
          <div className="salary-actions">
            <a href={fileUrls.vatReturn(data.period, locale)} download className={buttonClass({ size: 'small' })}>
              {t('admin.reports.vat.download')}
            </a>
          </div>
          <ResponsiveTable
            caption={t('admin.reports.vat.boxes')}
            rows={rows}
            rowKey={(r) => r.box}
            cardsBelow="sm"
            columns={[
              { key: 'box', header: t('admin.reports.vat.columns.box'), cell: (r) => r.box },
              {
                key: 'name',
                header: t('admin.reports.vat.columns.name'),
                cell: (r) => t(`admin.reports.vat.box.${r.box}`),
              },
              {
                key: 'kronor',
                header: t('admin.reports.vat.columns.kronor'),
                className: 'salary-amount',
                cell: (r) => <span data-testid={`vat-box-${r.box}`}>{wholeSek(r.kronor, locale)}</span>,
              },
              {
                key: 'ore',
                header: t('admin.reports.vat.columns.exact'),
                className: 'salary-amount',
                cell: (r) => sek(r.ore, locale),
              },
            ]}
            card={(r) => (
              <div className="salary-card__top">
                <h3 className="salary-card__title">
                  {r.box} · {t(`admin.reports.vat.box.${r.box}`)}
                </h3>
                <span className="salary-card__amount" data-testid={`vat-box-${r.box}`}>
                  {wholeSek(r.kronor, locale)}
                </span>
              </div>
            )}
          />
          <Documents data={data} />
        </div>
      )}
    </Card>
  );
}

function Documents({ data }: { data: VatReturn }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  if (data.documents.length === 0) return <p>{t('admin.reports.vat.noDocuments')}</p>;
  return (
    <details className="salary-report__details">
      <summary>{t('admin.reports.vat.documents', { count: data.documents.length })}</summary>
      <ul>
        {data.documents.map((d) => (
          <li key={d.documentId}>
            {t(`admin.reports.vat.kind.${d.kind}`)} {d.number} · {day(d.issueDate, locale)} · {d.buyerName} (
            {d.buyerCountry}) · {sek(d.total, locale)}
            {d.exchangeRate ? ` · ${d.currency} ${d.exchangeRate.sekPerUnit}` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}
