import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { cardClass } from '@frilo/ui/card';
import { PageHeader } from '@frilo/ui/page-header';
import { SummaryWidgets } from './summary-widgets.tsx';
import '../dashboard.css';

/** /dashboard/home: the welcome, the summary widgets (each in its own file) and the way to get started. */
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
      <SummaryWidgets />
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
