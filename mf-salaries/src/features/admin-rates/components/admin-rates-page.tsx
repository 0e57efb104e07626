import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Card } from '@frilo/ui/card';
import { DateField } from '@frilo/ui/form/date-field';
import { formMessage } from '@frilo/ui/form/messages';
import { SelectField } from '@frilo/ui/form/select-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { useMessage } from '@frilo/ui/form/use-message';
import { LoadingIndicator } from '@frilo/ui/loading';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { StatusBadge } from '@frilo/ui/status-badge';
import { useShell } from '@frilo/ui/shell-context';
import { useUnsavedChangesGuard } from '@frilo/ui/unsaved-changes';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PagerNav } from '@frilo/ui/pager';
import { day, moment, swedishToday } from '../../../lib/format.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { AdminPage } from '../../admin-shared/components/admin-page.tsx';
import { FileUpload } from '../../admin-shared/components/file-upload.tsx';
import {
  FOREIGN_CURRENCIES,
  importExchangeRates,
  listExchangeRates,
  RATES_PAGE_SIZE,
  setExchangeRate,
  type AdminExchangeRate,
  type ExchangeRateImport,
  type ForeignCurrency,
  type RateQuery,
} from '../api/rates.ts';
import { formatRateText, parseRateText } from '../rate-text.ts';

/** /admin/exchange-rates: the dated table, the Riksbank's CSV in, a day's rate by hand. */
export function AdminRatesPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AdminPage title={t('admin.rates.title')} lead={t('admin.rates.lead')}>
      <AdminRates />
    </AdminPage>
  );
}

type RateValues = { currency: string; date: string; sekPerUnit: string };
const SHARED = new Set(['network', 'rate_limited', 'forbidden', 'csrf']);

