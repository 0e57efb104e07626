import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '../../../app/shell-context.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { StatusIcon } from '../../../components/status-icon.tsx';
import { failureCode } from '../../../lib/messages.ts';
import { invalidateSession, track } from '@frilo/openapi/shell-contract';
import { confirmEmailChange } from '../api/confirm-email-change.ts';

type Reason = 'token_invalid' | 'token_used' | 'token_expired' | 'email_taken' | 'other';
type State = { kind: 'confirming' } | { kind: 'confirmed'; email: string } | { kind: 'failed'; reason: Reason };

const REASONS = new Set<string>(['token_invalid', 'token_used', 'token_expired', 'email_taken']);

/**
 * /email-change-confirm?token=…: shows the result of confirming a new login address (docs/product/accounts.md#email-change).
 * Confirming ends every session of the user, so afterwards they log in again with the new address.
 */
export function EmailChangeConfirmPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { session } = useShell();
  const [state, setState] = useState<State>({ kind: 'confirming' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) {
      setState({ kind: 'failed', reason: 'token_invalid' });
      return;
    }
    let cancelled = false;
    setState({ kind: 'confirming' });
    void confirmEmailChange(token, attempt > 0).then((result) => {
      if (cancelled) return;
      if (result.ok) {
        track('email_changed');
        setState({ kind: 'confirmed', email: result.data.email });
        return;
      }
      const code =
        result.status === 400 && result.problem?.code === 'validation'
          ? 'token_invalid'
          : failureCode(result.status, result.problem);
      setState({ kind: 'failed', reason: REASONS.has(code) ? (code as Reason) : 'other' });
    });
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);

  // The BFF ended the session this browser held (when it was this user's): let the shell notice,
  // once (a session of someone else stays, and its new props must not ask again).
  const confirmed = state.kind === 'confirmed';
  const hadSession = session !== null;
  const told = useRef(false);
  useEffect(() => {
    if (confirmed && hadSession && !told.current) {
      told.current = true;
      invalidateSession();
    }
  }, [confirmed, hadSession]);

  if (state.kind === 'confirming') {
    return (
      <AuthCard
        id="email-change"
        live
        icon={<StatusIcon kind="pending" />}
        title={t('emailChange.confirming.title')}
        lead={<p>{t('emailChange.confirming.text')}</p>}
      />
    );
  }
  if (state.kind === 'confirmed') {
    return (
      <AuthCard
        id="email-change"
        live
        icon={<StatusIcon kind="success" />}
        title={t('emailChange.confirmed.title')}
        lead={
          <p>
            <Trans
              t={t}
              i18nKey="emailChange.confirmed.text"
              values={{ email: state.email }}
              components={{ strong: <strong /> }}
            />
          </p>
        }
      >
        <Link to="/login" state={{ email: state.email }} className="button button--primary button--block">
          {t('emailChange.confirmed.login')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      id="email-change"
      live
      icon={<StatusIcon kind="error" />}
      title={t(`emailChange.failed.${state.reason}.title`)}
      lead={<p>{t(`emailChange.failed.${state.reason}.text`)}</p>}
    >
      {state.reason === 'other' ? (
        <button type="button" className="button button--primary button--block" onClick={() => setAttempt((n) => n + 1)}>
          {t('emailChange.retry')}
        </button>
      ) : session ? (
        <Link to="/dashboard/profile" className="button button--primary button--block">
          {t('emailChange.toProfile')}
        </Link>
      ) : (
        <Link to="/login" className="button button--primary button--block">
          {t('emailChange.login')}
        </Link>
      )}
    </AuthCard>
  );
}
