import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '../../../app/shell-context.ts';

/** /dashboard/profile: who is logged in; the editable profile arrives with the auth team's screens. */
export function ProfilePage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  const user = session?.user;
  return (
    <div>
      <header className="page-header">
        <div>
          <h1>{t('profile.title')}</h1>
          <p>{t('profile.lead')}</p>
        </div>
      </header>
      {user && (
        <section className="card profile-card" aria-labelledby="profile-account">
          <h2 id="profile-account">{t('profile.account')}</h2>
          <dl className="details">
            <div>
              <dt>{t('profile.name')}</dt>
              <dd>{user.displayName}</dd>
            </div>
            <div>
              <dt>{t('profile.email')}</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>{t('profile.language')}</dt>
              <dd>{t(`profile.languages.${user.preferredLocale}`)}</dd>
            </div>
          </dl>
        </section>
      )}
      <section className="coming-soon">
        <span className="badge">{t('comingSoon')}</span>
        <p>{t('profile.coming')}</p>
      </section>
    </div>
  );
}
