import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { LoadingIndicator } from '@frilo/ui/loading';
import { EmailChangeSection } from '../../email-change/components/email-change-section.tsx';
import { PasswordChangeSection } from '../../password-change/components/password-change-section.tsx';
import { useProfile } from '../hooks/use-profile.ts';
import { MissingGovernmentIdNotice } from './missing-government-id-notice.tsx';
import { ProfileForm } from './profile-form.tsx';
import { Button } from '@frilo/ui/button';
import { MessageCard } from '@frilo/ui/message-card';
import { PageHeader } from '@frilo/ui/page-header';

/**
 * /dashboard/profile: the account's details in one form with one Save; the login email and the
 * password change on their own, as they ask for the password.
 */
export function ProfilePage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  const { state, replace, reload } = useProfile();

  const header = (
    <PageHeader>
      <h1>{t('profile.title')}</h1>
      <p>{t('profile.lead')}</p>
    </PageHeader>
  );

  if (state.status === 'loading') {
    return (
      <div className="profile">
        {header}
        <LoadingIndicator />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="profile">
        {header}
        <MessageCard
          role="alert"
          headingLevel={2}
          title={t('profile.loadFailed.title')}
          actions={
            <Button variant="primary" onClick={reload}>
              {t('profile.loadFailed.retry')}
            </Button>
          }
        >
          <p>{t('profile.loadFailed.text')}</p>
        </MessageCard>
      </div>
    );
  }

  const { profile } = state;
  const impersonating = session?.isImpersonating ?? false;
  return (
    <div className="profile">
      {header}
      {!profile.governmentId && (
        <div className="profile-notices">
          <MissingGovernmentIdNotice />
        </div>
      )}
      <ProfileForm profile={profile} onSaved={replace} />
      <div className="profile-sections profile-sections--account">
        <EmailChangeSection
          currentEmail={profile.email}
          pendingEmail={profile.pendingEmail}
          impersonating={impersonating}
        />
        <PasswordChangeSection impersonating={impersonating} />
      </div>
    </div>
  );
}
