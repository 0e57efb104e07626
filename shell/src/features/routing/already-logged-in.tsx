import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

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
    <section className="card card--narrow message-card" role="status">
      <h1>{t('alreadyLoggedIn.title')}</h1>
      <p>{t('alreadyLoggedIn.text')}</p>
      <Link to={to} replace className="button button--primary">
        {t('alreadyLoggedIn.continue')}
      </Link>
    </section>
  );
}
