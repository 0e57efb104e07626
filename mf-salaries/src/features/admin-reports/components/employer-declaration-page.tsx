import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button, buttonClass } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { SelectField } from '@frilo/ui/form/select-field';
import { failureCode } from '@frilo/ui/form/api-result';
import { LoadingIndicator } from '@frilo/ui/loading';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { StatusBadge } from '@frilo/ui/status-badge';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { formatSek as sek } from '@frilo/ui/money';
import { day, moment, percent, swedishToday, wholeSek } from '../../../lib/format.ts';
import { useLoad } from '../../../lib/use-load.ts';
import {
  declareMonth,
  fileUrls,
  getEmployerDeclaration,
  listDeclarationMonths,
  recentMonths,
  type EmployerDeclaration,
} from '../api/reports.ts';
import { Figure, ReportsFrame } from './reports-frame.tsx';

type Person = EmployerDeclaration['people'][number];
type Status = EmployerDeclaration['status'];

const TONE: Record<Status, 'neutral' | 'success' | 'attention'> = {
  open: 'neutral',
  declared: 'success',
  corrected: 'attention',
};

/** /admin/reports/employer-declaration: a month's AGI per freelancer, the XML file, marking it declared. */
export function EmployerDeclarationPage() {
  return (
    <ReportsFrame>
      <EmployerDeclarationReport />
    </ReportsFrame>
  );
}

function EmployerDeclarationReport() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const months = useLoad((signal) => listDeclarationMonths(signal), 'months');
  const [chosen, setChosen] = useState<string | null>(null);
  // The newest month in which salaries were paid out, else this month.
  const month = chosen ?? months.data?.months.find((m) => m.people > 0)?.month ?? swedishToday().slice(0, 7);
  const report = useLoad((signal) => getEmployerDeclaration(month, signal), month);
  const [declaring, setDeclaring] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const declare = async (current: EmployerDeclaration) => {
    setDeclaring(true);
    setOutcome(null);
    const result = await declareMonth(current.month, current.fingerprint);
    setDeclaring(false);
    if (result.ok) {
      setOutcome({ ok: true, text: t('admin.reports.agi.declaredNow', { version: result.data.declaration?.version }) });
    } else {
      setOutcome({
        ok: false,
        text: t([`admin.reports.errors.${failureCode(result)}`, 'admin.reports.errors.other']),
      });
    }
    report.reload();
    months.reload();
  };

  const options = (months.data?.months.map((m) => m.month) ?? recentMonths(swedishToday())).map((m) => ({
    value: m,
    label: monthLabel(m, locale),
  }));
  const data = report.data;

  return (
    <>
      <Card labelledBy="agi-title">
        <h2 id="agi-title">{t('admin.reports.agi.title')}</h2>
        <p className="salary-muted">{t('admin.reports.agi.lead')}</p>
        <form className="salary-filters salary-report__period" onSubmit={(e) => e.preventDefault()}>
          <SelectField
            id="agi-month"
            label={t('admin.reports.agi.month')}
            value={month}
            onChange={(value) => {
              setChosen(value);
              setOutcome(null);
            }}
            options={options}
          />
        </form>
        {report.failure && <LoadFailed failure={report.failure} onRetry={report.reload} />}
        {!data && !report.failure && <LoadingIndicator />}
        {data && (
          <div className={report.loading ? 'salary-results is-loading' : 'salary-results'} aria-busy={report.loading}>
            <p>
              <StatusBadge tone={TONE[data.status]}>{t(`admin.reports.agi.status.${data.status}`)}</StatusBadge>{' '}
              {t('admin.reports.agi.due', { date: day(data.dueDate, locale), period: data.period })}
            </p>
            <dl className="salary-report__figures">
              <Figure label={t('admin.reports.agi.cashGross')} value={sek(data.totals.cashGross, locale)} />
              <Figure
                label={t('admin.reports.agi.taxWithheld')}
                value={sek(data.totals.taxWithheld, locale)}
                testId="agi-497"
              />
              <Figure
                label={t('admin.reports.agi.contributions')}
                value={sek(data.totals.contributions, locale)}
                testId="agi-487"
              />
              <Figure label={t('admin.reports.agi.toPay')} value={sek(data.totals.toPay, locale)} />
              <Figure
                label={t('admin.reports.agi.toPayKronor')}
                value={wholeSek(data.kronor.toPay, locale)}
                testId="agi-to-pay-kronor"
              />
            </dl>
            {data.bases.length > 0 && (
              <p className="salary-muted">
                {data.bases
                  .map((b) =>
                    t('admin.reports.agi.basis', {
                      category: t(`admin.reports.agi.categories.${b.category}`, { defaultValue: b.category }),
                      rate: percent(b.rate, locale),
                      amount: sek(b.amount, locale),
                    }),
                  )
                  .join(' · ')}
              </p>
            )}
            <div className="salary-actions">
              <a href={fileUrls.employerDeclaration(data.month)} download className={buttonClass({ size: 'small' })}>
                {t('admin.reports.agi.download')}
              </a>
              {data.status !== 'declared' && data.people.length + data.corrections.length > 0 && (
                <Button variant="primary" size="small" busy={declaring} onClick={() => void declare(data)}>
                  {data.status === 'corrected'
                    ? t('admin.reports.agi.declareCorrection')
                    : t('admin.reports.agi.declare')}
                </Button>
              )}
            </div>
            {outcome && (
              <Alert kind={outcome.ok ? 'success' : 'error'}>
                <p>{outcome.text}</p>
              </Alert>
            )}
            {data.declaration && (
              <p className="salary-muted" data-testid="agi-declared">
                {t('admin.reports.agi.declaredBy', {
                  version: data.declaration.version,
                  at: moment(data.declaration.declaredAt, locale),
                  by: data.declaration.declaredBy?.displayName ?? '–',
                })}
              </p>
            )}
            {data.people.length === 0 ? <p>{t('admin.reports.agi.none')}</p> : <PeopleTable people={data.people} />}
            {data.corrections.length > 0 && <Corrections data={data} />}
          </div>
        )}
      </Card>
    </>
  );
}

