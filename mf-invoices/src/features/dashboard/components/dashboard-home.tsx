import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { cardClass } from '@frilo/ui/card';
import { PageHeader } from '@frilo/ui/page-header';
import { useStartData } from '../hooks/use-start-data.ts';
import { NextSalaryCard } from './next-salary-card.tsx';
import { StartChecklist } from './start-checklist.tsx';

/** /dashboard/home: the welcome and the first widgets (the real figures come with the invoice API). */
export function DashboardHome() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  const name = session?.user.displayName ?? '';
  const start = useStartData();
  return (
    <div className="invoices-dashboard">
      <PageHeader>
        <h1>{t('dashboard.welcome', { name })}</h1>
        <p>{t('dashboard.lead')}</p>
      </PageHeader>
      <div className="invoices-widgets">
        <section className={cardClass({ className: 'stat-card' })} aria-labelledby="widget-unpaid">
          <h2 id="widget-unpaid">{t('dashboard.unpaid.title')}</h2>
          <p className="stat-card__value" aria-hidden="true">
            —
          </p>
          <p>{t('dashboard.unpaid.text')}</p>
        </section>
        <NextSalaryCard summary={start.summary} profile={start.facts.profile} />
        <section className={cardClass({ className: 'stat-card' })} aria-labelledby="widget-estimate">
          <h2 id="widget-estimate">{t('dashboard.estimate.title')}</h2>
          <p className="stat-card__value" aria-hidden="true">
            —
          </p>
          <p>{t('dashboard.estimate.text')}</p>
          <Link to="/dashboard/salaries/estimate">{t('dashboard.estimate.link')}</Link>
        </section>
      </div>
      {!start.loading && <StartChecklist facts={start.facts} />}
    </div>
  );
}
