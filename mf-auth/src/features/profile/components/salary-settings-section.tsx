import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '../../../app/shell-context.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { RadioGroupField } from '../../../components/radio-group-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { Issues } from '../../../hooks/use-form.ts';
import { useMessage } from '../../../hooks/use-message.ts';
import { fieldMessage } from '../../../lib/messages.ts';
import type { Profile } from '../api/profile.ts';
import { useProfileForm } from '../hooks/use-profile-form.ts';
import {
  formatRate,
  INCOME_TAX_BOUNDS,
  parseRate,
  PENSION_BOUNDS,
  RECOMMENDED_PENSION,
  TYPICAL_TAX,
} from '../rates.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { SectionFooter } from './section-footer.tsx';

type Payout = Profile['payoutPreference'];
type Values = { incomeTaxRate: string; pensionRate: string; payoutPreference: Payout };

/** Income tax, pension (with the guidance of docs/product/accounts.md#profile-and-salary-settings) and when the salary is paid out. */
export function SalarySettingsSection({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const message = useMessage();
  const rate = (value: number) => formatRate(value, locale);
  const form = useProfileForm<Values>({
    form: 'profile.salary',
    profile,
    fromProfile: (p) => ({
      incomeTaxRate: rate(p.incomeTaxRate),
      pensionRate: rate(p.pensionRate),
      payoutPreference: p.payoutPreference,
    }),
    toUpdate: (v) => {
      const tax = parseRate(v.incomeTaxRate, INCOME_TAX_BOUNDS);
      const pension = parseRate(v.pensionRate, PENSION_BOUNDS);
      return {
        ...(tax.ok ? { incomeTaxRate: tax.value } : {}),
        ...(pension.ok ? { pensionRate: pension.value } : {}),
        payoutPreference: v.payoutPreference,
      };
    },
    validate: (v) => {
      const found: Issues<Values> = {};
      const tax = parseRate(v.incomeTaxRate, INCOME_TAX_BOUNDS);
      const pension = parseRate(v.pensionRate, PENSION_BOUNDS);
      if (!tax.ok) found.incomeTaxRate = tax.issue;
      if (!pension.ok) found.pensionRate = pension.issue;
      return found;
    },
    onSaved,
    savedMessage: () => t('profile.salary.saved'),
  });
  const error = (name: keyof Values) => {
    const issue = form.errors[name];
    return issue ? message(fieldMessage('profile.salary', name, issue)) : undefined;
  };

  return (
    <ProfileSection
      id="profile-salary"
      title={t('profile.salary.title')}
      description={<p>{t('profile.salary.description')}</p>}
    >
      {form.formError && <FormAlert alertRef={form.alertRef}>{message(form.formError)}</FormAlert>}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <TextField
          id="profile-income-tax"
          label={t('profile.salary.incomeTaxRate')}
          hint={t('profile.salary.incomeTaxHint', { from: rate(TYPICAL_TAX.from), to: rate(TYPICAL_TAX.to) })}
          inputMode="decimal"
          autoComplete="off"
          suffix="%"
          className="profile-field--rate"
          value={form.values.incomeTaxRate}
          onChange={(value) => form.set('incomeTaxRate', value)}
          error={error('incomeTaxRate')}
          inputRef={form.register('incomeTaxRate')}
        />
        <TextField
          id="profile-pension"
          label={t('profile.salary.pensionRate')}
          hint={t('profile.salary.pensionHint', { recommended: rate(RECOMMENDED_PENSION) })}
          inputMode="decimal"
          autoComplete="off"
          suffix="%"
          className="profile-field--rate"
          value={form.values.pensionRate}
          onChange={(value) => form.set('pensionRate', value)}
          error={error('pensionRate')}
          inputRef={form.register('pensionRate')}
        />
        <RadioGroupField<Payout>
          name="profile-payout"
          legend={t('profile.salary.payoutPreference')}
          value={form.values.payoutPreference}
          onChange={(value) => form.set('payoutPreference', value)}
          error={error('payoutPreference')}
          inputRef={form.register('payoutPreference')}
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
        <SectionFooter sending={form.sending} saved={form.status === 'sent'} />
      </form>
    </ProfileSection>
  );
}
