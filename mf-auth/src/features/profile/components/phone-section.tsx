import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useMessage } from '../../../hooks/use-message.ts';
import { fieldMessage } from '../../../lib/messages.ts';
import type { Profile } from '../api/profile.ts';
import { useProfileForm } from '../hooks/use-profile-form.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { SectionFooter } from './section-footer.tsx';

type Values = { phoneNumber: string };

/**
 * The phone number. Without one it is the missing phone number prompt (docs/product/web-app.md#dialogs), at the top of the
 * page; it keeps its place after saving so nothing jumps.
 */
export function PhoneSection({
  profile,
  onSaved,
  prompt,
}: {
  profile: Profile;
  onSaved: (p: Profile) => void;
  prompt: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const form = useProfileForm<Values>({
    form: 'profile.phone',
    profile,
    fromProfile: (p) => ({ phoneNumber: p.phoneNumber ?? '' }),
    toUpdate: (v) => ({ phoneNumber: v.phoneNumber.trim() }),
    validate: (v) => (v.phoneNumber.trim() ? {} : { phoneNumber: { code: 'required' } }),
    onSaved,
    savedMessage: () => t('profile.phone.saved'),
  });
  const issue = form.errors.phoneNumber;
  const missing = prompt && !profile.phoneNumber;

  return (
    <ProfileSection
      id="profile-phone"
      variant={missing ? 'prompt' : undefined}
      title={missing ? t('profile.phone.promptTitle') : t('profile.phone.title')}
      description={<p>{missing ? t('profile.phone.promptText') : t('profile.phone.description')}</p>}
    >
      {form.formError && (
        // Whatever went wrong, the phone number has its own message (docs/product/errors.md#problem-responses).
        <FormAlert alertRef={form.alertRef}>{t('profile.phone.saveFailed')}</FormAlert>
      )}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <TextField
          id="profile-phone-number"
          label={t('profile.phone.label')}
          hint={t('profile.phone.hint')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          className="profile-field--medium"
          value={form.values.phoneNumber}
          onChange={(value) => form.set('phoneNumber', value)}
          error={issue ? message(fieldMessage('profile.phone', 'phoneNumber', issue)) : undefined}
          inputRef={form.register('phoneNumber')}
        />
        <SectionFooter
          sending={form.sending}
          saved={form.status === 'sent'}
          label={missing ? t('profile.phone.promptSave') : undefined}
        />
      </form>
    </ProfileSection>
  );
}
