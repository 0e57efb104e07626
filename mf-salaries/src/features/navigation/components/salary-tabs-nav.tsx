import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { activeSalaryTab, SALARY_TABS } from '../salary-tabs.ts';

export function SalaryTabsNav() {
  const { t } = useTranslation(NAMESPACE);
  const active = activeSalaryTab(useLocation().pathname);
  return (
    <nav className="tabs" aria-label={t('tabs.label')}>
      {SALARY_TABS.map((tab) => (
        <Link key={tab.id} to={tab.to} aria-current={tab.id === active ? 'page' : undefined}>
          {t(`tabs.${tab.id}`)}
        </Link>
      ))}
    </nav>
  );
}
