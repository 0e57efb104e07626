import { useTranslation } from 'react-i18next';
import { Icon } from '../layout/icons.tsx';
import type { RemoteLoadFailure } from './load-policy.ts';

/** Shown in a remote's area when it cannot load or crashed; the rest of the shell keeps working. */
export function RemoteError({ failure, onRetry }: { failure: RemoteLoadFailure; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className="remote-error" role="alert" aria-labelledby="remote-error-title" data-remote={failure.remote}>
      <span className="remote-error__icon" aria-hidden="true">
        <Icon name="alert" size={28} />
      </span>
      <h1 id="remote-error-title">{t('remoteError.title')}</h1>
      <p>{t(`remoteError.${failure.kind}`)}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        <Icon name="refresh" size={18} />
        {t('remoteError.retry')}
      </button>
      <p className="remote-error__code">
        {t('remoteError.code', { remote: failure.remote, code: failure.code ?? failure.kind })}
      </p>
    </section>
  );
}
