import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { Alert } from '@frilo/ui/alert';
import { TextField } from '@frilo/ui/form/text-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { CheckboxField } from '@frilo/ui/form/checkbox-field';
import { RadioGroupField } from '@frilo/ui/form/radio-group-field';
import { PercentageField } from '@frilo/ui/form/percentage-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { useForm } from '@frilo/ui/form/use-form';
import { useMessage } from '@frilo/ui/form/use-message';
import { useUnsavedChangesGuard } from '@frilo/ui/unsaved-changes';
import { countryOptions } from '@frilo/ui/countries';
import { invalidateSession, notify, setLocale, type Locale } from '@frilo/openapi/shell-contract';
import { codeMessage, fieldMessage } from '../../../lib/messages.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { updateProfile, type Profile } from '../api/profile.ts';
import { normaliseGovernmentId } from '../government-id.ts';
import { formatRate, INCOME_TAX_BOUNDS, PENSION_BOUNDS, RECOMMENDED_PENSION, TYPICAL_TAX } from '../rates.ts';
import {
  FIELD_ORDER,
  fieldOfPath,
  fromProfile,
  scopeOf,
  toUpdate,
  validateProfile,
  type Payout,
  type ReminderChoice,
  type ProfileValues,
} from '../state/profile-values.ts';

export const GOVERNMENT_ID_INPUT = 'profile-government-id';

