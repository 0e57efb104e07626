import i18next from 'i18next';
import { useEffect } from 'react';
import { isChunkLoadError, reportChunkFailure } from '@frilo/openapi/shell-contract';
import { NAMESPACE, REMOTE_NAME } from './namespace.ts';

/** This remote's last line of defence: a render error shows here, the shell around it keeps working. */
export function RemoteCrash({ error }: { error: Error }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reportChunkFailure(REMOTE_NAME, error);
  }, [error]);
  const t = i18next.getFixedT(null, NAMESPACE);
  return (
    <section className="remote-error" role="alert">
      <h1>{t('crash.title')}</h1>
      <p>{t('crash.text')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('crash.reload')}
      </button>
    </section>
  );
}
