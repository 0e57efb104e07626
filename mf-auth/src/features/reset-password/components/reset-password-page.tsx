import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '../../../app/shell-context.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { StatusIcon } from '../../../components/status-icon.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { useMessage } from '../../../hooks/use-message.ts';
import { fieldMessage } from '../../../lib/messages.ts';
import { invalidateSession } from '@frilo/openapi/shell-contract';
import { checkConfirmation, checkNewPassword, issues } from '../../../lib/validation.ts';
import { resetPassword } from '../api/reset-password.ts';

type Values = { password: string; passwordConfirmation: string };

const TOKEN_PROBLEMS = new Set(['token_invalid', 'token_used', 'token_expired']);

/** /reset-password/:token: a new password, then "log in with it" (every session has ended). */
export function ResetPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const { token = '' } = useParams();
  const { session } = useShell();
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const form = useForm<Values, { email: string }>({
    form: 'reset',
    initial: { password: '', passwordConfirmation: '' },
    validate: (values) =>
      issues({
        password: checkNewPassword(values.password),
        passwordConfirmation: checkConfirmation(values.password, values.passwordConfirmation),
      }),
    send: (values) => resetPassword(token, values.password, values.passwordConfirmation),
    fieldOf: (path) => (path === 'password' || path === 'passwordConfirmation' ? path : undefined),
    // A malformed token fails the contract's pattern on `token`: the same "link not valid" as an unknown one.
    codeOf: (_, problem) => (problem?.errors?.some((e) => e.field === 'body.token') ? 'token_invalid' : undefined),
    onSent: (data) => {
      setDoneFor(data.email);
      // The reset ended every session, this browser's included: let the shell notice.
      if (session) invalidateSession();
    },
  });

  if (doneFor !== null) {
    return (
      <AuthCard
        id="reset-done"
        icon={<StatusIcon kind="success" />}
        title={t('reset.done.title')}
        lead={<p>{t('reset.done.text')}</p>}
        focusTitle
      >
        <Link to="/login" state={{ email: doneFor }} className="button button--primary button--block">
          {t('reset.done.login')}
        </Link>
      </AuthCard>
    );
  }

  const badLink = form.failure !== null && TOKEN_PROBLEMS.has(form.failure);
  const error = (field: keyof Values) => {
    const issue = form.errors[field];
    return issue ? message(fieldMessage('reset', field, issue)) : undefined;
  };
  return (
    <AuthCard
      id="reset"
      title={t('reset.title')}
      lead={<p>{t('reset.lead')}</p>}
      footer={
        <p>
          <Link to="/login">{t('backToLogin')}</Link>
        </p>
      }
    >
      {form.formError && (
        <FormAlert alertRef={form.alertRef}>
          <p>{message(form.formError)}</p>
          {badLink && (
            <p>
              <Link to="/forgotten-password">{t('reset.newLink')}</Link>
            </p>
          )}
        </FormAlert>
      )}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <PasswordField
          id="reset-password"
          label={t('reset.password')}
          hint={t('reset.passwordHint', { limit: 8 })}
          autoComplete="new-password"
          value={form.values.password}
          onChange={(value) => form.set('password', value)}
          error={error('password')}
          inputRef={form.register('password')}
        />
        <PasswordField
          id="reset-password-confirmation"
          label={t('reset.passwordConfirmation')}
          autoComplete="new-password"
          value={form.values.passwordConfirmation}
          onChange={(value) => form.set('passwordConfirmation', value)}
          error={error('passwordConfirmation')}
          inputRef={form.register('passwordConfirmation')}
        />
        <SubmitButton sending={form.sending} block>
          {form.sending ? t('reset.sending') : t('reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
