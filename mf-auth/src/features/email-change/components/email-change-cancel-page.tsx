import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { invalidateSession } from '@frilo/openapi/shell-contract';
import { Button, buttonClass } from '@frilo/ui/button';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { useShell } from '@frilo/ui/shell-context';
import { StatusIcon } from '@frilo/ui/status-icon';
import { AuthCard } from '../../../components/auth-card.tsx';
import { failureCode } from '../../../lib/messages.ts';
import { cancelEmailChange } from '../api/cancel-email-change.ts';

type Reason = 'token_invalid' | 'token_used' | 'token_expired' | 'other';
type State =
  | { kind: 'ask' }
  | { kind: 'stopping' }
  | { kind: 'stopped'; email: string }
  | { kind: 'failed'; reason: Reason };

const REASONS = new Set<string>(['token_invalid', 'token_used', 'token_expired']);

// Stopping ends the session, and the shell then swaps the logged-in layout for the plain one, which mounts this
// screen again: the remembered outcome keeps the result on screen.
const outcomes = new Map<string, State>();

/**
 * /email-change-cancel?token=…: the link in the notice to the current address. Opening it changes nothing (mail
 * scanners open links); the button stops the change and logs everyone out, since whoever asked knew the password.
 */
export function EmailChangeCancelPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { session } = useShell();
  const [state, setState] = useState<State>(
    () => outcomes.get(token) ?? (token ? { kind: 'ask' } : { kind: 'failed', reason: 'token_invalid' }),
  );

  const stop = async () => {
    setState({ kind: 'stopping' });
    const result = await cancelEmailChange(token);
    let outcome: State;
    if (result.ok) {
      outcome = { kind: 'stopped', email: result.data.email };
    } else {
      const code =
        result.status === 400 && result.problem?.code === 'validation'
          ? 'token_invalid'
          : failureCode(result.status, result.problem);
      outcome = { kind: 'failed', reason: REASONS.has(code) ? (code as Reason) : 'other' };
    }
    if (outcome.kind === 'stopped') outcomes.set(token, outcome);
    setState(outcome);
  };

  // Every session of the account ended: a browser that held one lets the shell notice, once.
  const stopped = state.kind === 'stopped';
  const hadSession = session !== null;
  const told = useRef(false);
  useEffect(() => {
    if (stopped && hadSession && !told.current) {
      told.current = true;
      invalidateSession();
    }
  }, [stopped, hadSession]);

  if (state.kind === 'ask' || state.kind === 'stopping') {
    return (
      <AuthCard
        id="email-change-cancel"
        title={t('emailChangeCancel.title')}
        lead={<p>{t('emailChangeCancel.lead')}</p>}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void stop();
          }}
        >
          <SubmitButton sending={state.kind === 'stopping'} block>
            {state.kind === 'stopping' ? t('emailChangeCancel.stopping') : t('emailChangeCancel.stop')}
          </SubmitButton>
        </form>
      </AuthCard>
    );
  }
  if (state.kind === 'stopped') {
    return (
      <AuthCard
        id="email-change-cancel"
        live
        icon={<StatusIcon kind="success" />}
        title={t('emailChangeCancel.stopped.title')}
        lead={
          <>
            <p>
              <Trans
                t={t}
                i18nKey="emailChangeCancel.stopped.text"
                values={{ email: state.email }}
                components={{ strong: <strong /> }}
              />
            </p>
            <p>{t('emailChangeCancel.stopped.password')}</p>
          </>
        }
      >
        <Link
          to="/forgotten-password"
          state={{ email: state.email }}
          className={buttonClass({ variant: 'primary', block: true })}
        >
          {t('emailChangeCancel.stopped.newPassword')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      id="email-change-cancel"
      live
      icon={<StatusIcon kind="error" />}
      title={t(`emailChangeCancel.failed.${state.reason}.title`)}
      lead={<p>{t(`emailChangeCancel.failed.${state.reason}.text`)}</p>}
    >
      {state.reason === 'other' ? (
        <Button variant="primary" block onClick={() => void stop()}>
          {t('emailChange.retry')}
        </Button>
      ) : (
        <Link to="/login" className={buttonClass({ variant: 'primary', block: true })}>
          {t('emailChange.login')}
        </Link>
      )}
    </AuthCard>
  );
}
