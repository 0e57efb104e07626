import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { SubmitButton } from '@frilo/ui/form/submit-button';

/** Save button of a section, with a quiet "Saved" once saved (the shell's notification announces it). */
export function SectionFooter({ sending, saved, label }: { sending: boolean; saved: boolean; label?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="profile-form__footer">
      <SubmitButton sending={sending}>{sending ? t('profile.saving') : (label ?? t('profile.save'))}</SubmitButton>
      {saved && (
        <span className="profile-saved" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.2">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t('profile.savedShort')}
        </span>
      )}
    </div>
  );
}
