import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { AuthCard } from '../../../components/auth-card.tsx';
import { StatusIcon } from '@frilo/ui/status-icon';
import { failureCode } from '../../../lib/messages.ts';
import { invalidateSession, track } from '@frilo/openapi/shell-contract';
import { confirmEmail } from '../api/confirm-email.ts';
import { announceConfirmed } from '../confirmed-channel.ts';
import { forgetSentTo, readSentTo, sameAddress, tabStorage } from '../../sign-up/state/sent-to.ts';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';
import { buttonClass } from '@frilo/ui/button';

type State =
  | { kind: 'confirming' }
  | { kind: 'confirmed'; email: string }
  | { kind: 'failed'; reason: 'token_invalid' | 'token_used' | 'token_expired' | 'other' };

const REASONS = new Set(['token_invalid', 'token_used', 'token_expired']);

/** /confirm/:id/:token: the link from the confirmation email (docs/product/accounts.md#email-confirmation). */
export function ConfirmEmailPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id = '', token = '' } = useParams();
  const { session } = useShell();
  const [state, setState] = useState<State>({ kind: 'confirming' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ kind: 'confirming' });
    void confirmEmail(id, token, attempt > 0).then((result) => {
      if (cancelled) return;
      if (result.ok) {
        track('email_confirmed');
        // The tab that shows "check your inbox" for this address moves on by itself.
        announceConfirmed(result.data.email);
        // Confirmed in the tab that signed up: its "check your inbox" is done.
        const sentTo = readSentTo(tabStorage());
        if (sentTo && sameAddress(sentTo, result.data.email)) forgetSentTo(tabStorage());
        setState({ kind: 'confirmed', email: result.data.email });
        return;
      }
      // A link that is not even shaped like one (a cut-off copy) fails the contract: "not valid".
      const code =
        result.status === 400 && result.problem?.code === 'validation'
          ? 'token_invalid'
          : failureCode(result.status, result.problem);
      setState({ kind: 'failed', reason: REASONS.has(code) ? (code as 'token_invalid') : 'other' });
    });
    return () => {
      cancelled = true;
    };
  }, [id, token, attempt]);

  if (state.kind === 'confirming') {
    return (
      <AuthCard
        id="confirm"
        live
        icon={<StatusIcon kind="pending" />}
        title={t('confirm.confirming.title')}
        lead={<p>{t('confirm.confirming.text')}</p>}
      />
    );
  }

  if (state.kind === 'confirmed') {
    return (
      <AuthCard
        id="confirm"
        live
        icon={<StatusIcon kind="success" />}
        title={t('confirm.confirmed.title')}
        lead={<p>{session ? t('confirm.confirmed.textLoggedIn') : t('confirm.confirmed.text')}</p>}
      >
        {session ? (
          <button
            type="button"
            className={buttonClass({ variant: 'primary', block: true })}
            onClick={() => invalidateSession('/dashboard/home')}
          >
            {t('confirm.continue')}
          </button>
        ) : (
          <Link to="/login" state={{ email: state.email }} className={buttonClass({ variant: 'primary', block: true })}>
            {t('confirm.login')}
          </Link>
        )}
      </AuthCard>
    );
  }

  const reason = state.reason;
  return (
    <AuthCard
      id="confirm"
      live
      icon={<StatusIcon kind="error" />}
      title={t(`confirm.failed.${reason}.title`)}
      lead={<p>{session ? t(`confirm.failed.${reason}.textLoggedIn`) : t(`confirm.failed.${reason}.text`)}</p>}
    >
      <div className="auth-card__actions">
        {reason === 'other' && (
          <button
            type="button"
            className={buttonClass({ variant: 'primary' })}
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t('confirm.retry')}
          </button>
        )}
        {session && reason !== 'other' && reason !== 'token_used' && <ResendConfirmationButton primary />}
        {session && reason === 'token_used' && (
          <button
            type="button"
            className={buttonClass({ variant: 'primary' })}
            onClick={() => invalidateSession('/dashboard/home')}
          >
            {t('confirm.continue')}
          </button>
        )}
        {!session && (
          <Link to="/login" className={buttonClass({ variant: 'primary' })}>
            {t('confirm.login')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
