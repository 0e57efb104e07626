import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { useMessage } from '../../../hooks/use-message.ts';
import { fieldMessage } from '../../../lib/messages.ts';
import { invalidateSession, track } from '@frilo/openapi/shell-contract';
import { login } from '../api/login.ts';
import { validateLogin, type LoginValues } from '../login-validation.ts';

/** Screens that send people here may pass the address they just used, so it is already filled in. */
function emailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** /login (docs/product/accounts.md#sessions). */
export function LoginPage() {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const location = useLocation();
  const [params] = useSearchParams();
  const prefilled = emailFrom(location.state);
  const form = useForm<LoginValues, unknown>({
    form: 'login',
    initial: { email: prefilled, password: '' },
    validate: validateLogin,
    send: (values) => login(values.email, values.password),
    onSent: () => {
      track('login');
      // The shell re-reads the session, switches to the profile's language and opens the page.
      invalidateSession(params.get('redirect') ?? '/dashboard/home');
    },
  });
  const error = (field: keyof LoginValues) => {
    const issue = form.errors[field];
    return issue ? message(fieldMessage('login', field, issue)) : undefined;
  };

  return (
    <AuthCard
      id="login"
      title={t('login.title')}
      lead={<p>{t('login.lead')}</p>}
      footer={
        <p>
          {t('login.noAccount')} <Link to="/sign-up">{t('login.signUp')}</Link>
        </p>
      }
    >
      {form.formError && <FormAlert alertRef={form.alertRef}>{message(form.formError)}</FormAlert>}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <TextField
          id="login-email"
          label={t('login.email')}
          type="email"
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="off"
          value={form.values.email}
          onChange={(value) => form.set('email', value)}
          error={error('email')}
          inputRef={form.register('email')}
        />
        <PasswordField
          id="login-password"
          label={t('login.password')}
          autoComplete="current-password"
          value={form.values.password}
          onChange={(value) => form.set('password', value)}
          error={error('password')}
          inputRef={form.register('password')}
        />
        <p className="auth-card__aside">
          <Link to="/forgotten-password" state={form.values.email ? { email: form.values.email } : undefined}>
            {t('login.forgotten')}
          </Link>
        </p>
        <SubmitButton sending={form.sending || form.status === 'sent'} block>
          {form.sending || form.status === 'sent' ? t('login.sending') : t('login.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
