import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Alert } from '@frilo/ui/alert';
import { TextField } from '@frilo/ui/form/text-field';
import { useMessage } from '@frilo/ui/form/use-message';
import { codeMessage, fieldMessage } from '../../../lib/messages.ts';
import { checkRequired, withoutEmpty } from '@frilo/ui/form/issues';
import { checkEmail } from '../../../lib/validation.ts';
import type { Profile } from '../api/profile.ts';
import { useProfileForm } from '../hooks/use-profile-form.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { SectionFooter } from './section-footer.tsx';

type Values = { firstName: string; lastName: string; alternateEmail: string };

/** Name (shown in the header and on invoices) and an optional second email address. */
export function PersonalDetailsSection({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const form = useProfileForm<Values>({
    form: 'profile.personal',
    profile,
    fromProfile: (p) => ({
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
      alternateEmail: p.alternateEmail ?? '',
    }),
    toUpdate: (v) => ({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      alternateEmail: v.alternateEmail.trim() || null,
    }),
    validate: (v) =>
      withoutEmpty({
        firstName: checkRequired(v.firstName),
        lastName: checkRequired(v.lastName),
        alternateEmail: v.alternateEmail.trim() ? checkEmail(v.alternateEmail) : undefined,
      }),
    onSaved,
    savedMessage: () => t('profile.personal.saved'),
  });
  const field = (name: keyof Values) => {
    const issue = form.errors[name];
    return {
      value: form.values[name],
      onChange: (value: string) => form.set(name, value),
      error: issue ? message(fieldMessage('profile.personal', name, issue)) : undefined,
      inputRef: form.register(name),
    };
  };

  return (
    <ProfileSection
      id="profile-personal"
      title={t('profile.personal.title')}
      description={<p>{t('profile.personal.description')}</p>}
    >
      {form.failure && (
        <Alert alertRef={form.alertRef}>{message(codeMessage('profile.personal', form.failure.code))}</Alert>
      )}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <div className="auth-row">
          <TextField
            id="profile-first-name"
            label={t('profile.personal.firstName')}
            autoComplete="given-name"
            {...field('firstName')}
          />
          <TextField
            id="profile-last-name"
            label={t('profile.personal.lastName')}
            autoComplete="family-name"
            {...field('lastName')}
          />
        </div>
        <TextField
          id="profile-alternate-email"
          label={t('profile.personal.alternateEmail')}
          hint={t('profile.personal.alternateEmailHint')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="off"
          optional
          {...field('alternateEmail')}
        />
        <SectionFooter sending={form.sending} saved={form.status === 'sent'} />
      </form>
    </ProfileSection>
  );
}
