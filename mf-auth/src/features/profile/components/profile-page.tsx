import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { LoadingIndicator } from '@frilo/ui/loading';
import { EmailChangeSection } from '../../email-change/components/email-change-section.tsx';
import { PasswordChangeSection } from '../../password-change/components/password-change-section.tsx';
import { useProfile } from '../hooks/use-profile.ts';
import { AddressSection } from './address-section.tsx';
import { GovernmentIdSection } from './government-id-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { MissingGovernmentIdNotice } from './missing-government-id-notice.tsx';
import { PersonalDetailsSection } from './personal-details-section.tsx';
import { PhoneSection } from './phone-section.tsx';
import { SalarySettingsSection } from './salary-settings-section.tsx';
import { Button } from '@frilo/ui/button';
import { MessageCard } from '@frilo/ui/message-card';
import { PageHeader } from '@frilo/ui/page-header';

/** /dashboard/profile: every detail of the account, one card and one save per subject. */
export function ProfilePage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  const { state, replace, reload } = useProfile();
  // Decided once per visit, so the prompt does not jump away the moment a number is saved.
  const [phonePrompt, setPhonePrompt] = useState<boolean | null>(null);
  if (state.status === 'ready' && phonePrompt === null) setPhonePrompt(!state.profile.phoneNumber);

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
  const phone = <PhoneSection profile={profile} onSaved={replace} prompt={phonePrompt === true} />;
  return (
    <div className="profile">
      {header}
      {(phonePrompt || !profile.governmentId) && (
        <div className="profile-notices">
          {phonePrompt && phone}
          {!profile.governmentId && <MissingGovernmentIdNotice />}
        </div>
      )}
      <div className="profile-sections">
        <PersonalDetailsSection profile={profile} onSaved={replace} />
        {!phonePrompt && phone}
        <AddressSection profile={profile} onSaved={replace} />
        <GovernmentIdSection profile={profile} onSaved={replace} />
        <SalarySettingsSection profile={profile} onSaved={replace} />
        <LanguageSection profile={profile} onSaved={replace} />
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
