import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '@frilo/ui/page-header';
import { useShell } from '@frilo/ui/shell-context';
import { Tabs } from '@frilo/ui/tabs';
import { NAMESPACE } from '../../../app/namespace.ts';
import { activeLegacyTab, LEGACY_TABS } from '../legacy-tabs.ts';

/** The legacy area's frame: title, tabs, content. */
export function LegacyPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const { brand } = useShell();
  const active = activeLegacyTab(useLocation().pathname);
  return (
    <div>
      <PageHeader>
        <h1>{t('title', { brand })}</h1>
        <p>{t('lead', { brand })}</p>
      </PageHeader>
      <Tabs
        label={t('tabs.label')}
        active={active}
        tabs={LEGACY_TABS.map((tab) => ({ id: tab.id, to: tab.to, label: t(`tabs.${tab.id}`) }))}
      />
      {children}
    </div>
  );
}