function AdminRates() {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const { locale } = useShell();
  const [query, setQuery] = useState<RateQuery>({ currency: null, from: '', to: '', page: 1 });
  const rates = useLoad((signal) => listExchangeRates(query, signal), JSON.stringify(query));
  const [imported, setImported] = useState<ExchangeRateImport | null>(null);
  const [saved, setSaved] = useState<AdminExchangeRate | null>(null);
  const initial: RateValues = { currency: 'EUR', date: swedishToday(), sekPerUnit: '' };

  const form = useForm<RateValues, AdminExchangeRate>({
    form: 'rateForm',
    initial,
    validate: (values) => ({
      ...(values.date ? {} : { date: { code: 'required' } }),
      ...(values.sekPerUnit.trim()
        ? parseRateText(values.sekPerUnit)
          ? {}
          : { sekPerUnit: { code: 'rate_invalid' } }
        : { sekPerUnit: { code: 'required' } }),
    }),
    send: (values) =>
      setExchangeRate(values.currency as ForeignCurrency, values.date, parseRateText(values.sekPerUnit) ?? ''),
    fieldOf: (path) => (path === 'sekPerUnit' ? 'sekPerUnit' : path === 'date' ? 'date' : undefined),
    onSent: (rate) => {
      setSaved(rate);
      form.reset({ ...initial, currency: rate.currency });
      rates.reload();
    },
  });
  const guard = useUnsavedChangesGuard({ dirty: form.dirty, save: () => form.submit() });
  const source = (rate: AdminExchangeRate) => (
    <StatusBadge tone={rate.source === 'manual' ? 'attention' : rate.source === 'riksbank' ? 'info' : 'neutral'}>
      {t([`admin.rates.sources.${rate.source}`, 'admin.rates.sources.other'], { source: rate.source })}
    </StatusBadge>
  );

  return (
    <div className="salary-admin__sections">
      {guard.dialog}
      <Card labelledBy="rates-import-title">
        <h2 id="rates-import-title">{t('admin.rates.import.title')}</h2>
        <FileUpload
          label={t('admin.rates.import.label')}
          hint={t('admin.rates.import.hint')}
          accept=".csv,text/csv,text/plain"
          button={t('admin.rates.import.button')}
          scope="ratesFile"
          onStart={() => setImported(null)}
          upload={importExchangeRates}
          onDone={(result) => {
            setImported(result);
            rates.reload();
          }}
        />
        {imported && (
          <Alert kind="success">
            <p data-testid="rates-import-result">
              {t('admin.rates.import.done', {
                observations: imported.observations,
                created: imported.created,
                updated: imported.updated,
                unchanged: imported.unchanged,
                kept: imported.keptManual,
                first: imported.firstDate ? day(imported.firstDate, locale) : '–',
                last: imported.lastDate ? day(imported.lastDate, locale) : '–',
              })}
            </p>
            {imported.skippedSeries.length > 0 && (
              <p>{t('admin.rates.import.skipped', { series: imported.skippedSeries.join(', ') })}</p>
            )}
          </Alert>
        )}
      </Card>

      <Card labelledBy="rates-manual-title">
        <h2 id="rates-manual-title">{t('admin.rates.manual.title')}</h2>
        <p className="salary-muted">{t('admin.rates.manual.lead')}</p>
        {saved && (
          <Alert kind="success">
            <p>
              {t('admin.rates.manual.saved', {
                currency: saved.currency,
                date: day(saved.date, locale),
                rate: formatRateText(saved.sekPerUnit, locale),
              })}
            </p>
          </Alert>
        )}
        <form className="salary-inline-form" onSubmit={(event) => void form.submit(event)} noValidate>
          {form.failure && (
            <Alert alertRef={form.alertRef}>
              <p>{message(formMessage('rateForm', form.failure.code, SHARED))}</p>
            </Alert>
          )}
          <SelectField
            id="rate-currency"
            label={t('admin.rates.manual.currency')}
            options={FOREIGN_CURRENCIES.map((code) => ({ value: code, label: code }))}
            {...form.bind('currency')}
          />
          <DateField id="rate-date" label={t('admin.rates.manual.date')} {...form.bind('date')} />
          <TextField
            id="rate-value"
            label={t('admin.rates.manual.value')}
            hint={t('admin.rates.manual.valueHint')}
            inputMode="decimal"
            autoComplete="off"
            suffix="kr"
            {...form.bind('sekPerUnit')}
          />
          <SubmitButton sending={form.sending}>{t('admin.rates.manual.submit')}</SubmitButton>
        </form>
      </Card>

      <Card labelledBy="rates-table-title">
        <h2 id="rates-table-title">{t('admin.rates.table.title')}</h2>
        <form
          className="salary-filters"
          role="search"
          aria-label={t('admin.rates.table.filters')}
          onSubmit={(e) => e.preventDefault()}
        >
          <SelectField
            id="rates-currency"
            label={t('admin.rates.table.currency')}
            value={query.currency ?? ''}
            onChange={(value) => setQuery({ ...query, currency: (value || null) as ForeignCurrency | null, page: 1 })}
            options={[
              { value: '', label: t('admin.rates.table.allCurrencies') },
              ...FOREIGN_CURRENCIES.map((code) => ({ value: code, label: code })),
            ]}
          />
          <DateField
            id="rates-from"
            label={t('admin.rates.table.from')}
            optional
            value={query.from}
            onChange={(from) => setQuery({ ...query, from, page: 1 })}
          />
          <DateField
            id="rates-to"
            label={t('admin.rates.table.to')}
            optional
            value={query.to}
            onChange={(to) => setQuery({ ...query, to, page: 1 })}
          />
        </form>
        {rates.failure && <LoadFailed failure={rates.failure} onRetry={rates.reload} />}
        {!rates.data && !rates.failure && <LoadingIndicator />}
        {rates.data &&
          (rates.data.items.length === 0 ? (
            <p>{t('admin.rates.table.none')}</p>
          ) : (
            <div className={rates.loading ? 'salary-results is-loading' : 'salary-results'} aria-busy={rates.loading}>
              <ResponsiveTable
                caption={t('admin.rates.table.title')}
                rows={rates.data.items}
                rowKey={(rate) => `${rate.currency}-${rate.date}`}
                cardsBelow="md"
                columns={[
                  { key: 'date', header: t('admin.rates.columns.date'), cell: (r) => day(r.date, locale) },
                  { key: 'currency', header: t('admin.rates.columns.currency'), cell: (r) => r.currency },
                  {
                    key: 'rate',
                    header: t('admin.rates.columns.rate'),
                    className: 'salary-amount',
                    cell: (r) => formatRateText(r.sekPerUnit, locale),
                  },
                  { key: 'source', header: t('admin.rates.columns.source'), cell: source },
                  {
                    key: 'created',
                    header: t('admin.rates.columns.created'),
                    cell: (r) => moment(r.createdAt, locale),
                  },
                ]}
                card={(r) => (
                  <>
                    <div className="salary-card__top">
                      <h3 className="salary-card__title">
                        {r.currency} · {day(r.date, locale)}
                      </h3>
                      {source(r)}
                    </div>
                    <p className="salary-card__amount">
                      {t('admin.rates.cardRate', { currency: r.currency, rate: formatRateText(r.sekPerUnit, locale) })}
                    </p>
                  </>
                )}
              />
              <PagerNav
                hideWhenOnePage
                page={query.page}
                pageSize={RATES_PAGE_SIZE}
                total={rates.data.page.total}
                onPage={(page) => setQuery({ ...query, page })}
              />
            </div>
          ))}
      </Card>
    </div>
  );
}
