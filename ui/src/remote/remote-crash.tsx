import i18next from 'i18next';
import { useEffect } from 'react';
import { isChunkLoadError, reportChunkFailure, type Locale } from '@frilo/openapi/shell-contract';
import { Button } from '../button/button.tsx';
import { kitText } from '../i18n/kit-text.ts';
import { MessageCard } from '../message-card/message-card.tsx';

/**
 * A remote's last line of defence: a render error shows here, the shell around it keeps working.
 * A chunk that failed to load is reported to the shell, which reloads the page once. It renders
 * outside the remote's providers (they are what crashed), so it reads i18next directly.
 */
export function RemoteCrash({
  error,
  remote,
  namespace,
  locale,
}: {
  error: Error;
  remote: string;
  namespace: string;
  locale: Locale;
}) {
  useEffect(() => {
    if (isChunkLoadError(error)) reportChunkFailure(remote, error);
  }, [error, remote]);
  const t = i18next.getFixedT(null, namespace);
  const text = (key: string) => t(key, { defaultValue: kitText(locale, key) });
  return (
    <MessageCard
      role="alert"
      title={text('crash.title')}
      actions={
        <Button variant="primary" onClick={() => window.location.reload()}>
          {text('crash.reload')}
        </Button>
      }
    >
      <p>{text('crash.text')}</p>
    </MessageCard>
  );
}
