import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Alert } from '@frilo/ui/alert';
import { RadioGroupField } from '@frilo/ui/form/radio-group-field';
import { useMessage } from '@frilo/ui/form/use-message';
import { codeMessage } from '../../../lib/messages.ts';
import { notify, setLocale, type Locale } from '@frilo/openapi/shell-contract';
import type { Profile } from '../api/profile.ts';
import { useProfileForm } from '../hooks/use-profile-form.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { SectionFooter } from './section-footer.tsx';

type Values = { preferredLocale: Locale };

/** The account's language: the app switches at once (through the shell), emails follow it too. */
export function LanguageSection({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const form = useProfileForm<Values>({
    form: 'profile.language',
    profile,
    fromProfile: (p) => ({ preferredLocale: p.preferredLocale }),
    toUpdate: (v) => ({ preferredLocale: v.preferredLocale }),
    onSaved: (saved) => {
      const locale = saved.preferredLocale;
      setLocale(locale);
      onSaved(saved);
      // Said in the language just chosen, once its texts are there (English is always loaded as
      // the fallback, Swedish maybe not yet).
      void i18next
        .loadLanguages(locale)
        .then(() => notify('success', i18next.getFixedT(locale, NAMESPACE)('profile.language.saved')));
    },
    savedMessage: () => null,
  });

  return (
    <ProfileSection
      id="profile-language"
      title={t('profile.language.title')}
      description={<p>{t('profile.language.description')}</p>}
    >
      {form.failure && (
        <Alert alertRef={form.alertRef}>{message(codeMessage('profile.language', form.failure.code))}</Alert>
      )}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <RadioGroupField<Locale>
          name="profile-locale"
          legend={t('profile.language.label')}
          legendHidden
          value={form.values.preferredLocale}
          onChange={(value) => form.set('preferredLocale', value)}
          inputRef={form.register('preferredLocale')}
          // Each language named in itself, so people find theirs whatever the page is in.
          options={[
            { value: 'sv', label: t('profile.language.names.sv'), lang: 'sv' },
            { value: 'en', label: t('profile.language.names.en'), lang: 'en' },
          ]}
        />
        <SectionFooter sending={form.sending} saved={form.status === 'sent'} />
      </form>
    </ProfileSection>
  );
}
