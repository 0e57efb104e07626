import { useTranslation } from 'react-i18next';
import type { components } from '@frilo/openapi/client';
import { Card } from '@frilo/ui/card';
import { request } from '@frilo/ui/form/api-result';
import { formatRate } from '@frilo/ui/form/number-format';
import { formatMoney } from '@frilo/ui/money';
import { PageHeader } from '@frilo/ui/page-header';
import { PendingData } from '@frilo/ui/pending-data';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { StatusBadge } from '@frilo/ui/status-badge';
import { useApiData } from '@frilo/ui/use-api-data';
import { NAMESPACE } from '../../../app/namespace.ts';

import { api, SESSION } from '../../admin-shared/api.ts';

type Setting = components['schemas']['DatedSetting'];
type Entry = Setting['entries'][number];
type Rules = components['schemas']['EmployerContributionRules'];

/** /admin/settings: the dated tables the money rules use, read-only, with the day each value starts. */
export function SettingsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const settings = useApiData(
    (signal) => request(api.GET('/api/admin/settings', { cache: 'no-store', signal }), SESSION),
    'settings',
  );

  const percent = (value: string) => `${formatRate(value, locale)} %`;
  const value = (setting: Setting, entry: Entry) => {
    const v = entry.value;
    if (setting.unit === 'percent' && typeof v === 'string') return percent(v);
    if (setting.unit === 'sek_ore' && typeof v === 'number') return formatMoney(v, 'SEK', locale);
    if (setting.unit === 'sek_ore_per_10_km' && typeof v === 'number') {
      return t('admin.settings.per10km', { amount: formatMoney(v, 'SEK', locale) });
    }
    if (setting.unit === 'payout_day_rule' && typeof v === 'string') return t(`admin.settings.payoutDayRules.${v}`);
    if (setting.unit === 'hours' && typeof v === 'number') return t('admin.settings.hours', { count: v });
    if (setting.unit === 'bank_days' && typeof v === 'number') return t('admin.settings.bankDays', { count: v });
    if (typeof v === 'object') return rules(v);
    return String(v);
  };
  const rules = (r: Rules) => (
    <ul className="invoices-admin__rules">
      <li>{t('admin.settings.rules.standard', { rate: percent(r.standardRate) })}</li>
      <li>
        {t('admin.settings.rules.older', {
          rate: percent(r.olderWorkerRate),
          from: r.olderWorkerBornFrom,
          to: r.olderWorkerBornTo,
        })}
      </li>
      <li>{t('admin.settings.rules.exempt', { year: r.exemptBornUpTo })}</li>
      {r.youth && (
        <li>
          {t('admin.settings.rules.youth', {
            rate: percent(r.youth.rate),
            from: r.youth.bornFrom,
            to: r.youth.bornTo,
            cap: formatMoney(r.youth.monthlyCap, 'SEK', locale),
          })}
        </li>
      )}
    </ul>
  );

  return (
    <div className="invoices-admin">
      <PageHeader>
        <h1>{t('admin.settings.title')}</h1>
        <p>{t('admin.settings.lead')}</p>
      </PageHeader>
      {!settings.data ? (
        <PendingData failure={settings.failure} onRetry={settings.reload} />
      ) : (
        <div className="invoices-admin__settings">
          <p className="invoices-admin__muted">{t('admin.settings.today', { date: settings.data.today })}</p>
          {settings.data.settings.map((setting) => (
            <Card key={setting.key} labelledBy={`setting-${setting.key}`}>
              <h2 id={`setting-${setting.key}`}>{t(`admin.settings.keys.${setting.key}`)}</h2>
              <p className="invoices-admin__muted">
                {setting.knownUntil
                  ? t('admin.settings.knownUntil', { date: setting.knownUntil })
                  : t('admin.settings.noEnd')}
              </p>
              <ResponsiveTable
                caption={t(`admin.settings.keys.${setting.key}`)}
                rows={[...setting.entries].reverse()}
                rowKey={(entry) => entry.validFrom}
                cardsBelow="md"
                columns={[
                  {
                    key: 'validFrom',
                    header: t('admin.settings.validFrom'),
                    cell: (entry) => (
                      <>
                        {entry.validFrom}{' '}
                        {entry.current && <StatusBadge tone="success">{t('admin.settings.current')}</StatusBadge>}
                      </>
                    ),
                  },
                  { key: 'value', header: t('admin.settings.value'), cell: (entry) => value(setting, entry) },
                ]}
                card={(entry) => (
                  <>
                    <p className="invoices-admin__card-title">
                      {t('admin.settings.from', { date: entry.validFrom })}{' '}
                      {entry.current && <StatusBadge tone="success">{t('admin.settings.current')}</StatusBadge>}
                    </p>
                    <div>{value(setting, entry)}</div>
                  </>
                )}
              />
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
