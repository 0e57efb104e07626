import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { activeLegacyTab, LEGACY_TABS } from '../legacy-tabs.ts';

/** The legacy area's frame: title, tabs, content. */
export function LegacyPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const { brand } = useShell();
  const active = activeLegacyTab(useLocation().pathname);
  return (
    <div>
      <header className="page-header">
        <div>
          <h1>{t('title', { brand })}</h1>
          <p>{t('lead', { brand })}</p>
        </div>
      </header>
      <nav className="tabs" aria-label={t('tabs.label')}>
        {LEGACY_TABS.map((tab) => (
          <Link key={tab.id} to={tab.to} aria-current={tab.id === active ? 'page' : undefined}>
            {t(`tabs.${tab.id}`)}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
