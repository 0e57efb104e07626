import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { failureCode, type ApiFailure } from '@frilo/ui/form/api-result';
import { MessageCard } from '@frilo/ui/message-card';
import { NAMESPACE } from '../app/namespace.ts';

/** A list that could not be loaded: why, and try again. */
export function LoadFailed({ failure, onRetry }: { failure: ApiFailure; onRetry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
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
      <p>{t([`errors.form.${failureCode(failure)}`, 'errors.form.generic'])}</p>
    </MessageCard>
  );
}
