import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { Alert } from '@frilo/ui/alert';
import { StatusIcon } from '@frilo/ui/status-icon';
import { Button, buttonClass } from '@frilo/ui/button';
import { useMessage } from '@frilo/ui/form/use-message';
import { notify } from '@frilo/openapi/shell-contract';
import { codeMessage, failureCode, type Message } from '../../../lib/messages.ts';
import { onConfirmedElsewhere } from '../../confirm-email/confirmed-channel.ts';
import { resendConfirmationByEmail } from '../api/resend-confirmation-by-email.ts';
import { forgetSentTo, sameAddress, tabStorage } from '../state/sent-to.ts';

/** After a link was sent, the button rests this long: the next email needs a moment to arrive anyway. */
const RESEND_PAUSE_MS = 30_000;

/**
 * After sign-up. Worded the same whether or not the address already had an account: the BFF
 * answers alike and emails the owner of an existing account instead (privacy). It survives a
 * reload (the address is in this tab's sessionStorage), sends the link again, and moves on to the
 * login by itself when another tab of this browser opens the confirmation link.
 */
export function SignUpSent({ email, onRestart }: { email: string; onRestart: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const [resting, setResting] = useState(false);
  const restTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(restTimer.current), []);

  useEffect(
    () =>
      onConfirmedElsewhere((confirmed) => {
        if (!sameAddress(confirmed, email)) return;
        forgetSentTo(tabStorage());
        notify('success', t('signUp.sent.confirmedElsewhere'));
        navigate('/login', { state: { email } });
      }),
    [email, navigate, t],
  );

  function rest(ms: number) {
    setResting(true);
    clearTimeout(restTimer.current);
    restTimer.current = setTimeout(() => setResting(false), ms);
  }

  async function resend() {
    setSending(true);
    setError(null);
    setResent(false);
    const result = await resendConfirmationByEmail(email);
    setSending(false);
    if (result.ok) {
      setResent(true);
      rest(RESEND_PAUSE_MS);
      return;
    }
    // Rate limited: the button waits as long as the BFF asks (at most an hour).
    if (result.retryAfter) rest(Math.min(result.retryAfter, 3600) * 1000);
    setError(codeMessage('pleaseConfirm', failureCode(result.status, result.problem)));
  }

  return (
    <AuthCard
      id="sign-up-sent"
      icon={<StatusIcon kind="mail" />}
      title={t('signUp.sent.title')}
      focusTitle
      lead={
        <p>
          <Trans t={t} i18nKey="signUp.sent.text" values={{ email }} components={{ strong: <strong /> }} />
        </p>
      }
      footer={
        <p>
          {t('signUp.sent.wrongAddress')}{' '}
          <button type="button" className="auth-link-button" onClick={onRestart}>
            {t('signUp.sent.restart')}
          </button>
        </p>
      }
    >
      <div className="auth-stack">
        <Link
          to="/login"
          state={{ email }}
          className={buttonClass({ variant: 'primary', block: true })}
          onClick={() => forgetSentTo(tabStorage())}
        >
          {t('signUp.sent.login')}
        </Link>
        {error && <Alert>{message(error)}</Alert>}
        {resent && <Alert kind="success">{t('signUp.sent.resent')}</Alert>}
        <div className="auth-help">
          <h2 className="auth-help__title">{t('signUp.sent.noEmailTitle')}</h2>
          <p>{t('signUp.sent.spam')}</p>
          <Button onClick={() => void resend()} disabled={sending || resting} busy={sending}>
            {t('signUp.sent.resend')}
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
