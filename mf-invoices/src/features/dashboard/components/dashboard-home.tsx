import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { PageHeader } from '@frilo/ui/page-header';
import { useDashboardSummary } from '../hooks/use-dashboard-summary.ts';
import { useStartData } from '../hooks/use-start-data.ts';
import { NextSalaryCard } from './next-salary-card.tsx';
import { StartChecklist } from './start-checklist.tsx';
import { SummaryWidgets } from './summary-widgets.tsx';
import '../dashboard.css';

/** /dashboard/home: the welcome, the summary widgets (each in its own file) and the way to get started. */
export function DashboardHome() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  const name = session?.user.displayName ?? '';
  const start = useStartData();
  // One read of the summary for the figures and the next-salary card (each used to ask for it).
  const summary = useDashboardSummary();
  return (
    <div className="invoices-dashboard">
      <PageHeader>
        <h1>{t('dashboard.welcome', { name })}</h1>
        <p>{t('dashboard.lead')}</p>
      </PageHeader>
      {!start.loading && <StartChecklist facts={start.facts} />}
      <SummaryWidgets
        {...summary}
        payoutFallback={(latest, loaded) => (
          <NextSalaryCard summary={loaded} profile={start.facts.profile}>
            {latest}
          </NextSalaryCard>
        )}
      />
    </div>
  );
}
