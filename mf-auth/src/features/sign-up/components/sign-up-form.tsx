import { Trans, useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { CheckboxField } from '@frilo/ui/form/checkbox-field';
import { Alert } from '@frilo/ui/alert';
import { PasswordField } from '@frilo/ui/form/password-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { useMessage } from '@frilo/ui/form/use-message';
import { codeMessage, fieldMessage } from '../../../lib/messages.ts';
import type { Locale } from '@frilo/openapi/shell-contract';
import { signUp } from '../api/sign-up.ts';
import { validateSignUp, type SignUpValues } from '../sign-up-validation.ts';

export function SignUpForm({ locale, onSent }: { locale: Locale; onSent: (email: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const form = useForm<SignUpValues, { email: string }>({
    form: 'signUp',
    initial: { firstName: '', lastName: '', email: '', password: '', passwordConfirmation: '', acceptTerms: false },
    validate: validateSignUp,
    // The account gets the language the person signed up in (emails included).
    send: (values) =>
      signUp({
        ...values,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        preferredLocale: locale,
      }),
    onSent: (data) => onSent(data.email),
  });
  const error = (field: keyof SignUpValues) => {
    const issue = form.errors[field];
    return issue ? message(fieldMessage('signUp', field, issue)) : undefined;
  };
  const text = (field: 'firstName' | 'lastName' | 'email') => ({
    value: form.values[field],
    onChange: (value: string) => form.set(field, value),
    error: error(field),
    inputRef: form.register(field),
  });

  return (
    <>
      {form.failure && <Alert alertRef={form.alertRef}>{message(codeMessage('signUp', form.failure.code))}</Alert>}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <div className="auth-row">
          <TextField
            id="sign-up-first-name"
            label={t('signUp.firstName')}
            autoComplete="given-name"
            {...text('firstName')}
          />
          <TextField
            id="sign-up-last-name"
            label={t('signUp.lastName')}
            autoComplete="family-name"
            {...text('lastName')}
          />
        </div>
        <TextField
          id="sign-up-email"
          label={t('signUp.email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="off"
          {...text('email')}
        />
        <PasswordField
          id="sign-up-password"
          label={t('signUp.password')}
          hint={t('signUp.passwordHint', { limit: 8 })}
          autoComplete="new-password"
          value={form.values.password}
          onChange={(value) => form.set('password', value)}
          error={error('password')}
          inputRef={form.register('password')}
        />
        <PasswordField
          id="sign-up-password-confirmation"
          label={t('signUp.passwordConfirmation')}
          autoComplete="new-password"
          value={form.values.passwordConfirmation}
          onChange={(value) => form.set('passwordConfirmation', value)}
          error={error('passwordConfirmation')}
          inputRef={form.register('passwordConfirmation')}
        />
        <CheckboxField
          id="sign-up-terms"
          checked={form.values.acceptTerms}
          onChange={(checked) => form.set('acceptTerms', checked)}
          error={error('acceptTerms')}
          inputRef={form.register('acceptTerms')}
          label={
            <Trans
              t={t}
              i18nKey="signUp.acceptTerms"
              components={{ terms: <a href={t('signUp.termsUrl')} target="_blank" rel="noreferrer" /> }}
            />
          }
        />
        <SubmitButton sending={form.sending} block>
          {form.sending ? t('signUp.sending') : t('signUp.submit')}
        </SubmitButton>
      </form>
    </>
  );
}
