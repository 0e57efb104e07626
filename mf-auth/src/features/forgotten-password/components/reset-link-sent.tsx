import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { Alert } from '@frilo/ui/alert';
import { StatusIcon } from '@frilo/ui/status-icon';
import { Button } from '@frilo/ui/button';

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
      {error && <Alert>{error}</Alert>}
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
        <Button onClick={onSendAgain} disabled={sending} busy={sending}>
          {t('forgotten.sent.again')}
        </Button>
      </div>
    </AuthCard>
  );
}
