import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '../../../app/shell-context.ts';
import { api } from '../../../lib/api.ts';
import { invalidateSession } from '../../../lib/shell-contract.ts';

type State = 'confirming' | 'confirmed' | 'failed';

/** /confirm/:id/:token: the link from the confirmation email. */
export function ConfirmEmailPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id = '', token = '' } = useParams();
  const { session } = useShell();
  const [state, setState] = useState<State>('confirming');

  useEffect(() => {
    let cancelled = false;
    api.POST('/api/auth/confirm-email', { body: { id, token } }).then(
      ({ data }) => !cancelled && setState(data ? 'confirmed' : 'failed'),
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [id, token]);

  return (
    <section className="card card--narrow auth-card" aria-live="polite">
      <h1>{t(`confirm.${state}.title`)}</h1>
      <p className="auth-card__lead">{t(`confirm.${state}.text`)}</p>
      {state === 'confirmed' &&
        (session ? (
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => invalidateSession('/dashboard/home')}
          >
            {t('confirm.continue')}
          </button>
        ) : (
          <Link to="/login" className="button button--primary button--block">
            {t('confirm.login')}
          </Link>
        ))}
    </section>
  );
}
