import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@frilo/ui/page-header';
import { NAMESPACE } from '../../../app/namespace.ts';
import { SalaryTabsNav } from './salary-tabs-nav.tsx';

/** The salary area's frame: title, tabs, content. */
export function SalaryPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div>
      <PageHeader>
        <h1>{t('title')}</h1>
        <p>{t('lead')}</p>
      </PageHeader>
      <SalaryTabsNav />
      {children}
    </div>
  );
}
