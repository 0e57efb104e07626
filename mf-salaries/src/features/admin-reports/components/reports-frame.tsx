import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Tabs } from '@frilo/ui/tabs';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AdminPage } from '../../admin-shared/components/admin-page.tsx';

/** The operator's reports, each a URL of its own under /admin/reports. */
export const REPORT_TABS = [
  { id: 'employerDeclaration', to: '/admin/reports/employer-declaration' },
  { id: 'vatReturn', to: '/admin/reports/vat-return' },
  { id: 'ecSalesList', to: '/admin/reports/ec-sales-list' },
  { id: 'bookkeeping', to: '/admin/reports/bookkeeping' },
] as const;

/** A report's frame: the back office's header, the tabs between the reports, then the report. */
export function ReportsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const { pathname } = useLocation();
  const active = REPORT_TABS.find((tab) => pathname.startsWith(tab.to))?.id ?? null;
  return (
    <AdminPage title={t('admin.reports.title')} lead={t('admin.reports.lead')}>
      <Tabs
        label={t('admin.reports.tabs.label')}
        active={active}
        tabs={REPORT_TABS.map((tab) => ({ id: tab.id, to: tab.to, label: t(`admin.reports.tabs.${tab.id}`) }))}
      />
      <div className="salary-admin__sections salary-report">{children}</div>
    </AdminPage>
  );
}

/** A figure as a labelled pair in a summary list. */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="salary-report__figure">
      <dt>{label}</dt>
      <dd className="salary-amount" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
