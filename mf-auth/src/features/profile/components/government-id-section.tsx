import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useMessage } from '../../../hooks/use-message.ts';
import { fieldMessage } from '../../../lib/messages.ts';
import { checkRequired, issues } from '../../../lib/validation.ts';
import type { Profile } from '../api/profile.ts';
import { formatGovernmentId } from '../government-id.ts';
import { useProfileForm } from '../hooks/use-profile-form.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { SectionFooter } from './section-footer.tsx';

type Values = { governmentId: string };

export const GOVERNMENT_ID_INPUT = 'profile-government-id';

/**
 * The personnummer. The BFF checks format, date and check digit and says which failed
 * (`personal_identity_number_invalid` with `params.reason`); each has its own message.
 */
export function GovernmentIdSection({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const form = useProfileForm<Values>({
    form: 'profile.governmentId',
    profile,
    fromProfile: (p) => ({ governmentId: formatGovernmentId(p.governmentId) }),
    toUpdate: (v) => ({ governmentId: v.governmentId.trim() }),
    validate: (v) => issues({ governmentId: checkRequired(v.governmentId) }),
    onSaved,
    savedMessage: () => t('profile.governmentId.saved'),
  });
  const issue = form.errors.governmentId;

  return (
    <ProfileSection
      id="profile-government"
      title={t('profile.governmentId.title')}
      description={<p>{t('profile.governmentId.description')}</p>}
    >
      {form.formError && <FormAlert alertRef={form.alertRef}>{message(form.formError)}</FormAlert>}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <TextField
          id={GOVERNMENT_ID_INPUT}
          label={t('profile.governmentId.label')}
          hint={t('profile.governmentId.hint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          className="profile-field--medium"
          value={form.values.governmentId}
          onChange={(value) => form.set('governmentId', value)}
          error={issue ? message(fieldMessage('profile.governmentId', 'governmentId', issue)) : undefined}
          inputRef={form.register('governmentId')}
        />
        <SectionFooter sending={form.sending} saved={form.status === 'sent'} />
      </form>
    </ProfileSection>
  );
}
