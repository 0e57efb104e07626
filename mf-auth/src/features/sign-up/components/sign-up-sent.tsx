import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { StatusIcon } from '@frilo/ui/status-icon';
import { buttonClass } from '@frilo/ui/button';

/**
 * After sign-up. Worded the same whether or not the address already had an account: the BFF
 * answers alike and emails the owner of an existing account instead (privacy).
 */
export function SignUpSent({ email }: { email: string }) {
  const { t } = useTranslation(NAMESPACE);
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
      footer={<p>{t('signUp.sent.spam')}</p>}
    >
      <Link to="/login" state={{ email }} className={buttonClass({ variant: 'primary', block: true })}>
        {t('signUp.sent.login')}
      </Link>
    </AuthCard>
  );
}
