import { useTranslation } from 'react-i18next';
import type { Session } from '../session/session-types.ts';

/** The coloured bar an admin sees while acting as a user (docs/product/accounts.md#impersonation). */
export function ImpersonationBar({
  session,
  onStop,
  onLogout,
}: {
  session: Session;
  onStop: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('shell');
  const admin = session.admin?.displayName ?? null;
  return (
    <div className="impersonation-bar" role="region" aria-label={t('impersonation.label')}>
      <p>
        {admin
          ? t('impersonation.messageWithAdmin', { user: session.user.displayName, admin })
          : t('impersonation.message', { user: session.user.displayName })}
      </p>
      <div className="impersonation-bar__actions">
        <button type="button" className="button button--small button--on-warning" onClick={onStop}>
          {t('impersonation.stop')}
        </button>
        <button type="button" className="button button--small button--ghost-dark" onClick={onLogout}>
          {t('impersonation.logout')}
        </button>
      </div>
    </div>
  );
}
