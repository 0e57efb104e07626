import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { Icon } from '@frilo/ui/icon';
import { MessageCard } from '@frilo/ui/message-card';
import type { RemoteLoadFailure } from './load-policy.ts';
import * as icons from '@frilo/ui/icons';

/** Shown in a remote's area when it cannot load or crashed; the rest of the shell keeps working. */
export function RemoteError({ failure, onRetry }: { failure: RemoteLoadFailure; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <MessageCard
      role="alert"
      icon={icons.alert}
      titleId="remote-error-title"
      title={t('remoteError.title')}
      data-remote={failure.remote}
      actions={
        <Button variant="primary" onClick={onRetry}>
          <Icon icon={icons.refresh} size={18} />
          {t('remoteError.retry')}
        </Button>
      }
      code={t('remoteError.code', { remote: failure.remote, code: failure.code ?? failure.kind })}
    >
      <p>{t(`remoteError.${failure.kind}`)}</p>
    </MessageCard>
  );
}