/**
 * Every detail of the profile in one form with one Save: whatever was typed in any card is kept
 * until it is saved (one request, one transaction) or the user chooses to leave without it.
 */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale, session } = useShell();
  const message = useMessage();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const saved = useRef(fromProfile(profile, locale));
  // Decided once per visit, so the prompt does not jump away the moment a number is saved.
  const phonePrompt = useRef(!profile.phoneNumber);

  const form = useForm<ProfileValues, Profile>({
    initial: saved.current,
    order: FIELD_ORDER,
    validate: (v) => validateProfile(v, saved.current),
    send: (v) => updateProfile(toUpdate(v, saved.current)),
    fieldOf: (path) => fieldOfPath(path),
    messageOf: (name, issue) => fieldMessage(scopeOf(name), name, issue),
    onSent: (answer) => {
      const languageChanged = answer.preferredLocale !== saved.current.preferredLocale;
      const next = fromProfile(answer, languageChanged ? answer.preferredLocale : locale);
      saved.current = next;
      form.reset(next);
      onSaved(answer);
      invalidateSession();
      if (languageChanged) {
        setLocale(answer.preferredLocale);
        // Said in the language just chosen, once its texts are there.
        void i18next
          .loadLanguages(answer.preferredLocale)
          .then(() => notify('success', i18next.getFixedT(answer.preferredLocale, NAMESPACE)('profile.saved')));
      } else {
        notify('success', t('profile.saved'));
      }
    },
  });
  // The header's language switch saves the language to the profile (decision 0019): the form shows it too, unless
  // the user is in the middle of editing (a save then sends only what was typed; it follows once nothing is unsaved).
  const profileLocale = session?.user.preferredLocale;
  useEffect(() => {
    if (!profileLocale || profileLocale === saved.current.preferredLocale || form.dirty) return;
    saved.current = { ...saved.current, preferredLocale: profileLocale };
    form.reset(saved.current);
  }, [profileLocale, form]);
  // A link to one field (`/dashboard/profile#profile-government-id`, from the start checklist) lands on it.
  useEffect(() => {
    const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    if (target instanceof HTMLInputElement) {
      target.scrollIntoView({ block: 'center' });
      target.focus({ preventScroll: true });
    }
  }, []);
  const guard = useUnsavedChangesGuard({ dirty: form.dirty, save: () => form.submit() });
  const rate = (value: number) => formatRate(value, locale);
  const missingPhone = phonePrompt.current && !profile.phoneNumber;

  const phone = (
    <ProfileSection
      id="profile-phone"
      variant={missingPhone ? 'prompt' : undefined}
      title={missingPhone ? t('profile.phone.promptTitle') : t('profile.phone.title')}
      description={<p>{missingPhone ? t('profile.phone.promptText') : t('profile.phone.description')}</p>}
    >
      <TextField
        id="profile-phone-number"
        label={t('profile.phone.label')}
        hint={t('profile.phone.hint')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        className="profile-field--medium"
        optional={!profile.phoneNumber}
        {...form.bind('phoneNumber')}
      />
    </ProfileSection>
  );

  return (
    <>
      {guard.dialog}
      <form className="profile-form" onSubmit={(event) => void form.submit(event)} noValidate>
        {form.failure && <Alert alertRef={form.alertRef}>{message(codeMessage('profile', form.failure.code))}</Alert>}
        <div className="profile-sections">
          {phonePrompt.current && phone}
          <ProfileSection
            id="profile-personal"
            title={t('profile.personal.title')}
            description={<p>{t('profile.personal.description')}</p>}
          >
            <div className="auth-row">
              <TextField
                id="profile-first-name"
                label={t('profile.personal.firstName')}
                autoComplete="given-name"
                {...form.bind('firstName')}
              />
              <TextField
                id="profile-last-name"
                label={t('profile.personal.lastName')}
                autoComplete="family-name"
                {...form.bind('lastName')}
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
              {...form.bind('alternateEmail')}
            />
          </ProfileSection>
          {!phonePrompt.current && phone}
          <ProfileSection
            id="profile-address"
            title={t('profile.address.title')}
            description={<p>{t('profile.address.description')}</p>}
          >
            <TextField
              id="profile-street"
              label={t('profile.address.streetName')}
              autoComplete="street-address"
              {...form.bind('streetName')}
            />
            <div className="auth-row auth-row--postal">
              <TextField
                id="profile-postal-code"
                label={t('profile.address.postalCode')}
                autoComplete="postal-code"
                {...form.bind('postalCode')}
              />
              <TextField
                id="profile-city"
                label={t('profile.address.city')}
                autoComplete="address-level2"
                {...form.bind('city')}
              />
            </div>
            <SelectField
              id="profile-country"
              label={t('profile.address.country')}
              autoComplete="country"
              options={countries}
              {...form.bind('country')}
            />
          </ProfileSection>
          <ProfileSection
            id="profile-government"
            title={t('profile.governmentId.title')}
            description={<p>{t('profile.governmentId.description')}</p>}
          >
            <TextField
              id={GOVERNMENT_ID_INPUT}
              label={t('profile.governmentId.label')}
              hint={t('profile.governmentId.hint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              className="profile-field--medium"
              {...form.bind('governmentId')}
              onBlur={() => {
                const tidy = normaliseGovernmentId(form.values.governmentId);
                if (tidy !== form.values.governmentId) form.set('governmentId', tidy);
              }}
            />
          </ProfileSection>
          <ProfileSection
            id="profile-salary"
            title={t('profile.salary.title')}
            description={<p>{t('profile.salary.description')}</p>}
          >
            <PercentageField
              id="profile-income-tax"
              label={t('profile.salary.incomeTaxRate')}
              hint={t('profile.salary.incomeTaxHint', { from: rate(TYPICAL_TAX.from), to: rate(TYPICAL_TAX.to) })}
              {...INCOME_TAX_BOUNDS}
              className="profile-field--rate"
              {...form.bind('incomeTaxRate')}
            />
            <PercentageField
              id="profile-pension"
              label={t('profile.salary.pensionRate')}
              hint={t('profile.salary.pensionHint', { recommended: rate(RECOMMENDED_PENSION) })}
              {...PENSION_BOUNDS}
              className="profile-field--rate"
              {...form.bind('pensionRate')}
            />
            <RadioGroupField<Payout>
              name="profile-payout"
              legend={t('profile.salary.payoutPreference')}
              {...form.bind('payoutPreference')}
              options={[
                {
                  value: 'payout_monthly',
                  label: t('profile.salary.payoutMonthly'),
                  description: t('profile.salary.payoutMonthlyText'),
                },
                {
                  value: 'payout_immediate',
                  label: t('profile.salary.payoutImmediate'),
                  description: t('profile.salary.payoutImmediateText'),
                },
              ]}
            />
            <CheckboxField
              id="profile-save-vacation-pay"
              label={t('profile.salary.saveVacationPay')}
              description={t('profile.salary.saveVacationPayText')}
              checked={form.values.saveVacationPay}
              onChange={(checked) => form.set('saveVacationPay', checked)}
              inputRef={form.register('saveVacationPay')}
            />
          </ProfileSection>
          <ProfileSection
            id="profile-reminders"
            title={t('profile.reminders.title')}
            description={<p>{t('profile.reminders.description')}</p>}
          >
            <RadioGroupField<ReminderChoice>
              name="profile-reminders"
              legend={t('profile.reminders.interval')}
              {...form.bind('reminderInterval')}
              options={[
                { value: 'off', label: t('profile.reminders.off') },
                { value: '7', label: t('profile.reminders.after', { count: 7 }) },
                { value: '14', label: t('profile.reminders.after', { count: 14 }) },
              ]}
            />
            <CheckboxField
              id="profile-reminder-fee"
              label={t('profile.reminders.fee')}
              description={t('profile.reminders.feeText')}
              checked={form.values.reminderFee}
              onChange={(checked) => form.set('reminderFee', checked)}
              inputRef={form.register('reminderFee')}
            />
          </ProfileSection>
          <ProfileSection
            id="profile-language"
            title={t('profile.language.title')}
            description={<p>{t('profile.language.description')}</p>}
          >
            <RadioGroupField<Locale>
              name="profile-locale"
              legend={t('profile.language.label')}
              legendHidden
              {...form.bind('preferredLocale')}
              // Each language named in itself, so people find theirs whatever the page is in.
              options={[
                { value: 'sv', label: t('profile.language.names.sv'), lang: 'sv' },
                { value: 'en', label: t('profile.language.names.en'), lang: 'en' },
              ]}
            />
          </ProfileSection>
        </div>
        <div className="profile-savebar" role="group" aria-label={t('profile.saveBar')}>
          <SubmitButton sending={form.sending}>{form.sending ? t('profile.saving') : t('profile.save')}</SubmitButton>
          <span className="profile-savebar__state" role="status">
            {form.dirty ? t('profile.unsaved') : form.status === 'sent' ? t('profile.savedShort') : ''}
          </span>
        </div>
      </form>
    </>
  );
}
