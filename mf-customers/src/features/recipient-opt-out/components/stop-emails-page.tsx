import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
import * as icons from '@frilo/ui/icons';
import { useShell } from '@frilo/ui/shell-context';
import { StatusIcon } from '@frilo/ui/status-icon';
import { NAMESPACE } from '../../../app/namespace.ts';
import { stopRecipientEmails } from '../api/stop-emails.ts';

type State =
  | { kind: 'ask' }
  | { kind: 'stopping' }
  | { kind: 'stopped'; email: string }
  | { kind: 'not_found' }
  | { kind: 'unreachable' };

/**
 * /recipients/:uuid/stop/:nonce, public: the "I did not ask for this" link of a verification email. Opening it changes
 * nothing (mail scanners open links); the button stops every further verification email to the address, from anyone.
 */
export function StopEmailsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { brand } = useShell();
  const { uuid = '', nonce = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'ask' });
  const status = useRef<HTMLDivElement>(null);

  // After the answer, focus moves to its heading so it is read out.
  useEffect(() => {
    if (state.kind !== 'ask' && state.kind !== 'stopping') status.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [state.kind]);

  const stop = async () => {
    setState({ kind: 'stopping' });
    const result = await stopRecipientEmails(uuid, nonce);
    if (result.ok) setState({ kind: 'stopped', email: result.data.email });
    else setState({ kind: result.status === 404 || result.status === 400 ? 'not_found' : 'unreachable' });
  };

  let body;
  if (state.kind === 'stopped') {
    body = (
      <div className="recipient-state">
        <StatusIcon kind="success" icon={icons.check} />
        <h2 tabIndex={-1}>{t('optOut.stopped.title')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="optOut.stopped.text"
            values={{ email: state.email, brand }}
            components={{ strong: <strong /> }}
          />
        </p>
      </div>
    );
  } else if (state.kind === 'not_found' || state.kind === 'unreachable') {
    body = (
      <div className="recipient-state" role={state.kind === 'unreachable' ? 'alert' : undefined}>
        <StatusIcon
          kind={state.kind === 'unreachable' ? 'error' : 'warning'}
          icon={state.kind === 'unreachable' ? icons.close : icons.link}
        />
        <h2 tabIndex={-1}>{t(`optOut.${state.kind}.title`)}</h2>
        <p>{t(`optOut.${state.kind}.text`)}</p>
        {state.kind === 'unreachable' && (
          <Button variant="primary" onClick={() => void stop()}>
            {t('verify.retry')}
          </Button>
        )}
      </div>
    );
  } else {
    const stopping = state.kind === 'stopping';
    body = (
      <>
        <p className="recipient-lead">{t('optOut.lead', { brand })}</p>
        <p>{t('optOut.effect')}</p>
        <div className="recipient-actions">
          <Button variant="primary" onClick={() => void stop()} disabled={stopping} busy={stopping}>
            {t('optOut.stop')}
          </Button>
        </div>
        <p className="recipient-muted">{t('optOut.ignore')}</p>
      </>
    );
  }

  return (
    <section className={cardClass({ className: 'recipient-page' })} aria-labelledby="opt-out-title">
      <h1 id="opt-out-title">{t('optOut.title')}</h1>
      <div ref={status} className="recipient-page__body" aria-live="polite">
        {body}
      </div>
    </section>
  );
}
