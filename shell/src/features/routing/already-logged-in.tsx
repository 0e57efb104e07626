import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
import { MessageCard } from '@frilo/ui/message-card';

export const ALREADY_LOGGED_IN_DELAY_MS = 1500;

/** /login or /sign-up while logged in: say so, then continue to the dashboard (docs/product/web-app.md#routes). */
export function AlreadyLoggedIn({ to }: { to: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(to, { replace: true }), ALREADY_LOGGED_IN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, to]);
  return (
    <MessageCard
      role="status"
      className={cardClass({ narrow: true })}
      title={t('alreadyLoggedIn.title')}
      actions={
        <Link to={to} replace className={buttonClass({ variant: 'primary' })}>
          {t('alreadyLoggedIn.continue')}
        </Link>
      }
    >
      <p>{t('alreadyLoggedIn.text')}</p>
    </MessageCard>
  );
}
