import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { Alert } from '@frilo/ui/alert';
import { StatusIcon } from '@frilo/ui/status-icon';
import { useMessage } from '@frilo/ui/form/use-message';
import { failureCode } from '@frilo/ui/form/api-result';
import { formatDate } from '../../../lib/format.ts';
import { formMessage, type Message } from '../../../lib/messages.ts';
import {
  confirmPublicRecipient,
  type PublicRecipientConfirmation,
  type PublicRecipientConfirmed,
} from '../api/public-recipient.ts';
import { usePublicRecipient } from '../hooks/use-public-recipient.ts';
import { linkProblemOf, type LinkProblem as Problem } from '../state/link-state.ts';
import { LinkProblem } from './link-problem.tsx';
import { RecipientConfirmed } from './recipient-confirmed.tsx';
import { RecipientCorrectionsForm } from './recipient-corrections-form.tsx';
import { RecipientDetails } from './recipient-details.tsx';
import { cardClass } from '@frilo/ui/card';
import { Button, buttonClass } from '@frilo/ui/button';

/**
 * /recipients/:uuid/verify/:nonce, public: the customer's contact sees what the freelancer entered
 * and who asks, confirms it or corrects it, then gets a thank-you. A link that no longer works says
 * why. The title stays the same in every state; what changes is announced below it.
 */
export function RecipientVerificationPage() {
  const { t } = useTranslation(NAMESPACE);
  const { locale, brand } = useShell();
  const message = useMessage();
  const { uuid = '', nonce = '' } = useParams();
  const { state, reload } = usePublicRecipient(uuid, nonce);
  const [mode, setMode] = useState<'review' | 'correct'>('review');
  const [confirmed, setConfirmed] = useState<PublicRecipientConfirmed | null>(null);
  const [gone, setGone] = useState<Problem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<{ code: string; message: Message } | null>(null);
  const status = useRef<HTMLDivElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const view = confirmed ? 'confirmed' : gone ? 'gone' : mode;

  // A new state of the page (form, thank-you, dead link): focus moves to its heading, so it is read out.
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    (status.current?.querySelector<HTMLElement>('h2') ?? status.current)?.focus();
  }, [view]);

  const startOver = useCallback(() => {
    setMode('review');
    setFailure(null);
    setGone(null);
    reload();
  }, [reload]);

  /** Every confirmation goes through here: a link that stopped working meanwhile switches the page. */
  const confirm = useCallback(
    async (body: PublicRecipientConfirmation) => {
      const result = await confirmPublicRecipient(uuid, nonce, body);
      if (!result.ok && (result.status === 404 || result.status === 410)) setGone(linkProblemOf(result));
      return result;
    },
    [uuid, nonce],
  );

  const confirmAsShown = async (version: number) => {
    setConfirming(true);
    setFailure(null);
    const result = await confirm({ version });
    setConfirming(false);
    if (result.ok) setConfirmed(result.data);
    else if (result.status !== 404 && result.status !== 410) {
      const code = failureCode(result);
      setFailure({ code, message: formMessage('verify', code) });
      // The button was disabled while confirming, so focus goes to what went wrong.
      requestAnimationFrame(() => alert.current?.focus());
    }
  };

  let body;
  if (state.status === 'loading') {
    body = (
      <div className="recipient-state" role="status">
        <StatusIcon kind="pending" />
        <p>{t('verify.loading')}</p>
      </div>
    );
  } else if (state.status === 'problem' || gone) {
    body = (
      <LinkProblem problem={gone ?? (state.status === 'problem' ? state.problem : 'unreachable')} onRetry={startOver} />
    );
  } else if (confirmed) {
    body = <RecipientConfirmed confirmed={confirmed} requestedBy={state.data.requestedBy.name} />;
  } else {
    const { data } = state;
    body = (
      <>
        <p className="recipient-lead">
          {t('verify.lead', { name: data.requestedBy.name, customer: data.recipient.name, brand })}
        </p>
        {mode === 'review' ? (
          <>
            <RecipientDetails recipient={data.recipient} />
            {failure && (
              <Alert alertRef={alert}>
                <p>{message(failure.message)}</p>
                {failure.code === 'recipient_changed' && (
                  <button type="button" className={buttonClass({ size: 'small' })} onClick={startOver}>
                    {t('verify.reload')}
                  </button>
                )}
              </Alert>
            )}
            <div className="recipient-actions">
              <Button
                variant="primary"
                onClick={() => void confirmAsShown(data.version)}
                disabled={confirming}
                busy={confirming}
              >
                {t('verify.confirm')}
              </Button>
              <button type="button" className={buttonClass()} onClick={() => setMode('correct')} disabled={confirming}>
                {t('verify.correctSomething')}
              </button>
            </div>
            <p className="recipient-muted">{t('verify.expires', { date: formatDate(data.expiresAt, locale) })}</p>
          </>
        ) : (
          <RecipientCorrectionsForm
            data={data}
            confirm={confirm}
            onConfirmed={setConfirmed}
            onCancel={() => setMode('review')}
            onReload={startOver}
          />
        )}
      </>
    );
  }

  return (
    <section className={cardClass({ className: 'recipient-page' })} aria-labelledby="recipient-title">
      <h1 id="recipient-title">{t('verify.title')}</h1>
      <div ref={status} tabIndex={-1} className="recipient-page__body">
        {body}
      </div>
    </section>
  );
}
