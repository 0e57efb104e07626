import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Tabs } from '@frilo/ui/tabs';
import { NAMESPACE } from '../../../app/namespace.ts';
import { activeSalaryTab, SALARY_TABS } from '../salary-tabs.ts';

export function SalaryTabsNav() {
  const { t } = useTranslation(NAMESPACE);
  const active = activeSalaryTab(useLocation().pathname);
  return (
    <Tabs
      label={t('tabs.label')}
      active={active}
      tabs={SALARY_TABS.map((tab) => ({ id: tab.id, to: tab.to, label: t(`tabs.${tab.id}`) }))}
    />
  );
}
