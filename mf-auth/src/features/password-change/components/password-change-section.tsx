import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { Alert } from '@frilo/ui/alert';
import { PasswordField } from '@frilo/ui/form/password-field';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { useForm } from '@frilo/ui/form/use-form';
import { useMessage } from '@frilo/ui/form/use-message';
import { codeMessage, fieldMessage } from '../../../lib/messages.ts';
import { notify, track } from '@frilo/openapi/shell-contract';
import { withoutEmpty } from '@frilo/ui/form/issues';
import { checkConfirmation, checkNewPassword } from '../../../lib/validation.ts';
import { changePassword } from '../api/change-password.ts';

type Values = { currentPassword: string; password: string; passwordConfirmation: string };
const EMPTY: Values = { currentPassword: '', password: '', passwordConfirmation: '' };

/** A new password (the current one first); the user's other sessions end, this one stays. */
export function PasswordChangeSection({ impersonating }: { impersonating: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const form = useForm<Values, unknown>({
    form: 'passwordChange',
    initial: EMPTY,
    validate: (v) =>
      withoutEmpty({
        currentPassword: v.currentPassword ? undefined : { code: 'required' },
        password: checkNewPassword(v.password),
        passwordConfirmation: checkConfirmation(v.password, v.passwordConfirmation),
      }),
    send: (v) => changePassword(v.currentPassword, v.password, v.passwordConfirmation),
    onSent: () => {
      track('password_changed');
      form.reset(EMPTY);
      notify('success', t('passwordChange.saved'));
    },
  });
  const field = (name: keyof Values) => {
    const issue = form.errors[name];
    return {
      value: form.values[name],
      onChange: (value: string) => form.set(name, value),
      error: issue ? message(fieldMessage('passwordChange', name, issue)) : undefined,
      inputRef: form.register(name),
    };
  };

  return (
    <ProfileSection
      id="profile-password"
      title={t('passwordChange.title')}
      description={<p>{t('passwordChange.description')}</p>}
    >
      {impersonating ? (
        <p className="profile-muted">{t('profile.notWhileImpersonating')}</p>
      ) : (
        <>
          {form.status === 'sent' && (
            <Alert kind="success">
              <p>{t('passwordChange.done')}</p>
            </Alert>
          )}
          {form.failure && (
            <Alert alertRef={form.alertRef}>{message(codeMessage('passwordChange', form.failure.code))}</Alert>
          )}
          <form onSubmit={(event) => void form.submit(event)} noValidate>
            <PasswordField
              id="password-change-current"
              label={t('passwordChange.currentPassword')}
              autoComplete="current-password"
              {...field('currentPassword')}
            />
            <PasswordField
              id="password-change-new"
              label={t('passwordChange.password')}
              hint={t('passwordChange.passwordHint', { limit: 8 })}
              autoComplete="new-password"
              {...field('password')}
            />
            <PasswordField
              id="password-change-confirmation"
              label={t('passwordChange.passwordConfirmation')}
              autoComplete="new-password"
              {...field('passwordConfirmation')}
            />
            <div className="profile-form__footer">
              <SubmitButton sending={form.sending}>
                {form.sending ? t('passwordChange.sending') : t('passwordChange.submit')}
              </SubmitButton>
            </div>
          </form>
        </>
      )}
    </ProfileSection>
  );
}
