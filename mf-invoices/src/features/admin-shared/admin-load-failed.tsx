import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { failureCode, type ApiFailure } from '@frilo/ui/form/api-result';
import { MessageCard } from '@frilo/ui/message-card';
import { NAMESPACE } from '../../app/namespace.ts';

/** A back-office page whose data did not arrive: why, and a retry (none for something that is gone). */
export function AdminLoadFailed({ failure, onRetry }: { failure: ApiFailure; onRetry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const code = failureCode(failure);
  const key = code === 'network' ? 'network' : code === 'not_found' ? 'notFound' : 'generic';
  return (
    <MessageCard
      role="alert"
      headingLevel={2}
      title={t('admin.loadFailed.title')}
      actions={
        key === 'notFound' ? undefined : (
          <Button variant="primary" onClick={onRetry}>
            {t('admin.loadFailed.retry')}
          </Button>
        )
      }
    >
      <p>{t(`admin.loadFailed.${key}`)}</p>
    </MessageCard>
  );
}

/** A moment in Swedish time, to the minute (where the support team works). */
export function when(iso: string): string {
  return new Date(iso).toLocaleString('sv-SE', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'short',
    timeStyle: 'short',
  });
}
