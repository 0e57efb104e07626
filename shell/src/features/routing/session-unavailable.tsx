import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { Icon } from '@frilo/ui/icon';
import { MessageCard } from '@frilo/ui/message-card';
import * as icons from '@frilo/ui/icons';

/** The BFF did not answer the session call: not the same as logged out, so say so and offer a retry. */
export function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <MessageCard
      role="alert"
      icon={icons.alert}
      title={t('sessionError.title')}
      actions={
        <Button variant="primary" onClick={onRetry}>
          <Icon icon={icons.refresh} size={18} />
          {t('remoteError.retry')}
        </Button>
      }
    >
      <p>{t('sessionError.text')}</p>
    </MessageCard>
  );
}
