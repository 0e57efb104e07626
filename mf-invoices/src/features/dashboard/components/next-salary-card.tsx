import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { cardClass } from '@frilo/ui/card';
import { formatSek } from '@frilo/ui/money';
import type { DashboardSummary } from '../api/dashboard-summary.ts';
import type { Profile } from '../api/start-data.ts';
import { nextSalary } from '../state/next-salary.ts';

/**
 * The next salary, as far as it is true today: a day only when paid money waits to be paid out;
 * otherwise what has to happen first, with the rule of the user's payout preference; `children` below (the latest
 * payout's line: "Utbetald 20 nov").
 */
export function NextSalaryCard({
  summary,
  profile,
  children,
}: {
  summary: DashboardSummary | null;
  profile: Profile | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const preference = profile?.payoutPreference ?? 'payout_monthly';
  const rule = t(preference === 'payout_immediate' ? 'dashboard.payout.ruleImmediate' : 'dashboard.payout.ruleMonthly');
  const salary = summary ? nextSalary(summary, preference) : null;
  let value = '—';
  let text = rule;
  if (salary?.kind === 'date') {
    value = new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${salary.date}T00:00:00Z`));
    // Swedish and English both have one form for 1 and one for the rest.
    text = t(salary.invoices === 1 ? 'dashboard.payout.estimateOne' : 'dashboard.payout.estimateOther', {
      amount: formatSek(salary.amount, locale),
      count: salary.invoices,
    });
  } else if (salary?.kind === 'waiting') {
    value = t('dashboard.payout.waiting');
  } else if (salary?.kind === 'nothing') {
    value = t('dashboard.payout.nothing');
  }
  return (
    <section className={cardClass({ className: 'stat-card' })} aria-labelledby="widget-payout">
      <h2 id="widget-payout">{t('dashboard.payout.title')}</h2>
      <p className="stat-card__value">{value}</p>
      <p>{text}</p>
      {children}
    </section>
  );
}
