import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { StatusIcon } from '../../../components/status-icon.tsx';

/**
 * "Check your inbox", worded for both cases: the BFF answers the same whether or not the address
 * has an account, and only then sends a link.
 */
export function ResetLinkSent({
  email,
  onSendAgain,
  sending,
  error,
}: {
  email: string;
  onSendAgain: () => void;
  sending: boolean;
  error: string | null;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AuthCard
      id="forgotten-sent"
      icon={<StatusIcon kind="mail" />}
      title={t('forgotten.sent.title')}
      focusTitle
      lead={
        <p>
          <Trans t={t} i18nKey="forgotten.sent.text" values={{ email }} components={{ strong: <strong /> }} />
        </p>
      }
      footer={
        <p>
          <Link to="/login" state={{ email }}>
            {t('backToLogin')}
          </Link>
        </p>
      }
    >
      {error && <FormAlert>{error}</FormAlert>}
      <div className="auth-help">
        <h2 className="auth-help__title">{t('forgotten.sent.noEmailTitle')}</h2>
        <p>{t('forgotten.sent.noEmailText')}</p>
        <p>
          <Trans
            t={t}
            i18nKey="support.contact"
            values={{ email: t('support.email') }}
            components={{ mail: <a href={`mailto:${t('support.email')}`} /> }}
          />
        </p>
        <button
          type="button"
          className="button"
          onClick={onSendAgain}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending && <span className="spinner auth-button-spinner" aria-hidden="true" />}
          {t('forgotten.sent.again')}
        </button>
      </div>
    </AuthCard>
  );
}
