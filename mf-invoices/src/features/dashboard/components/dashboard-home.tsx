import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { cardClass } from '@frilo/ui/card';
import { PageHeader } from '@frilo/ui/page-header';

/** /dashboard/home: the welcome and the first widgets (the real figures come with the invoice API). */
export function DashboardHome() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  const name = session?.user.displayName ?? '';
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
        <section className={cardClass({ className: 'stat-card' })} aria-labelledby="widget-payout">
          <h2 id="widget-payout">{t('dashboard.payout.title')}</h2>
          <p className="stat-card__value">{t('dashboard.payout.value')}</p>
          <p>{t('dashboard.payout.text')}</p>
        </section>
        <section className={cardClass({ className: 'stat-card' })} aria-labelledby="widget-estimate">
          <h2 id="widget-estimate">{t('dashboard.estimate.title')}</h2>
          <p className="stat-card__value" aria-hidden="true">
            —
          </p>
          <p>{t('dashboard.estimate.text')}</p>
          <Link to="/dashboard/salaries/estimate">{t('dashboard.estimate.link')}</Link>
        </section>
      </div>
      <section className={cardClass({ className: 'getting-started' })} aria-labelledby="getting-started">
        <h2 id="getting-started">{t('dashboard.start.title')}</h2>
        <ol className="steps-list">
          <li>
            <Link to="/dashboard/customers">{t('dashboard.start.customer')}</Link>
          </li>
          <li>
            <Link to="/quotations/create">{t('dashboard.start.invoice')}</Link>
          </li>
          <li>
            <Link to="/dashboard/profile">{t('dashboard.start.bank')}</Link>
          </li>
        </ol>
      </section>
    </div>
  );
}