function PeopleTable({ people }: { people: Person[] }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const sources = (p: Person) => (
    <ul className="salary-report__sources">
      {p.salaries.map((s) => (
        <li key={`${s.salaryItemId}-${s.payoutId}`}>
          {s.source === 'vacation_pay'
            ? t('admin.reports.agi.sourceVacationPay', {
                payout: s.payoutNumber,
                date: day(s.executionDate, locale),
                amount: sek(s.cashGross, locale),
              })
            : t('admin.reports.agi.source', {
                invoice: s.invoiceNumber ?? '–',
                payout: s.payoutNumber,
                date: day(s.executionDate, locale),
                amount: sek(s.cashGross, locale),
              })}{' '}
          <a href={`/admin/payouts?payout=${encodeURIComponent(s.payoutId)}`}>{t('admin.reports.agi.payoutLink')}</a>
        </li>
      ))}
    </ul>
  );
  return (
    <ResponsiveTable
      caption={t('admin.reports.agi.people')}
      rows={people}
      rowKey={(p) => p.person.userId}
      cardsBelow="md"
      columns={[
        {
          key: 'person',
          header: t('admin.reports.agi.columns.person'),
          cell: (p) => (
            <>
              <a href={`/admin/users/${encodeURIComponent(p.person.userId)}`}>{p.person.displayName}</a>
              <br />
              <span className="salary-muted">{p.personalIdentityNumber}</span>
            </>
          ),
        },
        {
          key: 'gross',
          header: t('admin.reports.agi.columns.cashGross'),
          className: 'salary-amount',
          cell: (p) => sek(p.cashGross, locale),
        },
        {
          key: 'tax',
          header: t('admin.reports.agi.columns.taxWithheld'),
          className: 'salary-amount',
          cell: (p) => sek(p.taxWithheld, locale),
        },
        {
          key: 'contributions',
          header: t('admin.reports.agi.columns.contributions'),
          className: 'salary-amount',
          cell: (p) => sek(p.contributions, locale),
        },
        { key: 'sources', header: t('admin.reports.agi.columns.sources'), cell: sources },
      ]}
      card={(p) => (
        <>
          <div className="salary-card__top">
            <h3 className="salary-card__title">{p.person.displayName}</h3>
            <span className="salary-muted">{p.personalIdentityNumber}</span>
          </div>
          <dl className="salary-report__figures">
            <Figure label={t('admin.reports.agi.columns.cashGross')} value={sek(p.cashGross, locale)} />
            <Figure label={t('admin.reports.agi.columns.taxWithheld')} value={sek(p.taxWithheld, locale)} />
            <Figure label={t('admin.reports.agi.columns.contributions')} value={sek(p.contributions, locale)} />
          </dl>
          {sources(p)}
        </>
      )}
    />
  );
}

function Corrections({ data }: { data: EmployerDeclaration }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  return (
    <section aria-labelledby="agi-corrections-title" className="salary-report__corrections">
      <h3 id="agi-corrections-title">{t('admin.reports.agi.corrections.title')}</h3>
      <p className="salary-muted">{t('admin.reports.agi.corrections.lead')}</p>
      <ul>
        {data.corrections.map((c) => (
          <li key={c.person.userId}>
            <strong>{c.person.displayName}</strong>:{' '}
            {t('admin.reports.agi.corrections.line', {
              gross: sek(c.cashGross, locale),
              tax: sek(c.taxWithheld, locale),
              contributions: sek(c.contributions, locale),
            })}
            {c.causes.map((cause) => (
              <span key={cause.payoutId} className="salary-muted">
                {' '}
                {t(`admin.reports.agi.corrections.causes.${cause.kind}`, {
                  payout: cause.payoutNumber,
                  date: cause.date ? day(cause.date, locale) : '–',
                  reason: cause.reason ?? '',
                })}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <p data-testid="agi-correction-total">
        {t('admin.reports.agi.corrections.total', { amount: sek(data.correctionTotals.toPay, locale) })}
      </p>
    </section>
  );
}

/** `2026-11` as "november 2026" / "November 2026". */
export function monthLabel(month: string, locale: 'sv' | 'en'): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}
