import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCard } from '@frilo/ui/message-card';
import { PageHeader } from '@frilo/ui/page-header';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';

/**
 * A back-office screen's frame. Only an admin acting as themselves sees it (the BFF refuses the operations to
 * everyone else whatever a browser shows; this only spares others a screen of refusals).
 */
export function AdminPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  if (!session?.user.isAdmin || session.isImpersonating) {
    return (
      <MessageCard eyebrow="404" title={t('admin.notFound.title')}>
        <p>{t('admin.notFound.text')}</p>
      </MessageCard>
    );
  }
  return (
    <div className="salary-admin">
      <PageHeader>
        <h1>{title}</h1>
        <p>{lead}</p>
      </PageHeader>
      {children}
    </div>
  );
}
