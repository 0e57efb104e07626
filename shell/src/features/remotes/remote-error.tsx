import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { Icon } from '@frilo/ui/icon';
import { MessageCard } from '@frilo/ui/message-card';
import { describeSupported, type ContractMismatch } from './contract-version.ts';
import type { RemoteLoadFailure } from './load-policy.ts';
import * as icons from '@frilo/ui/icons';

/** Shown in a remote's area when it cannot load or crashed; the rest of the shell keeps working. */
export function RemoteError({ failure, onRetry }: { failure: RemoteLoadFailure; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  if (failure.kind === 'contract' && failure.contract)
    return <RemoteNeedsUpdate remote={failure.remote} mismatch={failure.contract} onRetry={onRetry} />;
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
      <p>{t(`remoteError.${failure.kind === 'contract' ? 'other' : failure.kind}`)}</p>
    </MessageCard>
  );
}

/**
 * The remote and this shell speak different versions of the shell ↔ remote contract, so the remote is not run. An
 * older remote waits for its team's update (Retry reads its manifest again); a newer one means this page is an old
 * shell, which a reload replaces.
 */
function RemoteNeedsUpdate({
  remote,
  mismatch,
  onRetry,
}: {
  remote: string;
  mismatch: ContractMismatch;
  onRetry: () => void;
}) {
  const { t } = useTranslation('shell');
  const shellOutdated = mismatch.reason === 'shell-outdated';
  return (
    <MessageCard
      role="alert"
      icon={icons.info}
      titleId="remote-error-title"
      title={t('remoteNeedsUpdate.title')}
      data-remote={remote}
      data-state="needs-update"
      actions={
        shellOutdated ? (
          <Button variant="primary" onClick={() => window.location.reload()}>
            <Icon icon={icons.refresh} size={18} />
            {t('remoteNeedsUpdate.reload')}
          </Button>
        ) : (
          <Button onClick={onRetry}>
            <Icon icon={icons.refresh} size={18} />
            {t('remoteError.retry')}
          </Button>
        )
      }
      code={t('remoteNeedsUpdate.code', {
        remote,
        declared: mismatch.declared,
        supported: describeSupported(mismatch.supported),
      })}
    >
      <p>{shellOutdated ? t('remoteNeedsUpdate.shellOutdated') : t('remoteNeedsUpdate.remoteOutdated')}</p>
    </MessageCard>
  );
}
