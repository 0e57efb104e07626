import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '../../../app/shell-context.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useMessage } from '../../../hooks/use-message.ts';
import { fieldMessage } from '../../../lib/messages.ts';
import { checkRequired, issues } from '../../../lib/validation.ts';
import type { Profile } from '../api/profile.ts';
import { countryOptions, HOME_COUNTRY } from '../countries.ts';
import { useProfileForm } from '../hooks/use-profile-form.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { SectionFooter } from './section-footer.tsx';

type Values = { streetName: string; postalCode: string; city: string; country: string };

/** Like the BFF's domain/postal-code.ts for Sweden: five digits, the first not 0, maybe a space. */
const SWEDISH_POSTAL_CODE = /^[1-9]\d{2} ?\d{2}$/;

/** The postal address; address details are required to continue (docs/product/accounts.md#profile-and-salary-settings). */
export function AddressSection({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const message = useMessage();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const form = useProfileForm<Values>({
    form: 'profile.address',
    profile,
    fromProfile: (p) => ({
      streetName: p.address?.streetName ?? '',
      postalCode: p.address?.postalCode ?? '',
      city: p.address?.city ?? '',
      country: p.address?.country ?? HOME_COUNTRY,
    }),
    toUpdate: (v) => ({
      address: {
        streetName: v.streetName.trim(),
        postalCode: v.postalCode.trim(),
        city: v.city.trim(),
        country: v.country,
      },
    }),
    validate: (v) =>
      issues({
        streetName: checkRequired(v.streetName),
        postalCode:
          checkRequired(v.postalCode) ??
          (v.country === HOME_COUNTRY && !SWEDISH_POSTAL_CODE.test(v.postalCode.trim())
            ? { code: 'postal_code_invalid' }
            : undefined),
        city: checkRequired(v.city),
        country: checkRequired(v.country),
      }),
    fieldOf: (path) => {
      const name = path.replace(/^address\./, '');
      return name === 'streetName' || name === 'postalCode' || name === 'city' || name === 'country' ? name : undefined;
    },
    onSaved,
    savedMessage: () => t('profile.address.saved'),
  });
  const error = (name: keyof Values) => {
    const issue = form.errors[name];
    return issue ? message(fieldMessage('profile.address', name, issue)) : undefined;
  };
  const text = (name: Exclude<keyof Values, 'country'>) => ({
    value: form.values[name],
    onChange: (value: string) => form.set(name, value),
    error: error(name),
    inputRef: form.register(name),
  });

  return (
    <ProfileSection
      id="profile-address"
      title={t('profile.address.title')}
      description={<p>{t('profile.address.description')}</p>}
    >
      {form.formError && <FormAlert alertRef={form.alertRef}>{message(form.formError)}</FormAlert>}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <TextField
          id="profile-street"
          label={t('profile.address.streetName')}
          autoComplete="street-address"
          {...text('streetName')}
        />
        <div className="auth-row auth-row--postal">
          <TextField
            id="profile-postal-code"
            label={t('profile.address.postalCode')}
            autoComplete="postal-code"
            {...text('postalCode')}
          />
          <TextField
            id="profile-city"
            label={t('profile.address.city')}
            autoComplete="address-level2"
            {...text('city')}
          />
        </div>
        <SelectField
          id="profile-country"
          label={t('profile.address.country')}
          autoComplete="country"
          value={form.values.country}
          onChange={(value) => form.set('country', value)}
          options={countries}
          error={error('country')}
          inputRef={form.register('country')}
        />
        <SectionFooter sending={form.sending} saved={form.status === 'sent'} />
      </form>
    </ProfileSection>
  );
}
