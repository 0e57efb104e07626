import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invalidateSession } from '@frilo/openapi/shell-contract';
import { Button, buttonClass } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { MessageCard } from '@frilo/ui/message-card';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { confirmAccountChange, stopAccountChange } from '../api/bank-account.ts';

type Kind = 'confirm' | 'stop';
type Reason =
  | 'token_invalid'
  | 'token_used'
  | 'token_expired'
  | 'bank_account_change_stopped'
  | 'bank_account_change_superseded'
  | 'other';
type State =
  | { kind: 'ask' }
  | { kind: 'working' }
  | { kind: 'done'; account: string; email: string | null }
  | { kind: 'failed'; reason: Reason };

const REASONS = new Set<string>([
  'token_invalid',
  'token_used',
  'token_expired',
  'bank_account_change_stopped',
  'bank_account_change_superseded',
]);

export const SUPPORT_EMAIL = 'support@frilo.se';

// A stop ends the session, and the shell then swaps the logged-in layout for the plain one, which mounts this screen
// again: the remembered outcome keeps the result on screen.
const outcomes = new Map<string, State>();

/**
 * /bank-account-change/confirm?token=… and /bank-account-change/stop?token=…: the links of the email that announced a
 * salary account change (docs/product/payments.md#payout-holds). Opening one changes nothing (mail scanners open
 * links); the button confirms the change (the held payouts are released) or stops payouts to the account.
 */
export function AccountChangeLinkPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const key = `${kind}:${token}`;
  const [state, setState] = useState<State>(
    () => outcomes.get(key) ?? (token ? { kind: 'ask' } : { kind: 'failed', reason: 'token_invalid' }),
  );

  const act = async () => {
    setState({ kind: 'working' });
    const result = kind === 'confirm' ? await confirmAccountChange(token) : await stopAccountChange(token);
    let outcome: State;
    if (result.ok) {
      outcome = {
        kind: 'done',
        account: result.data.account,
        email: 'email' in result.data && typeof result.data.email === 'string' ? result.data.email : null,
      };
      outcomes.set(key, outcome);
    } else {
      const code =
        result.status === 400 && result.problem?.code === 'validation' ? 'token_invalid' : failureCode(result);
      outcome = { kind: 'failed', reason: REASONS.has(code) ? (code as Reason) : 'other' };
    }
    setState(outcome);
  };

  // A stop ended every session of the account: a browser that held one lets the shell notice, once.
  const stopped = kind === 'stop' && state.kind === 'done';
  const hadSession = session !== null;
  const told = useRef(false);
  useEffect(() => {
    if (stopped && hadSession && !told.current) {
      told.current = true;
      invalidateSession();
    }
  }, [stopped, hadSession]);

  const base = `changeLink.${kind}`;
  if (state.kind === 'ask' || state.kind === 'working') {
    return (
      <MessageCard
        title={t(`${base}.title`)}
        actions={
          <Button
            variant={kind === 'stop' ? 'danger' : 'primary'}
            busy={state.kind === 'working'}
            disabled={state.kind === 'working'}
            onClick={() => void act()}
          >
            {t(`${base}.button`)}
          </Button>
        }
      >
        <p>{t(`${base}.lead`)}</p>
        <p className="salary-muted">{t(`${base}.other`)}</p>
      </MessageCard>
    );
  }
  if (state.kind === 'done') {
    return (
      <MessageCard
        live
        title={t(`${base}.done.title`)}
        actions={
          kind === 'stop' ? (
            <Link to="/forgotten-password" className={buttonClass({ variant: 'primary' })}>
              {t('changeLink.stop.done.newPassword')}
            </Link>
          ) : (
            <Link
              to={session ? '/dashboard/salaries/transactions' : '/login'}
              className={buttonClass({ variant: 'primary' })}
            >
              {t(session ? 'changeLink.toSalaries' : 'changeLink.login')}
            </Link>
          )
        }
      >
        <p>
          <Trans
            t={t}
            i18nKey={`${base}.done.text`}
            values={{ account: state.account }}
            components={{ strong: <strong /> }}
          />
        </p>
        {kind === 'stop' && (
          <ol className="salary-steps">
            <li>{t('changeLink.stop.done.password')}</li>
            <li>{t('changeLink.stop.done.register')}</li>
            <li>
              <Trans
                t={t}
                i18nKey="changeLink.stop.done.support"
                values={{ email: SUPPORT_EMAIL }}
                components={{ mail: <a href={`mailto:${SUPPORT_EMAIL}`} /> }}
              />
            </li>
          </ol>
        )}
      </MessageCard>
    );
  }
  return (
    <MessageCard
      live
      title={t(`changeLink.failed.${state.reason}.title`)}
      actions={
        state.reason === 'other' ? (
          <Button variant="primary" onClick={() => void act()}>
            {t('changeLink.retry')}
          </Button>
        ) : (
          <Link
            to={session ? '/dashboard/salaries/transactions' : '/login'}
            className={buttonClass({ variant: 'primary' })}
          >
            {t(session ? 'changeLink.toSalaries' : 'changeLink.login')}
          </Link>
        )
      }
    >
      <p>{t(`changeLink.failed.${state.reason}.${kind}`)}</p>
    </MessageCard>
  );
}
