import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { failureCode, type ApiFailure } from '@frilo/ui/form/api-result';
import { LoadingIndicator } from '@frilo/ui/loading';
import { MessageCard } from '@frilo/ui/message-card';
import { NAMESPACE } from '../../app/namespace.ts';

/** While a list has not arrived: loading, or why it failed with a retry. */
export function ListPending({ failure, onRetry }: { failure: ApiFailure | null; onRetry: () => void }): ReactNode {
  const { t } = useTranslation(NAMESPACE);
  if (!failure) return <LoadingIndicator />;
  const code = failureCode(failure);
  return (
    <MessageCard
      role="alert"
      headingLevel={2}
      title={t('loadFailed.title')}
      actions={
        <Button variant="primary" onClick={onRetry}>
          {t('loadFailed.retry')}
        </Button>
      }
    >
      <p>{code === 'network' ? t('loadFailed.network') : t('loadFailed.text')}</p>
    </MessageCard>
  );
}
