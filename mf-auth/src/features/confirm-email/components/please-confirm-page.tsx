import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '../../../app/shell-context.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { StatusIcon } from '../../../components/status-icon.tsx';
import { invalidateSession, requestLogout } from '@frilo/openapi/shell-contract';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';

/** How often coming back to the tab may ask the shell to re-read the session (at most). */
const RECHECK_AFTER_MS = 5000;

/** Every URL but the confirmation link while the email is unconfirmed (docs/product/accounts.md#email-confirmation). */
export function PleaseConfirmPage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();

  // People confirm in the tab the email link opens; when they come back here, the shell re-reads
  // the session and, once it is confirmed, shows the page this URL is for.
  useEffect(() => {
    let last = 0;
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < RECHECK_AFTER_MS) return;
      last = Date.now();
      invalidateSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return (
    <AuthCard
      id="please-confirm"
      icon={<StatusIcon kind="mail" />}
      title={t('pleaseConfirm.title')}
      lead={
        <>
          <p>
            <Trans
              t={t}
              i18nKey="pleaseConfirm.text"
              values={{ email: session?.user.email ?? '' }}
              components={{ strong: <strong /> }}
            />
          </p>
          <p>{t('pleaseConfirm.spam')}</p>
        </>
      }
      footer={
        <p>
          {t('pleaseConfirm.wrongAddress')}{' '}
          <button type="button" className="auth-link-button" onClick={requestLogout}>
            {t('pleaseConfirm.logout')}
          </button>
        </p>
      }
    >
      <div className="auth-card__actions">
        <ResendConfirmationButton primary />
      </div>
    </AuthCard>
  );
}
